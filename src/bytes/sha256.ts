// SHA-256 (FIPS 180-4) computed synchronously in plain JavaScript: crypto.subtle only offers an
// asynchronous digest, and deriving a provider's tool-call ids happens inside synchronous encoders.

/** The first 32 bits of the fractional parts of the cube roots of the first 64 primes (FIPS 180-4 §4.2.2). */
const ROUND_CONSTANTS = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** The initial hash value (FIPS 180-4 §5.3.3), as the Int32 words HASH is set to. */
const INITIAL_HASH = Int32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

/**
 * The working state, made once and reused by every digest (the function is synchronous and re-entered by
 * nobody): a Mistral request derives an id per tool call, and making typed arrays and a DataView for each
 * of them cost more than the rounds. Int32 words, so the sums stay small integers rather than doubles.
 */
const HASH = new Int32Array(8);
const SCHEDULE = new Int32Array(64);
const ROUND = Int32Array.from(ROUND_CONSTANTS);

function rotateRight(value: number, bits: number): number {
  return (value >>> bits) | (value << (32 - bits));
}

/**
 * The message's last block or two, padded (§5.1.1): its bytes after the last whole block, a 1 bit, zeros,
 * then its length in bits as a 64-bit big-endian number. Made once, like the state; returns where in the
 * message the padded tail starts.
 */
const TAIL = new Uint8Array(128);
function padTail(message: Uint8Array, length: number, paddedLength: number): number {
  const start = length - (length % 64);
  const tailLength = paddedLength - start;
  TAIL.fill(0, 0, tailLength);
  for (let index = start; index < length; index++) TAIL[index - start] = message[index] as number;
  TAIL[length - start] = 0x80;
  // The length in bits: a typed array holds under 2^32 bytes, so its high word is below 8.
  const bits = (length * 8) >>> 0;
  TAIL[tailLength - 5] = length >>> 29;
  TAIL[tailLength - 4] = bits >>> 24;
  TAIL[tailLength - 3] = bits >>> 16;
  TAIL[tailLength - 2] = bits >>> 8;
  TAIL[tailLength - 1] = bits;
  return start;
}

/** The 32-byte SHA-256 digest of the bytes. */
export function sha256(message: Uint8Array): Uint8Array {
  const hash = sha256Words(message, message.length);
  const digest = new Uint8Array(32);
  for (let word = 0; word < 8; word++) {
    const value = hash[word] as number;
    digest[word * 4] = value >>> 24;
    digest[word * 4 + 1] = value >>> 16;
    digest[word * 4 + 2] = value >>> 8;
    digest[word * 4 + 3] = value;
  }
  return digest;
}

/** Adds one block to HASH (§6.2.2): its sixteen message words are in SCHEDULE[0..15]. */
function compressBlock(): void {
  const hash = HASH;
  const schedule = SCHEDULE;
  for (let round = 16; round < 64; round++) {
    const early = schedule[round - 15] as number;
    const late = schedule[round - 2] as number;
    const sigma0 = rotateRight(early, 7) ^ rotateRight(early, 18) ^ (early >>> 3);
    const sigma1 = rotateRight(late, 17) ^ rotateRight(late, 19) ^ (late >>> 10);
    schedule[round] = ((schedule[round - 16] as number) + sigma0 + (schedule[round - 7] as number) + sigma1) | 0;
  }
  let a = hash[0] as number;
  let b = hash[1] as number;
  let c = hash[2] as number;
  let d = hash[3] as number;
  let e = hash[4] as number;
  let f = hash[5] as number;
  let g = hash[6] as number;
  let h = hash[7] as number;
  // Eight rounds a pass, each naming the working variables one place further on rather than moving all
  // eight along (one round's h is the next one's g): a Mistral request hashes an id per tool call. Each
  // round is T1 = h + Σ1(e) + Ch(e, f, g) + K + W, d += T1, h = T1 + Σ0(a) + Maj(a, b, c), spelled out:
  // as calls, sixteen a pass outran TurboFan's inlining budget and a digest took twice as long.
  for (let round = 0; round < 64; round += 8) {
    h = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + (ROUND[round] as number) + (schedule[round] as number)) | 0;
    d = (d + h) | 0;
    h = (h + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    g = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + (ROUND[round + 1] as number) + (schedule[round + 1] as number)) | 0;
    c = (c + g) | 0;
    g = (g + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    f = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + (ROUND[round + 2] as number) + (schedule[round + 2] as number)) | 0;
    b = (b + f) | 0;
    f = (f + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    e = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + (ROUND[round + 3] as number) + (schedule[round + 3] as number)) | 0;
    a = (a + e) | 0;
    e = (e + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    d = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + (ROUND[round + 4] as number) + (schedule[round + 4] as number)) | 0;
    h = (h + d) | 0;
    d = (d + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    c = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + (ROUND[round + 5] as number) + (schedule[round + 5] as number)) | 0;
    g = (g + c) | 0;
    c = (c + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    b = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + (ROUND[round + 6] as number) + (schedule[round + 6] as number)) | 0;
    f = (f + b) | 0;
    b = (b + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    a = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + (ROUND[round + 7] as number) + (schedule[round + 7] as number)) | 0;
    e = (e + a) | 0;
    a = (a + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
  }
  hash[0] = ((hash[0] as number) + a) | 0;
  hash[1] = ((hash[1] as number) + b) | 0;
  hash[2] = ((hash[2] as number) + c) | 0;
  hash[3] = ((hash[3] as number) + d) | 0;
  hash[4] = ((hash[4] as number) + e) | 0;
  hash[5] = ((hash[5] as number) + f) | 0;
  hash[6] = ((hash[6] as number) + g) | 0;
  hash[7] = ((hash[7] as number) + h) | 0;
}

