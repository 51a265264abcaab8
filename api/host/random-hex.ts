/**
 * Live randomness for job ids and request ids (D22): lowercase hex from the platform's CSPRNG
 * (Web Crypto only, so it runs on every runtime), fresh bytes for each call. The bytes are
 * read by index: Bun's iterator over a Uint8Array took 0.27 µs a request id against 0.09 (a loop
 * of 200,000 ids, 15 interleaved rounds, 2026-12-08).
 */

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** `length` random lowercase hex characters (at most 131,072: Web Crypto's 65,536 bytes a call). */
export function cryptoRandomHex(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array((length + 1) >> 1));
  let hex = "";
  for (let i = 0; i < bytes.length; i++) hex += HEX[bytes[i]!];
  return hex.length === length ? hex : hex.slice(0, length);
}
