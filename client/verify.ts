/**
 * Offline checks of what a sealing service gives (issue 25, D27) against its JWKS (the object
 * GET /.well-known/jwks.json answers; no network here): a receipt's signature and a job's seal,
 * with jose over WebCrypto, so they run in browsers, Bun, Node, Deno and Workers alike. A job's
 * sealed content is recomputed by the engine's own job reader (checkJob: the job in response
 * form, as the service answers it), so the canonical form is stated in one place.
 */
import {
  compactVerify,
  createLocalJWKSet,
  decodeProtectedHeader,
  errors,
  flattenedVerify,
  type JSONWebKeySet,
  type JWK,
} from "jose";
import { checkJob } from "../shared/client-state/share-links.ts";
import { DETACHED_JWS } from "../shared/client-state/signed-members.ts";
import { sameJson } from "../shared/lib/json.ts";
import { sealedPayload } from "../shared/seal/payload.ts";

/** A JWKS as GET /.well-known/jwks.json answers it (the parsed JSON, or the signer's keys). */
export interface Jwks {
  readonly keys: readonly JWK[];
}

/** Why a seal or signature does not hold. */
export type VerifyFailure =
  /** The job carries no seal, or the receipt no signature. */
  | "missing"
  /** Its kid names no key of the JWKS (another service, or a key retired from it). */
  | "unknown_key"
  /** The token is not a JWS of this form, or its signature does not hold for the key. */
  | "bad_signature"
  /** The receipt's signature holds, but its payload is not the receipt's other members. */
  | "payload_differs"
  /** The job is not one the service would accept back (D6), so it has no sealed content. */
  | "not_a_job"
  /** This runtime's WebCrypto cannot check Ed25519. */
  | "unsupported";

/** The outcome: `ok` with the kid of the key that signed, or why not, in words a person can read. */
export type Verification = { ok: true; kid: string } | { ok: false; reason: VerifyFailure; message: string };

const decoder = new TextDecoder();
const OPTIONS = { algorithms: ["EdDSA"] };

const fail = (reason: VerifyFailure, message: string): Verification => ({ ok: false, reason, message });

/** The kid in a token's protected header, or null when it names none (the service always names one). */
function kidOf(token: string): string | null {
  try {
    const { kid } = decodeProtectedHeader(token);
    return typeof kid === "string" ? kid : null;
  } catch {
    return null;
  }
}

/** What a jose rejection means here. */
function failureOf(error: unknown, what: string): Verification {
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSInvalid)
    return fail("unknown_key", `The ${what} was made with a key the JWKS does not hold.`);
  if (error instanceof errors.JOSENotSupported)
    return fail("unsupported", `The ${what} cannot be checked here: this runtime's WebCrypto has no Ed25519.`);
  if (error instanceof errors.JOSEError)
    return fail("bad_signature", `The ${what} does not hold for the key it names.`);
  throw error;
}

/**
 * Checks a receipt's `signature` offline against `jwks`: the compact JWS must hold for a key of
 * the JWKS, and its payload must be exactly the receipt's other members (in any order).
 */
export async function verifyReceipt(receipt: object, jwks: Jwks): Promise<Verification> {
  const { signature, ...rest } = receipt as Record<string, unknown>;
  if (signature === undefined || signature === null) return fail("missing", "The receipt carries no signature.");
  if (typeof signature !== "string" || kidOf(signature) === null)
    return fail("bad_signature", "The receipt's signature is not a compact JWS that names its key.");
  let payload: Uint8Array;
  let kid: string;
  try {
    const verified = await compactVerify(signature, createLocalJWKSet(jwks as JSONWebKeySet), OPTIONS);
    payload = verified.payload;
    kid = verified.protectedHeader.kid as string;
  } catch (error) {
    return failureOf(error, "receipt's signature");
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

/**
 * Checks a job's `seal` offline against `jwks`: the detached JWS must hold, for a key of the
 * JWKS, over the job's canonical content (the job in response form without its seal, read by
 * the engine's job reader exactly as the service reads a job sent back).
 */
export async function verifyJob(job: object, jwks: Jwks): Promise<Verification> {
  const seal = (job as Record<string, unknown>).seal;
  if (seal === undefined || seal === null) return fail("missing", "The job carries no seal.");
  const parts = typeof seal === "string" ? DETACHED_JWS.exec(seal) : null;
  if (!parts || kidOf(seal as string) === null)
    return fail("bad_signature", "The job's seal is not a detached compact JWS that names its key.");
  const read = checkJob(job);
  if (!read.ok) return fail("not_a_job", `The job is not one the service would accept back: ${read.message}`);
  const { seal: _, ...content } = read.value;
  const payload = sealedPayload(content);
  try {
    const verified = await flattenedVerify(
      { protected: parts[1]!, payload, signature: parts[2]! },
      createLocalJWKSet(jwks as JSONWebKeySet),
      OPTIONS,
    );
    return { ok: true, kid: verified.protectedHeader?.kid as string };
  } catch (error) {
    return failureOf(error, "job's seal");
  }
}
