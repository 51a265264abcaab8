/**
 * Live randomness for job ids and request ids (D22): lowercase hex from the platform's CSPRNG
 * (Web Crypto only, so it runs on every runtime). Random bytes are drawn 4 KiB at a time and
 * each is used once: a request id costs a few table lookups, not a call into the CSPRNG.
 */

const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let next = POOL_BYTES;
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** `length` random lowercase hex characters. */
export function cryptoRandomHex(length: number): string {
  const count = (length + 1) >> 1;
  if (count > POOL_BYTES) return cryptoRandomHex(POOL_BYTES * 2) + cryptoRandomHex(length - POOL_BYTES * 2);
  if (next + count > POOL_BYTES) {
    crypto.getRandomValues(pool);
    next = 0;
  }
  let hex = "";
  for (let i = 0; i < count; i++) hex += HEX[pool[next++]!];
  return hex.length === length ? hex : hex.slice(0, length);
}
