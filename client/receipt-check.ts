/**
 * The offline check of a signed receipt (D27) against the service's JWKS (the object GET
 * /.well-known/jwks.json answers; no network here), with jose over WebCrypto, so it runs in
 * browsers, Bun, Node, Deno and Workers alike. Anyone can check a receipt: its signature is
 * Ed25519 under a published key. A job's seal is the service's own MAC, a secret, so only the
 * service can check it: that is an online call (seal-check.ts), not here.
 */
import { compactVerify, createLocalJWKSet, errors, type JSONWebKeySet, type JWK } from "jose";
import { COMPACT_JWS, isOlderHeader, protectedHeader } from "../shared/client-state/signed-members.ts";
import { base64UrlToBytes } from "../shared/lib/base64url.ts";
import { sameJson } from "../shared/lib/json.ts";
import { RECEIPT_TYP } from "../shared/protocol/integrity-members.ts";

/** A JWKS as GET /.well-known/jwks.json answers it (the parsed JSON, or the signer's keys). */
export interface Jwks {
  readonly keys: readonly JWK[];
}

/** Why a receipt's signature does not hold. */
export type VerifyFailure =
  /** The receipt carries no signature: the service did not vouch for it. */
  | "missing"
  /** Signed by an older version of the service (EdDSA, no `typ`), which signed whether or not it had sealed the job. */
  | "older"
  /** Its kid names no key of the JWKS (another service, or a key retired from it). */
  | "unknown_key"
  /** Not a receipt signature of this form (its header's `typ` and `alg`), or it does not hold for the key. */
  | "bad_signature"
  /** The signature holds, but its payload is not the receipt's other members. */
  | "payload_differs"
  /** This runtime's WebCrypto cannot check Ed25519. */
  | "unsupported";

/** The outcome: `ok` with the kid of the key that signed, or why not, in words a person can read. */
export type Verification = { ok: true; kid: string } | { ok: false; reason: VerifyFailure; message: string };

const decoder = new TextDecoder();
const OPTIONS = { algorithms: ["EdDSA"] };

const fail = (reason: VerifyFailure, message: string): Verification => ({ ok: false, reason, message });

/** What a jose rejection means here. */
function failureOf(error: unknown): Verification {
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSInvalid)
    return fail("unknown_key", "The receipt's signature was made with a key the JWKS does not hold.");
  if (error instanceof errors.JOSENotSupported)
    return fail(
      "unsupported",
      "The receipt's signature cannot be checked here: this runtime's WebCrypto has no Ed25519.",
    );
  if (error instanceof errors.JOSEError)
    return fail("bad_signature", "The receipt's signature does not hold for the key it names.");
  throw error;
}

/** Why the header of `signature` is not a receipt signature's as the service writes it now, or null when it is. */
function headerProblem(signature: string): Verification | null {
  const header = COMPACT_JWS.test(signature) ? protectedHeader(signature) : null;
  if (header === null || typeof header.kid !== "string")
    return fail("bad_signature", "The receipt's signature is not a compact JWS that names its key.");
  if (isOlderHeader(header))
    return fail(
      "older",
      "The receipt was signed by an older version of the service, which signed receipts whether or not it had sealed the job: it no longer vouches for it.",
    );
  if (header.typ !== RECEIPT_TYP || header.alg !== "EdDSA")
    return fail(
      "bad_signature",
      `The receipt's signature is not a receipt signature: its header must say typ ${RECEIPT_TYP} and alg EdDSA.`,
    );
  // jose decodes any spelling of a part's bytes; the service writes and accepts only the
  // canonical one (D27), and the signature part is not what it signs, so it is checked here.
  if (!signature.split(".").every((part) => base64UrlToBytes(part) !== null))
    return fail(
      "bad_signature",
      "The receipt's signature is not spelled as the service writes it: each part must be canonical base64url (no padding, no stray bits).",
    );
  return null;
}

/**
 * Checks a receipt's `signature` offline against `jwks`: its protected header must say `typ`
 * escrow-receipt+jws and `alg` EdDSA (an older signature without that typ is refused as `older`),
 * each of its parts must be canonical base64url (as the service requires, D27), the compact JWS
 * must hold for a key of the JWKS, and its payload must be exactly the receipt's other members
 * (in any order). Never rejects.
 */
export async function verifyReceipt(receipt: object, jwks: Jwks): Promise<Verification> {
  const { signature, ...rest } = receipt as Record<string, unknown>;
  if (signature === undefined || signature === null)
    return fail("missing", "The receipt carries no signature: the service did not vouch for it.");
  if (typeof signature !== "string") return fail("bad_signature", "The receipt's signature is not a compact JWS.");
  const problem = headerProblem(signature);
  if (problem) return problem;
  let payload: Uint8Array;
  let kid: string;
  try {
    const verified = await compactVerify(signature, createLocalJWKSet(jwks as JSONWebKeySet), OPTIONS);
    payload = verified.payload;
    kid = verified.protectedHeader.kid as string;
  } catch (error) {
    return failureOf(error);
  }
  let signed: unknown;
  try {
    signed = JSON.parse(decoder.decode(payload));
  } catch {
    return fail("payload_differs", "The receipt's signature holds, but what it signs is not JSON.");
  }
  return sameJson(signed, rest)
    ? { ok: true, kid }
    : fail(
        "payload_differs",
        "The receipt's signature holds, but it signs other figures or text than the receipt shows.",
      );
}
