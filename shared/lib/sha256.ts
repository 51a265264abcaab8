/**
 * SHA-256 of a UTF-8 string, synchronous and dependency-free, so that the engine stays a
 * pure function that runs the same in Bun, Node, browsers and Workers (WebCrypto's digest
 * is async). Inputs are small (keys and create fields), so a plain implementation is fast.
 * The document ETags hash every document on its first request, before the JIT has compiled
 * this code, so a host with a native synchronous SHA-256 may
 * install it ({@link installSha256}); the digests are the same, checked on install.
 */

/** SHA-256's round constants (FIPS 180-4 4.2.2), shared with hmac-sha256.ts. */
export const SHA256_K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const K = SHA256_K;
const encoder = new TextEncoder();
const w = new Uint32Array(64);
let implementation: (text: string) => string = pureSha256Hex;

/** Lowercase hex SHA-256 digest of the UTF-8 encoding of `text`. */
export const sha256Hex = (text: string): string => implementation(text);

/** Inputs whose digests a native implementation must reproduce before it is used. */
const PROBES = ["", "abc", "a".repeat(119), "héllo 🙂\n", "\ud800 lone surrogate", "x".repeat(1000)];

/**
 * Installs a host's native SHA-256 (lowercase hex of the UTF-8 of a string), such as Bun's
 * `Bun.SHA256.hash(text, "hex")`, if it agrees with this module on a few probes. Returns
 * whether it was installed.
 */
export function installSha256(native: (text: string) => string): boolean {
  const agrees = PROBES.every((probe) => native(probe) === pureSha256Hex(probe));
  if (agrees) implementation = native;
  return agrees;
}

/** The dependency-free implementation. */
export function pureSha256Hex(text: string): string {
  const data = encoder.encode(text);
  const bitLength = data.length * 8;
  const blocks = Math.ceil((data.length + 9) / 64);
  const bytes = new Uint8Array(blocks * 64);
  bytes.set(data);
  bytes[data.length] = 0x80;
  const view = new DataView(bytes.buffer);
  view.setUint32(bytes.length - 8, Math.floor(bitLength / 0x1_0000_0000));
  view.setUint32(bytes.length - 4, bitLength >>> 0);

  let h0 = 0x6a09e667,
    h1 = 0xbb67ae85,
    h2 = 0x3c6ef372,
    h3 = 0xa54ff53a;
  let h4 = 0x510e527f,
    h5 = 0x9b05688c,
    h6 = 0x1f83d9ab,
    h7 = 0x5be0cd19;

  for (let offset = 0; offset < bytes.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!,
        b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let a = h0,
      b = h1,
      c = h2,
      d = h3,
      e = h4,
      f = h5,
      g = h6,
      h = h7;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (h + S1 + ch + K[i]! + w[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + h) | 0;
  }
  let hex = "";
  for (const word of [h0, h1, h2, h3, h4, h5, h6, h7]) hex += (word >>> 0).toString(16).padStart(8, "0");
  return hex;
}
