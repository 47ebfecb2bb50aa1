// Base64 without node:buffer, so the core runs in browsers and workers. Decoding is as lenient as
// Node's Buffer.from(text, "base64"): both alphabets (RFC 4648 §4 and §5), padding optional, stray
// characters skipped; partwise only decodes base64 to compare or sniff bytes, never to reject input.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The 6-bit value of each character code, -1 for a character that is not base64. */
const SEXTETS = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let index = 0; index < ALPHABET.length; index++) table[ALPHABET.charCodeAt(index)] = index;
  table["-".charCodeAt(0)] = 62;
  table["_".charCodeAt(0)] = 63;
  return table;
})();

/** The bytes of base64 text; decoding stops at the first `=`. */
export function base64ToBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4) + 3);
  let length = 0;
  let accumulator = 0;
  let bits = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 61) break;
    const sextet = code < 128 ? (SEXTETS[code] as number) : -1;
    if (sextet < 0) continue;
    accumulator = ((accumulator << 6) | sextet) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[length++] = (accumulator >> bits) & 0xff;
    }
  }
  return bytes.subarray(0, length);
}

/** Standard padded base64 (RFC 4648 §4) of bytes. */
export function bytesToBase64(bytes: Uint8Array): string {
  let text = "";
  let index = 0;
  for (; index + 2 < bytes.length; index += 3) {
    const triple = ((bytes[index] as number) << 16) | ((bytes[index + 1] as number) << 8) | (bytes[index + 2] as number);
    text += ALPHABET[triple >> 18]! + ALPHABET[(triple >> 12) & 63]! + ALPHABET[(triple >> 6) & 63]! + ALPHABET[triple & 63]!;
  }
  const rest = bytes.length - index;
  if (rest === 1) {
    const single = bytes[index] as number;
    text += `${ALPHABET[single >> 2]!}${ALPHABET[(single & 3) << 4]!}==`;
  } else if (rest === 2) {
    const pair = ((bytes[index] as number) << 8) | (bytes[index + 1] as number);
    text += `${ALPHABET[pair >> 10]!}${ALPHABET[(pair >> 4) & 63]!}${ALPHABET[(pair & 15) << 2]!}=`;
  }
  return text;
}

const utf8Encoder = new TextEncoder();

/** Standard base64 of the UTF-8 bytes of a string. */
export function textToBase64(text: string): string {
  return bytesToBase64(utf8Encoder.encode(text));
}
