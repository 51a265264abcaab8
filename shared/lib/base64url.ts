/**
 * base64url without padding (RFC 4648 §5) of bytes, as JWS writes its parts; the share-link
 * tokens' text versions (shared/client-state/tokens.ts) wrap these. The runtime's own encoder
 * (`Uint8Array.prototype.toBase64`, in Bun and recent engines) when there is one: it is about
 * ten times faster than going through btoa, and a sealed answer encodes three or four parts.
 * Otherwise btoa and atob, which every runtime the service runs on has.
 */

type NativeBase64 = { toBase64?: (options: { alphabet: "base64url"; omitPadding: boolean }) => string };
const NATIVE = typeof (Uint8Array.prototype as NativeBase64).toBase64 === "function";
const OPTIONS = { alphabet: "base64url", omitPadding: true } as const;

/** base64url of `bytes`, no padding. */
export const bytesToBase64Url = (bytes: Uint8Array): string =>
  NATIVE ? (bytes as NativeBase64).toBase64!(OPTIONS) : viaBtoa(bytes);

/** base64url of `bytes` through btoa: where the runtime has no encoder of its own (Node 20). */
export function viaBtoa(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]!);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** The bytes of a base64url string (padding not allowed), or null when it is not one. */
export function base64UrlToBytes(text: string): Uint8Array | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  try {
    return Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}
