/**
 * What a hand-back of an own job may bring (D28): only its worker's step. A link of a
 * job this state created is compared with the copy held, member by member (a member present in
 * one and absent in the other differs too). From funded to submitted it may bring exactly what
 * submit sets (status, proof URL, proof note, submitted time) and the service's fresh seal; with
 * the same status it brings nothing, and is taken only when it equals the copy apart from its
 * seal (the copy, with its own seal, stays as it is). Any other difference is a refusal that
 * lists the differences in the page's words, and as data for a page or wallet to show. A copy
 * that left sealed and comes back with no seal is refused too: whether a seal holds only the
 * service can say (seal-check.ts), but its absence is plain offline.
 */

import type { JobRecord } from "../shared/client-state/share-links.ts";
import { sameJson } from "../shared/lib/json.ts";
import { JOB_MEMBER_NAMES, type JobMember } from "../shared/protocol/job-members.ts";
import type { EscrowError } from "./answer.ts";

/** The members submit sets: all a hand-back may change in the copy held, besides the seal. */
export const SUBMIT_MEMBERS: readonly JobMember[] = ["status", "proofUrl", "proofNote", "submittedAt"];

/** Each job member in the words the page shows it under. */
export const MEMBER_WORDS: Record<JobMember | "seal", string> = {
  id: "Job id",
  title: "Title",
  amount: "Amount",
  criteria: "Criteria",
  proofUrl: "Proof",
  proofNote: "Proof note",
  status: "Status",
  createdAt: "Created",
  fundedAt: "Funded",
  submittedAt: "Submitted",
  resolvedAt: "Resolved",
  fee: "Fee",
  agentPayout: "Agent payout",
  releaseNote: "Release note",
  disputeReason: "Dispute reason",
  clientRef: "Client reference",
  callbackUrl: "Callback URL",
  expiresAt: "Hold ends",
  x402Payer: "x402 payer",
  x402Payment: "x402 payment",
  seal: "Seal",
};

/** One member in which a hand-back differs from the copy held: its name, your value, the link's (undefined: absent). */
export interface Difference {
  member: string;
  yours: unknown;
  theirs: unknown;
}

/** A hand-back refused: why, in words, and the differences as data. */
export type HandBackRefusal = EscrowError & { differences: Difference[] };

/** The longest value a difference quotes; a longer one is cut with "…". */
const QUOTED_MAX = 60;
/** How many differences a refusal's message lists. */
const LISTED_MAX = 3;

const present = (job: JobRecord, member: string): unknown => (job as Record<string, unknown>)[member];

/** A value as a difference quotes it: none, a number, or a short quoted text. */
function quoted(value: unknown): string {
  if (value === undefined || value === null || value === "") return "none";
  if (typeof value === "number") return String(value);
  const text = String(value);
  return `“${text.length > QUOTED_MAX ? `${text.slice(0, QUOTED_MAX - 1)}…` : text}”`;
}

/** A difference in plain words: "Criteria differ: yours “…”, the link's “…”". */
export function differenceText({ member, yours, theirs }: Difference): string {
  if (member === "seal")
    return "Seal: your copy left sealed by the service and this one comes back without a seal: it was changed after the service sealed it, or it went through a service that does not seal";
  const word = MEMBER_WORDS[member as JobMember] ?? member;
  return `${word} ${word === "Criteria" ? "differ" : "differs"}: yours ${quoted(yours)}, the link's ${quoted(theirs)}`;
}

/**
 * How `theirs` (a link's copy of own job `yours`) differs from it beyond what its step brings: the
 * submit members when it goes funded to submitted, nothing else (the status included otherwise).
 * The seal differs only when yours has one and theirs none. In job member order.
 */
export function handBackDifferences(yours: JobRecord, theirs: JobRecord): Difference[] {
  const step = yours.status === "funded" && theirs.status === "submitted";
  const members = [...new Set([...Object.keys(yours), ...Object.keys(theirs)])].filter(
    (m) => m !== "seal" && !(step && SUBMIT_MEMBERS.includes(m as JobMember)),
  );
  // In the job table's order; a member no job has (an added one) last.
  const rank = (m: string) => (JOB_MEMBER_NAMES as readonly string[]).indexOf(m) >>> 0;
  members.sort((a, b) => rank(a) - rank(b));
  const differences = members
    .filter((m) => !sameJson(present(yours, m), present(theirs, m)))
    .map((member) => ({ member, yours: present(yours, member), theirs: present(theirs, member) }));
  if (typeof yours.seal === "string" && typeof theirs.seal !== "string")
    differences.push({ member: "seal", yours: yours.seal, theirs: undefined });
  return differences;
}

/**
 * The job to hold after own job `yours` came back as `theirs`: theirs when it brings the worker's
 * step, yours when it brings nothing; or the refusal, saying what differs. Nothing else changes.
 */
export function handBack(yours: JobRecord, theirs: JobRecord): { ok: true; job: JobRecord } | HandBackRefusal {
  const differences = handBackDifferences(yours, theirs);
  if (differences.length === 0) return { ok: true, job: yours.status === theirs.status ? yours : theirs };
  const here = `Job ${yours.id} is yours and ${yours.status} here (${yours.amount} credits); this link says ${theirs.status} (${theirs.amount} credits)`;
  const moves = yours.status !== theirs.status && !(yours.status === "funded" && theirs.status === "submitted");
  const listed = differences.slice(0, LISTED_MAX).map(differenceText).join("; ");
  const more = differences.length > LISTED_MAX ? `; and ${differences.length - LISTED_MAX} more` : "";
  const message = moves
    ? `${here}. A link can bring its proof, not move its credits: only you fund, release or dispute it. Nothing changed.`
    : `${here}, and it changes what its worker's step does not: ${listed}${more}. A hand-back brings only the proof, its note and time. Nothing changed.`;
  return { ok: false, code: "invalid_input", status: 0, message, differences };
}
