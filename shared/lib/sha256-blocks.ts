/**
 * SHA-256's block function (FIPS 180-4 6.2.2) over bytes, for the two hashes written here:
 * sha256.ts (a string's digest, synchronous, on every runtime) and hmac-sha256.ts (a MAC whose
 * key and prefix are absorbed once). A state is eight signed 32-bit words: V8 and JSC keep them
 * as small integers, where uint32 values above 2^31 would become doubles.
 */

/** SHA-256's round constants (FIPS 180-4 4.2.2). */
const SHA256_K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const K = new Int32Array(SHA256_K.buffer);
const w = new Int32Array(64);

/** SHA-256's initial state (FIPS 180-4 5.3.3); copy it (`slice`) before absorbing into it. */
export const SHA256_INITIAL: Readonly<Int32Array> = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** Absorbs the 64-byte blocks of `bytes` from `offset` to `end` into `h`. */
export function blocks(h: Int32Array, bytes: Uint8Array, offset: number, end: number): void {
  for (; offset < end; offset += 64) {
    for (let i = 0; i < 16; i++) {
      const at = offset + i * 4;
      w[i] = (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
    }
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!,
        b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let a = h[0]!,
      b = h[1]!,
      c = h[2]!,
      d = h[3]!,
      e = h[4]!,
      f = h[5]!,
      g = h[6]!,
      hh = h[7]!;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (hh + S1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] = (h[0]! + a) | 0;
    h[1] = (h[1]! + b) | 0;
    h[2] = (h[2]! + c) | 0;
    h[3] = (h[3]! + d) | 0;
    h[4] = (h[4]! + e) | 0;
    h[5] = (h[5]! + f) | 0;
    h[6] = (h[6]! + g) | 0;
    h[7] = (h[7]! + hh) | 0;
  }
}

/** Pads the message `bytes[0, length)` in place (FIPS 180-4 5.1.1) for `bitLength` bits in all; returns the padded length. */
export function pad(bytes: Uint8Array, length: number, bitLength: number): number {
  const padded = (((length + 8) >> 6) + 1) << 6;
  bytes.fill(0, length, padded);
  bytes[length] = 0x80;
  const high = Math.floor(bitLength / 0x1_0000_0000);
  for (let i = 0; i < 4; i++) {
    bytes[padded - 8 + i] = (high >>> (24 - 8 * i)) & 0xff;
    bytes[padded - 4 + i] = (bitLength >>> (24 - 8 * i)) & 0xff;
  }
  return padded;
}

/** Writes `h` big-endian into `out` from `offset`. */
export function write(h: Int32Array, out: Uint8Array, offset: number): void {
  for (let i = 0; i < 8; i++) {
    const word = h[i]!;
    out[offset + i * 4] = word >>> 24;
    out[offset + i * 4 + 1] = (word >>> 16) & 0xff;
    out[offset + i * 4 + 2] = (word >>> 8) & 0xff;
    out[offset + i * 4 + 3] = word & 0xff;
  }
}
