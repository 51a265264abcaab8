/** Live randomness for job ids: lowercase hex from the platform's CSPRNG. */

/** `length` random lowercase hex characters. */
export function randomHex(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil(length / 2)));
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex.slice(0, length);
}
