// Byte-array helpers in place of Buffer's (concat, equals, hex and latin1 strings), so the code that
// handles provider bytes runs in every JavaScript runtime.

/** The arrays joined into one. */
export function concatBytes(arrays: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(arrays.reduce((total, array) => total + array.length, 0));
  let offset = 0;
  for (const array of arrays) {
    joined.set(array, offset);
    offset += array.length;
  }
  return joined;
}

/** True when both arrays hold the same bytes. */
export function bytesEqual(left: Uint8Array, right: Uint8Array): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}

/** Lowercase hexadecimal of bytes. */
export function bytesToHex(bytes: Uint8Array): string {
  let hex = "";
  for (let index = 0; index < bytes.length; index++) hex += (bytes[index] as number).toString(16).padStart(2, "0");
  return hex;
}

/** The bytes as Latin-1 text (one character per byte), for comparing magic numbers. */
export function bytesToLatin1(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}
