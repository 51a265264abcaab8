/**
 * The x402 HTTP headers' encoding (transports-v2/http.md "Header Summary"): standard base64 (RFC
 * 4648 §4, padded) of the UTF-8 of a JSON object, as `@x402/core` 2.27.0 writes and reads them
 * (`safeBase64Encode`, `Base64EncodedRegex`). A PAYMENT-SIGNATURE that is not that reads as
 * null, and the route answers a catalog error, never a 5xx.
 */
import { isObject, type JsonObject } from "../lib/json.ts";
import { utf8View } from "../lib/utf8.ts";

/** The request header a payment comes in, and the two response headers of a 402 and of a settlement. */
export const PAYMENT_SIGNATURE = "PAYMENT-SIGNATURE";
export const PAYMENT_REQUIRED = "PAYMENT-REQUIRED";
export const PAYMENT_RESPONSE = "PAYMENT-RESPONSE";

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder("utf-8", { fatal: true });
const NON_ASCII = /[\x80-\xff]/;

/** The bytes of a binary string (one byte a character, as atob gives it). */
function bytesOf(binary: string): Uint8Array {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

type NativeBase64 = { toBase64?: () => string };
/** The runtime's own encoder (`Uint8Array.prototype.toBase64`: Bun and recent engines), several times btoa's speed. */
const NATIVE = typeof (Uint8Array.prototype as NativeBase64).toBase64 === "function";

/** Standard base64 of the UTF-8 of `value` as JSON text. */
export function encodeHeader(value: unknown): string {
  const bytes = utf8View(JSON.stringify(value));
  if (NATIVE) return (bytes as NativeBase64).toBase64!();
  let binary = "";
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]!);
  return btoa(binary);
}

/** The JSON object a header's standard base64 carries, or null when it is not base64 of UTF-8 JSON of an object. */
export function decodeHeader(text: string): JsonObject | null {
  const trimmed = text.trim();
  if (trimmed === "" || !BASE64.test(trimmed)) return null;
  try {
    const binary = atob(trimmed);
    // ASCII (what the stock client sends) is its own UTF-8: no decoding to do.
    const value: unknown = JSON.parse(NON_ASCII.test(binary) ? utf8.decode(bytesOf(binary)) : binary);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}
