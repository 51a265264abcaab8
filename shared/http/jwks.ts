/**
 * GET /.well-known/jwks.json (D27): the deployment's public signing keys as a JSON Web Key Set
 * (RFC 7517 §5), what anyone checks a signed receipt with, offline, with a standard JOSE library
 * (a job's seal is the service's own MAC, which only the service checks: validate's seal_valid).
 * Served like a document, with the documents' own headers and ETag (D17, D18: GET and HEAD,
 * Cache-Control, a strong ETag and 304, CORS open) but not one of them: its body comes from the
 * host's key, not from the documents' builders, so the static site never holds it. With SEALS=off (no Signer) it is an
 * empty set, `{"keys":[]}`, still 200, so the link every document gives always resolves and a
 * JOSE client reports "no matching key" rather than a failed fetch.
 *
 * Its type is RFC 7517 §8.5's `application/jwk-set+json`; jose's remote key set takes any type
 * (it asks for `application/json, application/jwk-set+json`). It is never compressed: a few
 * hundred bytes, and Cloudflare's edge leaves this type alone, so every runtime sends it alike.
 */

import { documentOf } from "../documents/built-documents.ts";
import { KEY_SET } from "../documents/document-list.ts";
import type { PublicJwk, Sealing, UnusableSealing } from "../seal/signer.ts";
import { DOCUMENT_METHODS, preflight } from "./cors.ts";
import { ifNoneMatches, type Representation, representation } from "./documents.ts";
import { notAllowed } from "./responses.ts";

/** The path of the key set. */
export const JWKS_PATH = KEY_SET.path;

/** The media type of a JWK Set (RFC 7517 §8.5). */
const JWKS_TYPE = "application/jwk-set+json";

/** The key set of `sealing` as a value: its public keys, current first, each with exactly the public members. */
export const keySet = (sealing: Sealing | UnusableSealing | undefined): { keys: PublicJwk[] } => ({
  // Rebuilt member by member, so nothing but these (never a private `d`) can reach the body.
  keys: (sealing?.signer?.keys ?? []).map(({ kty, crv, x, kid, alg, use }) => ({ kty, crv, x, kid, alg, use })),
});

/**
 * The answer of /.well-known/jwks.json for `sealing`: GET and HEAD (304 on a matching
 * If-None-Match), OPTIONS (the documents' preflight), any other method 405. Built on the
 * first request, once.
 */
export function jwksEndpoint(
  sealing: Sealing | UnusableSealing | undefined,
): (request: Request, id: string) => Response {
  let made: Representation | undefined;
  const make = () => {
    const doc = documentOf(JWKS_TYPE, `${JSON.stringify(keySet(sealing), null, 2)}\n`);
    return representation(doc, new TextEncoder().encode(doc.body), false);
  };
  return (request, id) => {
    const method = request.method;
    if (method === "GET" || method === "HEAD") {
      made ??= make();
      const ifNoneMatch = request.headers.get("if-none-match");
      if (ifNoneMatch !== null && ifNoneMatches(ifNoneMatch, made.etag))
        return new Response(null, { status: 304, headers: made.notModified });
      return new Response(made.body, { status: 200, headers: made.headers });
    }
    return method === "OPTIONS" ? preflight(DOCUMENT_METHODS) : notAllowed(DOCUMENT_METHODS, id);
  };
}
