/**
 * JWS compact serialization (RFC 7515) with EdDSA (RFC 8037), signed and checked by the host's
 * signer: `base64url(header).base64url(payload).base64url(signature)`, the header
 * `{"alg":"EdDSA","kid":…}`. A detached token (RFC 7515 Appendix F) leaves the payload part
 * empty; whoever checks it brings the payload. Written here rather than with jose because the
 * engine is synchronous and jose's signing is not; jose verifies what this writes (tested).
 */
import { base64UrlToBytes, bytesToBase64Url } from "../lib/base64url.ts";
import { isObject } from "../lib/json.ts";
import { LIMITS } from "../protocol/constants.ts";
import type { Signer } from "./signer.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/** The protected header of every token this service signs, encoded once per key. */
const HEADERS = new Map<string, string>();
function headerOf(kid: string): string {
  let header = HEADERS.get(kid);
  if (header === undefined) {
    header = bytesToBase64Url(encoder.encode(JSON.stringify({ alg: "EdDSA", kid })));
    HEADERS.set(kid, header);
  }
  return header;
}

/** A compact JWS of `payload` by the signer's current key; `detached` leaves the payload out of the token. */
export function signJws(signer: Signer, payload: Uint8Array, detached: boolean): string {
  const header = headerOf(signer.kid);
  const body = bytesToBase64Url(payload);
  const signature = signer.sign(encoder.encode(`${header}.${body}`));
  return `${header}.${detached ? "" : body}.${bytesToBase64Url(signature)}`;
}

/** The kid of a protected header this service could have written, or undefined. */
function kidOf(header: string): string | undefined {
  const bytes = base64UrlToBytes(header);
  if (!bytes) return undefined;
  try {
    const parsed: unknown = JSON.parse(decoder.decode(bytes));
    if (!isObject(parsed) || parsed.alg !== "EdDSA" || typeof parsed.kid !== "string") return undefined;
    if (Object.keys(parsed).some((name) => name !== "alg" && name !== "kid")) return undefined;
    return parsed.kid;
  } catch {
    return undefined;
  }
}

/**
 * The payload of `token` when its signature holds for a key of the signer: the detached payload
 * given (the token's own payload part must then be empty), or the token's own. null otherwise,
 * for anything that is not such a token.
 */
export function verifyJws(signer: Signer, token: unknown, detached?: Uint8Array): Uint8Array | null {
  // A token sent back travels in a body, so it is never longer; a receipt's signature grows
  // with the receipt (a long criteria), so no tighter bound holds.
  if (typeof token !== "string" || token.length > LIMITS.bodyBytesMax) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts as [string, string, string];
  const kid = kidOf(header);
  const sig = base64UrlToBytes(signature);
  if (kid === undefined || sig === null || sig.length !== 64) return null;
  if (detached !== undefined && body !== "") return null;
  const payload = detached ?? base64UrlToBytes(body);
  if (payload === null) return null;
  const input = detached ? `${header}.${bytesToBase64Url(detached)}` : `${header}.${body}`;
  return signer.verify(kid, encoder.encode(input), sig) ? payload : null;
}
