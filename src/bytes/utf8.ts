// UTF-8 facts about strings and bytes that node:buffer used to give (Buffer.byteLength, isAscii), in
// plain JavaScript so the stream framing runs in browsers and workers.

/** The number of bytes the UTF-8 encoding of `text[start, end)` has (a lone surrogate counts as U+FFFD, 3 bytes). */
export function utf8ByteLength(text: string, start = 0, end = text.length): number {
  let length = end - start;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    if (code < 0x800) length += 1;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < end && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: 2 UTF-16 units, 4 bytes.
      length += 2;
      index++;
    } else length += 2;
  }
  return length;
}

/** True when every byte is below 0x80. */
export function isAsciiBytes(bytes: Uint8Array): boolean {
  for (let index = 0; index < bytes.length; index++) if ((bytes[index] as number) >= 0x80) return false;
  return true;
}
