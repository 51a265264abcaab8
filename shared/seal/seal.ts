/**
 * Seals and signatures (D27): what the service seals and signs, and how it checks what comes back.
 *
 * - A job's **seal** is the service's own MAC (jws.ts: a detached HS256 JWS) over the job exactly
 *   as the service wrote it: its members other than `seal`, in their order, as JSON
 *   (`JSON.stringify`). Checking rebuilds that text from the job as it came back, so a member
 *   renamed (a snake_case alias), added, dropped, moved or edited breaks it; only a member the
 *   service leaves out while unset may come back as null (D2). The seal is the
 *   job's last member and is not part of what it seals. Only the service checks it.
 * - A receipt's **signature** is a compact EdDSA JWS whose payload is the receipt without
 *   `signature`, as JSON: anyone with the JWKS checks it with a JOSE library and compares the
 *   payload with the receipt.
 */
import { base64UrlToBytes } from "../lib/base64url.ts";
import { sameJson } from "../lib/json.ts";
import type { IntegrityMember } from "../protocol/integrity-members.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS, memberNamesOf } from "../protocol/job-members.ts";
import { type Mac, sameText, sealJws, sealMac, signJws, verifyJws } from "./jws.ts";
import type { Signer } from "./signer.ts";

/** The job member that holds the seal, and the receipt member that holds the signature (rows of INTEGRITY_MEMBERS). */
export const SEAL = "seal" satisfies IntegrityMember;
export const SIGNATURE = "signature" satisfies IntegrityMember;

/** What a sent seal or signature turned out to be. */
export type Verdict = "valid" | "invalid" | "absent";

const decoder = new TextDecoder();

/** The seal of a job in response form (`view` holds no seal). */
export const sealOf = (signer: Signer, view: Record<string, unknown>): string => sealJws(signer, JSON.stringify(view));

/**
 * The names of each member the service leaves out of a job while it is unset (D10: proofNote,
 * releaseNote, disputeReason, clientRef, callbackUrl, expiresAt, x402Payer, x402Payment), which
 * a client may send as null instead (D2: null is omitted), as a model in OpenAI's strict mode must.
 */
const LEFT_OUT_WHEN_UNSET: readonly (readonly string[])[] = JOB_MEMBER_NAMES.filter(
  (member) => !JOB_MEMBERS[member].required && !("initial" in JOB_MEMBERS[member]),
).map(memberNamesOf);

/**
 * The names in `job` of members left out while unset that it sends only as null (no name of the
 * member holds a value): what the service wrote without them. A member sent as null beside a value
 * under another of its names is not among them, so such a job stays other than the one written.
 */
function unsetNulls(job: Record<string, unknown>): string[] | undefined {
  let names: string[] | undefined;
  for (const member of LEFT_OUT_WHEN_UNSET) {
    let nulls = false;
    let value = false;
    for (const name of member) {
      const sent = job[name];
      if (sent === null) nulls = true;
      else if (sent !== undefined) value = true;
    }
    if (nulls && !value) {
      names ??= [];
      for (const name of member) if (job[name] === null) names.push(name);
    }
  }
  return names;
}

/** What precedes a seal written last in a job's JSON text; a valid seal needs no escaping. */
const SEAL_HEAD = `,"${SEAL}":"`;

/**
 * The MAC of what a job's seal covers: the job as sent without its `seal`, as JSON, members in
 * the order sent. The job's JSON is written once; a seal sent last (as the service writes it) is
 * cut off its end, where nothing else can end in `,"seal":"<the seal>"}`: that is the outer
 * object's last member. (A seal that would need escaping cannot be valid, so its text is never
 * looked for.) null when the seal is not last.
 */
function macAsSent(job: Record<string, unknown>, seal: string, mac: Mac): string | null {
  const text = JSON.stringify(job);
  const cut = text.length - seal.length - SEAL_HEAD.length - 2;
  const last =
    cut > 0 && text.startsWith(SEAL_HEAD, cut) && text.startsWith(seal, cut + SEAL_HEAD.length) && text.endsWith('"}');
  return last ? mac(text.slice(0, cut), "}") : null;
}

/**
 * The MAC of the job as sent without its `seal` and without the members in `left` (null when
 * sent), in the order sent. The copy has no prototype, so that every member sent is a member of
 * it: `"__proto__"` (an own member JSON.parse makes) would set a plain object's prototype and
 * drop out of the text, keeping the seal of a job with a member added (D27).
 */
function macWithout(job: Record<string, unknown>, left: readonly string[] | undefined, mac: Mac): string {
  const written: Record<string, unknown> = Object.create(null);
  for (const name in job) if (name !== SEAL && !left?.includes(name)) written[name] = job[name];
  return mac(JSON.stringify(written));
}

/**
 * True when every member of `record` but `omit` is a value the service writes, which JSON writes
 * back as it was read: a string, a boolean, null, or a finite number other than -0. JSON.parse
 * reads 1e400 and -1e400 as ±Infinity, which JSON.stringify writes as null, and -0, which it
 * writes as 0, so the text rebuilt from such a record can be the one the service wrote while its
 * values are not (D27). An object or a list is no member the service writes.
 */
function writtenAsRead(record: Record<string, unknown>, omit: string): boolean {
  for (const name in record) {
    if (name === omit) continue;
    const value = record[name];
    const type = typeof value;
    if (type === "string" || type === "boolean" || value === null) continue;
    if (type !== "number" || !Number.isFinite(value) || Object.is(value, -0)) return false;
  }
  return true;
}

/**
 * Whether the job as sent carries a seal of this service over exactly its other members, in
 * their order, each the value the service wrote (writtenAsRead). A member left out while unset
 * and sent as null counts as not sent: when the job as sent does not match and holds such
 * nulls, the job without them is checked.
 */
export function sealVerdict(signer: Signer, job: Record<string, unknown>): Verdict {
  const seal = job[SEAL];
  if (seal === undefined || seal === null) return "absent";
  const found = typeof seal === "string" ? sealMac(signer, seal) : null;
  if (found === null || !writtenAsRead(job, SEAL)) return "invalid";
  const { mac, carried } = found;
  if (sameText(macAsSent(job, seal as string, mac) ?? macWithout(job, undefined, mac), carried)) return "valid";
  const nulls = unsetNulls(job);
  return nulls !== undefined && sameText(macWithout(job, nulls, mac), carried) ? "valid" : "invalid";
}

/** The signature of `receipt` (which holds no signature yet). */
export const signatureOf = (signer: Signer, receipt: Record<string, unknown>): string =>
  signJws(signer, JSON.stringify(receipt));

/** Whether `receipt` (as sent) carries a signature of this service over exactly its other members, each as it signed it. */
export function checkSignature(signer: Signer, receipt: Record<string, unknown>): Verdict {
  const token = receipt[SIGNATURE];
  if (token === undefined || token === null) return "absent";
  const body = verifyJws(signer, token);
  if (body === null || !writtenAsRead(receipt, SIGNATURE)) return "invalid";
  const { [SIGNATURE]: _, ...rest } = receipt;
  const payload = base64UrlToBytes(body);
  if (payload === null) return "invalid";
  let signed: unknown;
  try {
    signed = JSON.parse(decoder.decode(payload));
  } catch {
    return "invalid";
  }
  return sameJson(signed, rest) ? "valid" : "invalid";
}
