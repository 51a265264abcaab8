/**
 * The x402 HTTP headers' encoding (transports-v2/http.md "Header Summary"): standard base64 (RFC
 * 4648 §4, padded) of the UTF-8 of a JSON object, as `@x402/core` 2.27.0 writes and reads them
 * (`safeBase64Encode`, `Base64EncodedRegex`). A PAYMENT-SIGNATURE that is not that reads as
 * null, and the route answers a catalog error, never a 5xx.
 */
import { binaryToBytes, bytesToBase64 } from "../lib/base64url.ts";
import { isObject, type JsonObject } from "../lib/json.ts";
import { utf8View } from "../lib/utf8.ts";

/** The request header a payment comes in, and the two response headers of a 402 and of a settlement. */
export const PAYMENT_SIGNATURE = "PAYMENT-SIGNATURE";
export const PAYMENT_REQUIRED = "PAYMENT-REQUIRED";
export const PAYMENT_RESPONSE = "PAYMENT-RESPONSE";

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder("utf-8", { fatal: true });
const NON_ASCII = /[\x80-\xff]/;

/** Standard base64 of the UTF-8 of `value` as JSON text. */
export const encodeHeader = (value: unknown): string => bytesToBase64(utf8View(JSON.stringify(value)));

/** The JSON object a header's standard base64 carries, or null when it is not base64 of UTF-8 JSON of an object. */
export function decodeHeader(text: string): JsonObject | null {
  const trimmed = text.trim();
  if (trimmed === "" || !BASE64.test(trimmed)) return null;
  try {
    const binary = atob(trimmed);
    // ASCII (what the stock client sends) is its own UTF-8: no decoding to do.
    const value: unknown = JSON.parse(NON_ASCII.test(binary) ? utf8.decode(binaryToBytes(binary)) : binary);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}
