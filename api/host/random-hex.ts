/**
 * Live randomness for job ids and request ids (D22): lowercase hex from the platform's CSPRNG
 * (Web Crypto only, so it runs on every runtime), fresh bytes for each call.
 */

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** `length` random lowercase hex characters (at most 131,072: Web Crypto's 65,536 bytes a call). */
export function cryptoRandomHex(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array((length + 1) >> 1));
  let hex = "";
  for (const byte of bytes) hex += HEX[byte];
  return hex.length === length ? hex : hex.slice(0, length);
}
