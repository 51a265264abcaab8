/**
 * The members a service that seals and signs adds (D27), as client-held state keeps them: a job's
 * `seal` (a detached compact JWS, last in the job) and a receipt's `signature` (a compact JWS,
 * last). The engine's readers drop them (D6 drops unknown job members; the receipt rows do not
 * list them), so links and packs read them here, beside the checked members. A seal covers the
 * job exactly as the service wrote it, members and order, so a record the service
 * wrote is kept as it came (asSent). Only their shape is checked here: whether a seal holds is
 * the service's answer (client/seal-check.ts), whether a signature holds is verifyReceipt's.
 */
import { isObject, sameJson } from "../lib/json.ts";
import type { IdentifiedJob } from "../protocol/answers.ts";
import { LIMITS } from "../protocol/constants.ts";
import { detachedJwsSource, JWS_PART, SEAL_MAX_LENGTH } from "../protocol/integrity-members.ts";
import type { Receipt } from "../protocol/receipt-members.ts";
import { base64UrlDecode, base64UrlEncode, type TokenResult } from "./tokens.ts";

/** A job as a client keeps it: as the service answered it, with its id, and its seal when the service sealed it. */
export type JobRecord = IdentifiedJob;
/** A receipt as a client keeps it: as the service answered it, with its signature when the service signed it. */
export type ReceiptRecord = Receipt & { signature?: string };

/** A detached compact JWS (`header..signature`): what a seal is; the schemas' SEAL_PATTERN, its parts captured. */
const DETACHED_JWS = new RegExp(detachedJwsSource(`(${JWS_PART})`));
/** A compact JWS (`header.payload.signature`); the payload may be empty (detached). */
export const COMPACT_JWS = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]*)\.([A-Za-z0-9_-]+)$/;

/** True when the job carries a seal (whether it holds is the service's answer: checkSeal). */
export const isSealed = (job: { seal?: unknown }): boolean => typeof job.seal === "string";
/** True when the receipt carries a signature (whether it holds is verifyReceipt's question). */
export const isSigned = (receipt: { signature?: unknown }): boolean => typeof receipt.signature === "string";

/** The protected header of a JWS (its first part, base64url JSON), or null when it is not one. */
export function protectedHeader(token: string): Record<string, unknown> | null {
  const text = base64UrlDecode(token.slice(0, Math.max(0, token.indexOf("."))));
  if (text === null) return null;
  try {
    const header: unknown = JSON.parse(text);
    return isObject(header) ? header : null;
  } catch {
    return null;
  }
}

/** True when a protected header, already parsed, is of the older form (isOlderForm): EdDSA with no `typ`. */
export const isOlderHeader = (header: Record<string, unknown>): boolean =>
  header.alg === "EdDSA" && header.typ === undefined;

/**
 * True when `token` (a seal or a signature) has the header an older version of the service wrote
 * before HS256 seals: EdDSA with no `typ`. Such a seal never holds now (seals are the service's HS256
 * MAC), and such a signature was made whether or not the job had been sealed at every step, so
 * neither vouches for anything any more.
 */
export function isOlderForm(token: unknown): boolean {
  if (typeof token !== "string") return false;
  const header = protectedHeader(token);
  return header !== null && isOlderHeader(header);
}

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

/**
 * `checked` (a job or receipt as the engine's reader gives it, in response form) as `raw` sent
 * it, in raw's member order, when raw holds exactly those members and values besides `omit` (its
 * seal or signature): a record the service wrote stays as it wrote it, so its seal still covers
 * it (D27). Otherwise `checked`: what was sent is not what the service wrote (an alias, an
 * unknown member, a value the reader changed), and the client keeps what the engine reads.
 */
export function asSent<T extends object>(checked: T, raw: Record<string, unknown>, omit: string): T {
  // fromEntries makes own members only (a "__proto__" member stays a member, and differs).
  const sent = Object.fromEntries(Object.entries(raw).filter(([name]) => name !== omit));
  return sameJson(sent, checked) ? (sent as T) : checked;
}

/** `job` (checked, without a seal) with `seal` last when there is one. */
export const withSeal = (job: IdentifiedJob, seal: string | undefined): JobRecord =>
  seal === undefined ? job : { ...job, seal };

/**
 * `receipt` (checked, in response form) with the signature read from `raw` last; or why it
 * cannot be kept. A receipt's job_sealed (from before HS256 seals) is not kept: the member is gone.
 */
export function withSignature(receipt: Receipt, raw: Record<string, unknown>): TokenResult<ReceiptRecord> {
  const signature = raw.signature;
  if (signature === undefined || signature === null) return { ok: true, value: receipt };
  if (typeof signature !== "string" || signature.length > LIMITS.bodyBytesMax || !COMPACT_JWS.test(signature))
    return { ok: false, message: "receipt.signature must be the signature the service gave: a compact JWS." };
  return { ok: true, value: { ...receipt, signature } };
}

/**
 * The payload part a receipt's signature covers: base64url of the receipt's JSON (UTF-8) without
 * `signature`, members in its order; the service signs the same text (shared/seal/jws.ts, signJws,
 * with the same textToBase64Url), so a detached signature's payload can be put back.
 */
function signedPayload(receipt: ReceiptRecord): string {
  const { signature: _, ...content } = receipt;
  return base64UrlEncode(JSON.stringify(content));
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
