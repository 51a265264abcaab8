/**
 * The bytes a seal or a signature covers (D27), stated once for the service that signs them
 * (seal.ts), the client that checks a job's seal (client/verify.ts) and the receipt links that
 * rebuild a detached signature's payload (client-state/signed-members.ts).
 */
import { bytesToBase64Url } from "../lib/base64url.ts";

const encoder = new TextEncoder();

/**
 * The bytes a seal or a signature covers (D27): `content` as JSON (UTF-8), members in the order
 * given. For a job's seal, the job in response form without its seal; for a receipt's
 * signature, the receipt without its signature. The service signs and checks these bytes
 * (seal.ts); verifyJob and the receipt links rebuild them from here.
 */
export const signedBytes = (content: object): Uint8Array => encoder.encode(JSON.stringify(content));

/** The payload part a detached seal or signature leaves out: base64url of `content`'s signed bytes. */
export const sealedPayload = (view: object): string => bytesToBase64Url(signedBytes(view));