/**
 * The SHA-256 of the first `length` bytes of `message` as its eight 32-bit words (big-endian, so byte `i`
 * of the digest is `words[i >> 2] >>> (24 - 8 * (i & 3))`), in a list the next digest overwrites: for a
 * caller that reads a few bytes of many digests (Mistral's tool-call ids) and makes no arrays for them.
 */
export function sha256Words(message: Uint8Array, length: number): Int32Array {
  const paddedLength = Math.ceil((length + 9) / 64) * 64;
  const schedule = SCHEDULE;
  HASH.set(INITIAL_HASH);
  const tailStart = padTail(message, length, paddedLength);
  for (let block = 0; block < paddedLength; block += 64) {
    // Whole blocks straight from the message; the last block or two from the padded tail.
    const source = block < tailStart ? message : TAIL;
    const offset = block < tailStart ? block : block - tailStart;
    for (let word = 0; word < 16; word++) {
      const at = offset + word * 4;
      schedule[word] = ((source[at] as number) << 24) | ((source[at + 1] as number) << 16) | ((source[at + 2] as number) << 8) | (source[at + 3] as number);
    }
    compressBlock();
  }
  return HASH;
}

/**
 * sha256Words of a string's UTF-8 when every character is ASCII (its bytes are then its char codes, read
 * straight into the message words: no bytes written, no padded copy); undefined when one is not. Tool-call
 * ids are ASCII, and writing their bytes cost a Mistral request a third as much as the rounds.
 */
export function sha256AsciiWords(text: string): Int32Array | undefined {
  const length = text.length;
  const paddedLength = Math.ceil((length + 9) / 64) * 64;
  const schedule = SCHEDULE;
  HASH.set(INITIAL_HASH);
  for (let block = 0; block < paddedLength; block += 64) {
    schedule.fill(0, 0, 16);
    const end = Math.min(length, block + 64);
    // A block starts at a multiple of 64, so a character's place in its word is that of its index.
    for (let index = block; index < end; index++) {
      const code = text.charCodeAt(index);
      if (code >= 0x80) return undefined;
      const word = (index - block) >> 2;
      schedule[word] = (schedule[word] as number) | (code << (24 - 8 * (index & 3)));
    }
    // The 1 bit after the message, and its length in bits in the last block's last two words (§5.1.1).
    if (length >= block && length < block + 64) {
      const word = (length - block) >> 2;
      schedule[word] = (schedule[word] as number) | (0x80 << (24 - 8 * (length & 3)));
    }
    if (block + 64 === paddedLength) {
      schedule[14] = length >>> 29;
      schedule[15] = length * 8;
    }
    compressBlock();
  }
  return HASH;
}
