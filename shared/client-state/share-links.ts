/**
 * Share links of the reference UI (D19): a job handoff (`h1.`) and a receipt (`r1.`). Encoding
 * uses the short-key maps of tokens.ts; decoding checks the content with the same rules the
 * engine applies to a client-held job (D6) and to a receipt verify accepts, so a link can never
 * smuggle in a job the engine would refuse. Credits, the demo key and the other list (receipts
 * in a handoff, jobs in a receipt link) are never in a token. A sealed job's seal and a signed
 * receipt's signature (D27) travel too, and the members keep the order the service wrote them
 * in, so what opens is what the service answered and its seal still holds (signed-members.ts).
 */
import { readEngineBody } from "../engine/body-reader.ts";
import { JOB_BODY, RECEIPT_BODY } from "../engine/body-schemas.ts";
import { jobView } from "../engine/job.ts";
import { isObject } from "../lib/json.ts";
import { ACTIONS, type Action, type JobStatus, TRANSITIONS } from "../protocol/constants.ts";
import {
  asSent,
  attachSignature,
  detachSignature,
  isOlderForm,
  type JobRecord,
  type ReceiptRecord,
  readSeal,
  withSeal,
  withSignature,
} from "./signed-members.ts";
import {
  base64UrlEncode,
  HANDOFF_EXTRA_KEYS,
  HANDOFF_KEYS,
  lengthen,
  RECEIPT_KEYS,
  readPayload,
  SIGNED_RECEIPT_KEYS,
  shorten,
  TOKEN_PREFIX,
  type TokenResult,
} from "./tokens.ts";

export type { JobRecord, ReceiptRecord } from "./signed-members.ts";

const JOB_KEYS = { ...HANDOFF_KEYS, ...HANDOFF_EXTRA_KEYS };

/** The actions a job in `status` can take next, in walk order. */
export function nextActions(status: JobStatus): Action[] {
  return ACTIONS.filter((action) => TRANSITIONS[action].from === status);
}

/**
 * A job as the engine would accept it back: every member checked by the rules of D6; kept as
 * sent when it is a job as the service writes one (its members in their order), else in
 * response form; with its seal (D27) last when it carries one. Or the first problem's message.
 */
export function checkJob(raw: unknown): TokenResult<JobRecord> {
  const read = readEngineBody(JOB_BODY, { job: raw }, { now: 0, header: null, seals: undefined }, false);
  if (!read.ok) return { ok: false, message: read.errors[0]!.message };
  const { job } = read.value;
  const sent = raw as Record<string, unknown>;
  const seal = readSeal(sent.seal);
  return seal.ok ? { ok: true, value: withSeal(asSent(jobView(job) as JobRecord, sent, "seal"), seal.value) } : seal;
}

/**
 * A receipt as verify accepts it (the same reader), kept as sent when it is a receipt as the
 * service writes one, else in response form, with its signature (D27) last when it carries one
 * (a detached signature gets its payload back); or the first problem's message. A receipt from
 * before HS256 seals loses its job_sealed; its older signature stays as it came (a detached one
 * cannot get back a payload that held job_sealed) and counts as not signed.
 */
export function checkReceipt(raw: unknown): TokenResult<ReceiptRecord> {
  if (!isObject(raw)) return { ok: false, message: "receipt must be an object." };
  const read = readEngineBody(RECEIPT_BODY, { receipt: raw }, { now: 0, header: null, seals: undefined }, false);
  if (!read.ok) return { ok: false, message: read.errors[0]!.message };
  const { receipt } = read.value;
  const sent = raw as Record<string, unknown>;
  const signed = withSignature(asSent(receipt, sent, "signature"), sent);
  if (!signed.ok) return signed;
  return { ok: true, value: isOlderForm(signed.value.signature) ? signed.value : attachSignature(signed.value) };
}

/** The handoff token of a job: `h1.` + base64url of `{ v: 1, job: {...}, next: [...] }`. */
export function encodeHandoff(job: JobRecord): string {
  const payload = {
    v: 1,
    job: shorten(job as unknown as Record<string, unknown>, JOB_KEYS),
    next: nextActions(job.status),
  };
  return TOKEN_PREFIX.handoff + base64UrlEncode(JSON.stringify(payload));
}

/** The job inside a handoff token, checked like a client-held job; or why it cannot be read. */
export function decodeHandoff(token: string): TokenResult<JobRecord> {
  const payload = readPayload(token, TOKEN_PREFIX.handoff, "handoff");
  if (!payload.ok) return payload;
  const short = payload.value.job;
  if (!isObject(short)) return { ok: false, message: "This handoff link cannot be opened: it holds no job." };
  const job = checkJob(lengthen(short, JOB_KEYS));
  return job.ok ? job : { ok: false, message: `This handoff link cannot be opened: ${job.message}` };
}

/**
 * The receipt token: `r1.` + base64url of `{ v: 1, ...receipt }` with short keys. A signature
 * whose payload is the receipt itself goes detached; opening the link puts the payload back.
 */
export function encodeReceipt(receipt: ReceiptRecord): string {
  const short = shorten(receipt as unknown as Record<string, unknown>, RECEIPT_KEYS);
  const signature = detachSignature(receipt);
  if (signature !== undefined) short[SIGNED_RECEIPT_KEYS.signature] = signature;
  return TOKEN_PREFIX.receipt + base64UrlEncode(JSON.stringify({ v: 1, ...short }));
}

/** The receipt inside a receipt token, checked like a receipt verify accepts; or why it cannot be read. */
export function decodeReceipt(token: string): TokenResult<ReceiptRecord> {
  const payload = readPayload(token, TOKEN_PREFIX.receipt, "receipt");
  if (!payload.ok) return payload;
  const receipt = checkReceipt(lengthen(payload.value, RECEIPT_KEYS));
  return receipt.ok ? receipt : { ok: false, message: `This receipt link cannot be opened: ${receipt.message}` };
}

/** Where a share token sits in a page address: `#handoff/<t>`, `#receipt/<t>`, `?handoff=`, `?receipt=`. */
export function findShareToken(url: URL): { kind: "handoff" | "receipt"; token: string } | null {
  const hash = /^#(handoff|receipt)\/(.*)$/.exec(url.hash);
  if (hash) {
    let token = hash[2]!;
    try {
      token = decodeURIComponent(token);
    } catch {
      // A malformed escape stays as it came; decoding the token reports it.
    }
    return { kind: hash[1] as "handoff" | "receipt", token };
  }
  for (const kind of ["handoff", "receipt"] as const) {
    const token = url.searchParams.get(kind);
    if (token !== null) return { kind, token };
  }
  return null;
}
