/**
 * The payload of a receipt's signature (D27): the receipt without `signature`, as JSON (UTF-8),
 * members in the order given, base64url. The service signs that text (seal.ts writes the JSON
 * itself); the receipt links rebuild it here to put a detached signature's payload back
 * (client-state/signed-members.ts). A job's seal has no such payload: it is the service's MAC
 * over the job's JSON text, which only the service checks (issue 31).
 */
import { bytesToBase64Url } from "../lib/base64url.ts";

const encoder = new TextEncoder();

/** The payload part a detached signature leaves out: base64url of `content` (the receipt without its signature) as JSON. */
export const signaturePayload = (content: object): string => bytesToBase64Url(encoder.encode(JSON.stringify(content)));
