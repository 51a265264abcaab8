/**
 * The payload of a receipt's signature (D27): the receipt without `signature`, as JSON (UTF-8),
 * members in the order given, base64url. The service signs the same text (jws.ts, with the
 * same textToBase64Url); the receipt links rebuild it here to put a detached signature's payload back
 * (client-state/signed-members.ts). A job's seal has no such payload: it is the service's MAC
 * over the job's JSON text, which only the service checks (issue 31).
 */
import { textToBase64Url } from "../lib/base64url.ts";

/** The payload part a detached signature leaves out: base64url of `content` (the receipt without its signature) as JSON. */
export const signaturePayload = (content: object): string => textToBase64Url(JSON.stringify(content));
