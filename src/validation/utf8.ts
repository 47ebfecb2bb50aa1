// Strict UTF-8 decoding that says where the first invalid byte is, for located errors on hostile input.

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The offset of the first byte that is not part of a well-formed UTF-8 sequence, or -1. */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  for (let index = 0; index < bytes.length; ) {
    const byte = bytes[index] as number;
    if (byte < 0x80) {
      index++;
      continue;
    }
    let length: number;
    let minimum: number;
    if (byte >= 0xc2 && byte <= 0xdf) [length, minimum] = [2, 0x80];
    else if (byte >= 0xe0 && byte <= 0xef) [length, minimum] = [3, 0x800];
    else if (byte >= 0xf0 && byte <= 0xf4) [length, minimum] = [4, 0x10000];
    else return index;
    if (index + length > bytes.length) return index;
    let codePoint = byte & (0xff >> (length + 1));
    for (let offset = 1; offset < length; offset++) {
      const continuation = bytes[index + offset] as number;
      if ((continuation & 0xc0) !== 0x80) return index;
      codePoint = (codePoint << 6) | (continuation & 0x3f);
    }
    if (codePoint < minimum || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return index;
    index += length;
  }
  return -1;
}

/** Decodes UTF-8, or returns the offset of the first invalid byte. */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { invalidAt: number } {
  try {
    return { text: decoder.decode(bytes) };
  } catch {
    return { invalidAt: Math.max(0, firstInvalidUtf8Byte(bytes)) };
  }
}
