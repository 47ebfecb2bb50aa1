// CRC-32 (ISO-HDLC, the polynomial of zlib and of the AWS event-stream checksums) from a 256-entry
// table, in place of node:zlib's crc32 so the Bedrock framing runs outside Node.
// https://docs.aws.amazon.com/transcribe/latest/dg/event-stream.html

const REVERSED_POLYNOMIAL = 0xedb88320;

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let value = byte;
    for (let bit = 0; bit < 8; bit++) value = value & 1 ? (value >>> 1) ^ REVERSED_POLYNOMIAL : value >>> 1;
    table[byte] = value;
  }
  return table;
})();

/** The CRC-32 of the bytes, as an unsigned 32-bit number. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let index = 0; index < bytes.length; index++) crc = (TABLE[(crc ^ (bytes[index] as number)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
