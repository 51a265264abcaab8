/**
 * base64url without padding (RFC 4648 §5) of bytes, as JWS writes its parts; the share-link
 * tokens' text versions (shared/client-state/tokens.ts) wrap these. The runtime's own codec
 * (`Uint8Array.prototype.toBase64`, `Uint8Array.fromBase64`: Bun and recent engines) when there
 * is one, several times faster than btoa and atob, which every runtime has and which serve
 * otherwise (Node 20): a receipt's signature carries the whole receipt.
 */
import { utf8View } from "./utf8.ts";

type NativeBase64 = {
  toBase64?: (options?: { alphabet: "base64url"; omitPadding: boolean }) => string;
};
const NATIVE = typeof (Uint8Array.prototype as NativeBase64).toBase64 === "function";
type NativeFromBase64 = { fromBase64?: (text: string, options: { alphabet: "base64url" }) => Uint8Array };
const FROM_BASE64 = (Uint8Array as NativeFromBase64).fromBase64;
const DECODE_OPTIONS = { alphabet: "base64url" } as const;
const OPTIONS = { alphabet: "base64url", omitPadding: true } as const;

/** base64url of the UTF-8 of `text`, no padding: a JWS part of JSON text, a share-link token. */
export const textToBase64Url = (text: string): string => bytesToBase64Url(utf8View(text));

/** base64url of `bytes`, no padding. */
export const bytesToBase64Url = (bytes: Uint8Array): string =>
  NATIVE ? (bytes as NativeBase64).toBase64!(OPTIONS) : viaBtoa(bytes);

/** Standard base64 (RFC 4648 §4, padded) of `bytes`: x402's headers (shared/x402/header-codec.ts). */
export const bytesToBase64 = (bytes: Uint8Array): string =>
  NATIVE ? (bytes as NativeBase64).toBase64!() : btoa(binaryOf(bytes));

/** base64url of `bytes` through btoa: where the runtime has no encoder of its own (Node 20). */
export const viaBtoa = (bytes: Uint8Array): string =>
  btoa(binaryOf(bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

/** `bytes` as a binary string (one character a byte), as btoa takes it. */
function binaryOf(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]!);
  return binary;
}

/** The bytes of a binary string (one byte a character), as atob gives it. */
export function binaryToBytes(binary: string): Uint8Array {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** The bits the last character of a text of length % 4 = 2 or 3 carries that encode no byte. */
const SPARE_BITS = [0, 0, 0b1111, 0b11] as const;

/**
 * The bytes of a base64url string, or null when it is not one: no padding, and only the one
 * canonical spelling of its bytes (RFC 4648 §3.5: the bits of the last character that encode no
 * byte are zero), so one value has one text and a token cannot be respelled.
 */
export function base64UrlToBytes(text: string): Uint8Array | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const spare = SPARE_BITS[text.length % 4]!;
  if (spare !== 0 && (ALPHABET.indexOf(text.at(-1)!) & spare) !== 0) return null;
  try {
    if (FROM_BASE64) return FROM_BASE64(text, DECODE_OPTIONS);
    return binaryToBytes(atob(text.replaceAll("-", "+").replaceAll("_", "/")));
  } catch {
    return null;
  }
}
