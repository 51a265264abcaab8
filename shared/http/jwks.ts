/**
 * GET /.well-known/jwks.json (D27): the deployment's public signing keys as a JSON Web Key Set
 * (RFC 7517 §5), what anyone checks a signed receipt with, offline, with a standard JOSE library
 * (a job's seal is the service's own MAC, which only the service checks: validate's seal_valid).
 * Served as a document (documents.ts, with the routes of every document: GET and HEAD,
 * Cache-Control, a strong ETag and 304, CORS open, D17, D18) but not one of the catalog's: its
 * body comes from the host's key, not from the documents' builders, so the static site never
 * holds it. With SEALS=off (no Signer) it is an
 * empty set, `{"keys":[]}`, still 200, so the link every document gives always resolves and a
 * JOSE client reports "no matching key" rather than a failed fetch.
 *
 * Its type is RFC 7517 §8.5's `application/jwk-set+json`; jose's remote key set takes any type
 * (it asks for `application/json, application/jwk-set+json`). It is never compressed: a few
 * hundred bytes, and Cloudflare's edge leaves this type alone, so every runtime sends it alike.
 */

import { type Document, documentOf } from "../documents/built-documents.ts";
import { KEY_SET } from "../documents/document-list.ts";
import type { PublicJwk, Sealing, UnusableSealing } from "../seal/signer.ts";
import type { DocumentSource } from "./documents.ts";

/** The media type of a JWK Set (RFC 7517 §8.5). */
const JWKS_TYPE = "application/jwk-set+json";

/** The key set of `sealing` as a value: its public keys, current first, each with exactly the public members. */
const keySet = (sealing: Sealing | UnusableSealing | undefined): { keys: PublicJwk[] } => ({
  // Rebuilt member by member, so nothing but these (never a private `d`) can reach the body.
  keys: (sealing?.signer?.keys ?? []).map(({ kty, crv, x, kid, alg, use }) => ({ kty, crv, x, kid, alg, use })),
});

/** The key set of `sealing` as a document to serve at /.well-known/jwks.json, never compressed. */
export const keySetDocument = (sealing: Sealing | UnusableSealing | undefined): DocumentSource => ({
  paths: [KEY_SET.path],
  build: (): Document => documentOf(JWKS_TYPE, `${JSON.stringify(keySet(sealing), null, 2)}\n`),
  compressible: false,
});
