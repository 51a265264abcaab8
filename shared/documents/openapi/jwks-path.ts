/**
 * The path item of GET /.well-known/jwks.json: the deployment's public signing keys as
 * a JSON Web Key Set, served by the service alone (shared/http/jwks.ts), with a document's
 * caching, ETag, HEAD and preflight but never compressed, in RFC 7517's own media type.
 */
import { KEY_SET } from "../document-list.ts";
import { REQUEST_ID_PARAMETER, responseRef } from "./paths.ts";

const BASE64URL_32 = { type: "string", pattern: "^[A-Za-z0-9_-]{43}$" };

/** One key of the set: exactly the public members, never a private part. */
const PUBLIC_JWK = {
  type: "object",
  required: ["kty", "crv", "x", "kid", "alg", "use"],
  additionalProperties: false,
  properties: {
    kty: { const: "OKP" },
    crv: { const: "Ed25519" },
    x: { ...BASE64URL_32, description: "The 32-byte Ed25519 public key, base64url." },
    kid: {
      ...BASE64URL_32,
      description:
        "The key's RFC 7638 JWK thumbprint (SHA-256, base64url): the kid in the header of a seal or a signature.",
    },
    alg: { const: "EdDSA" },
    use: { const: "sig" },
  },
};

/** GET of the key set (its HEAD and preflight: the documents tag, DOCUMENT_METHODS_TEXT). */
export const jwksPathItem = () => ({
  parameters: [{ $ref: "#/components/parameters/IfNoneMatch" }, REQUEST_ID_PARAMETER],
  get: {
    operationId: "getJwks",
    summary: KEY_SET.title,
    description: `${KEY_SET.summary} Served by the service from its signing key (no file of the static site holds it), as application/jwk-set+json (RFC 7517 §8.5), never compressed.`,
    tags: ["documents"],
    security: [],
    responses: {
      "200": {
        description: "The key set.",
        headers: {
          ETag: { $ref: "#/components/headers/ETag" },
          "Cache-Control": { $ref: "#/components/headers/CacheControl" },
        },
        content: {
          "application/jwk-set+json": {
            schema: {
              type: "object",
              required: ["keys"],
              additionalProperties: false,
              properties: { keys: { type: "array", items: PUBLIC_JWK } },
            },
          },
        },
      },
      "304": responseRef("NotModified"),
      "500": responseRef("InternalError"),
    },
  },
});
