/**
 * base64url without padding (RFC 4648 §5), of bytes and of text, as JWS writes its parts. btoa
 * and atob are on every runtime the service runs on and in browsers.
 */

/** base64url of `bytes`, no padding. */
export function bytesToBase64Url(bytes: Uint8Array): string {
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
