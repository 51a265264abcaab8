/**
 * The members a service that seals and signs adds (issue 25, D27), as client-held state keeps
 * them: a job's `seal` (a detached compact JWS, last in the job) and a receipt's `job_sealed`
 * and `signature` (a compact JWS, last). The engine's readers drop them (D6 drops unknown job
 * members; the receipt rows do not list them), so links and packs read them here, beside the
 * checked members, to give back byte for byte what the service answered. Only their shape is
 * checked here: whether a seal or signature holds is for the service's verify or the client's
 * verifyJob / verifyReceipt, with the JWKS.
 */
import type { IdentifiedJob, SignedReceipt } from "../protocol/answers.ts";
import { LIMITS } from "../protocol/constants.ts";
import { detachedJwsSource, JWS_PART, SEAL_MAX_LENGTH } from "../protocol/integrity-members.ts";
import type { Receipt } from "../protocol/receipt-members.ts";
import { sealedPayload } from "../seal/payload.ts";
import type { TokenResult } from "./tokens.ts";

/** A job as a client keeps it: response form, with its id, and its seal when the service sealed it. */
export type JobRecord = IdentifiedJob;
/** A receipt as a client keeps it: response form, with job_sealed and its signature when the service signed it. */
export type ReceiptRecord = SignedReceipt;

/** A detached compact JWS (`header..signature`): what a seal is; the schemas' SEAL_PATTERN, its parts captured. */
export const DETACHED_JWS = new RegExp(detachedJwsSource(`(${JWS_PART})`));
/** A compact JWS (`header.payload.signature`); the payload may be empty (detached). */
export const COMPACT_JWS = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]*)\.([A-Za-z0-9_-]+)$/;

/** True when the job carries a seal (whether it holds is verifyJob's question). */
export const isSealed = (job: { seal?: unknown }): boolean => typeof job.seal === "string";
/** True when the receipt carries a signature (whether it holds is verifyReceipt's question). */
export const isSigned = (receipt: { signature?: unknown }): boolean => typeof receipt.signature === "string";

/** A sent seal: absent (undefined or null), a detached compact JWS, or why not. */
export function readSeal(value: unknown, where = "job.seal"): TokenResult<string | undefined> {
  if (value === undefined || value === null) return { ok: true, value: undefined };
  if (typeof value !== "string" || value.length > SEAL_MAX_LENGTH || !DETACHED_JWS.test(value))
    return {
      ok: false,
      message: `${where} must be the seal the service gave: a detached compact JWS (header..signature).`,
    };
  return { ok: true, value };
}

/** `job` (checked, in response form, without a seal) with `seal` last when there is one. */
export const withSeal = (job: IdentifiedJob, seal: string | undefined): JobRecord =>
  seal === undefined ? job : { ...job, seal };

/**
 * `receipt` (checked, in response form) with the signed members read from `raw` appended in the
 * service's order, job_sealed then signature; or why they cannot be kept.
 */
export function withSignedMembers(receipt: Receipt, raw: Record<string, unknown>): TokenResult<ReceiptRecord> {
  const out: ReceiptRecord = { ...receipt };
  const sealed = raw.job_sealed;
  if (sealed !== undefined && sealed !== null) {
    if (typeof sealed !== "boolean") return { ok: false, message: "receipt.job_sealed must be true or false." };
    out.job_sealed = sealed;
  }
  const signature = raw.signature;
  if (signature !== undefined && signature !== null) {
    if (typeof signature !== "string" || signature.length > LIMITS.bodyBytesMax || !COMPACT_JWS.test(signature))
      return { ok: false, message: "receipt.signature must be the signature the service gave: a compact JWS." };
    out.signature = signature;
  }
  return { ok: true, value: out };
}

/** The payload part a receipt's signature covers: base64url of the receipt's JSON without `signature`. */
export function signedPayload(receipt: ReceiptRecord): string {
  const { signature: _, ...content } = receipt;
  return sealedPayload(content);
}

/**
 * The signature of `receipt` with its payload left out (`header..signature`) when the payload is
 * exactly `receipt` without its signature, so a receipt link need not carry the receipt twice;
 * else the signature as it is.
 */
export function detachSignature(receipt: ReceiptRecord): string | undefined {
  const parts = receipt.signature === undefined ? null : COMPACT_JWS.exec(receipt.signature);
  if (!parts) return receipt.signature;
  return parts[2] === signedPayload(receipt) ? `${parts[1]}..${parts[3]}` : receipt.signature;
}

/** The signature of `receipt` with a detached payload put back (the receipt without `signature`). */
export function attachSignature(receipt: ReceiptRecord): ReceiptRecord {
  const parts = receipt.signature === undefined ? null : DETACHED_JWS.exec(receipt.signature);
  if (!parts) return receipt;
  return { ...receipt, signature: `${parts[1]}.${signedPayload(receipt)}.${parts[2]}` };
}
