/**
 * SHA-256 of a UTF-8 string, synchronous and dependency-free, so that the engine stays a
 * pure function that runs the same in Bun, Node, browsers and Workers (WebCrypto's digest
 * is async), over the block function of sha256-blocks.ts. Inputs are small (keys and create
 * fields), so a plain implementation is fast.
 * The document ETags hash every document on its first request, before the JIT has compiled
 * this code, so a host with a native synchronous SHA-256 may
 * install it ({@link installSha256}); the digests are the same, checked on install.
 */

import { blocks, pad, SHA256_INITIAL } from "./sha256-blocks.ts";

const encoder = new TextEncoder();
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
  const message = new Uint8Array((((data.length + 8) >> 6) + 1) << 6);
  message.set(data);
  const h = SHA256_INITIAL.slice();
  blocks(h, message, 0, pad(message, data.length, data.length * 8));
  let hex = "";
  for (const word of h) hex += (word >>> 0).toString(16).padStart(8, "0");
  return hex;
}
