/**
 * The members of a job, one row each, in SETTLEMENT.md's table order (D10): the rule a client-held job's
 * member must pass (D6), the snake_case names also accepted for it, its value on a new job, which
 * action sets it (copied from a request field, or stamped with the time), its short key in a
 * handoff link (D19) and its rule in words. The engine's job reader, the actions, the job in
 * responses, links, schemas and documents all read this table, and the Job type is derived
 * from it, so a new member is one row.
 */
import { JOB_ID_PATTERN, LIMITS, STATUSES } from "./constants.ts";
import type { JobMemberRow } from "./job-member-row.ts";
import { JOB_STAMP_MEMBERS } from "./job-stamps.ts";
import {
  anyText,
  boundedText,
  dateTime,
  httpsUrl,
  integer,
  note,
  oneOf,
  patterned,
  requiredText,
  type ValueOf,
} from "./rules.ts";
import { X402_JOB_MEMBERS } from "./x402-members.ts";

/** Every member of a job, in SETTLEMENT.md's table order. */
export const JOB_MEMBERS = {
  id: {
    rule: patterned("job.id", JOB_ID_PATTERN),
    required: true,
    aliases: [],
    link: "id",
    text: "Matches ^as_[0-9a-f]{10}$. Assigned at create; absent on a create quote.",
  },
  title: {
    rule: requiredText("job.title", LIMITS.titleMax),
    required: true,
    aliases: [],
    from: { field: "title", on: "create" },
    link: "t",
    text: `Required, 1 to ${LIMITS.titleMax} characters.`,
  },
  amount: {
    rule: integer("job.amount", LIMITS.amountMin),
    required: true,
    aliases: [],
    from: { field: "amount", on: "create" },
    link: "a",
    text: `Required, ${LIMITS.amountMin} to ${LIMITS.integerMax}, credits.`,
  },
  criteria: {
    rule: requiredText("job.criteria"),
    required: true,
    aliases: [],
    from: { field: "criteria", on: "create" },
    link: "c",
    text: "Required, at least 1 character: the success criteria the proof must match.",
  },
  proofUrl: {
    rule: anyText("job.proofUrl"),
    required: true,
    aliases: ["proof_url"],
    initial: "",
    from: { field: "proof_url", on: "submit" },
    link: "p",
    text: "Empty string until submit.",
  },
  proofNote: {
    rule: note("job.proofNote"),
    required: false,
    aliases: ["proof_note"],
    kind: "note",
    from: { field: "proof_note", on: "submit" },
    link: "pn",
    linkExtra: true,
    text: `Optional, at most ${LIMITS.noteMax} after trimming. Set on submit.`,
  },
  status: {
    rule: oneOf("job.status", STATUSES),
    required: true,
    aliases: [],
    link: "s",
    text: `One of ${STATUSES.join(", ")}.`,
  },
  // D4: the times the actions stamp (job-stamps.ts).
  ...JOB_STAMP_MEMBERS,
  fee: {
    rule: integer("job.fee", 0),
    required: false,
    aliases: [],
    initial: 0,
    link: "f",
    text: "Credits. 0 until release.",
  },
  agentPayout: {
    rule: integer("job.agentPayout", 0),
    required: false,
    aliases: ["agent_payout"],
    initial: 0,
    link: "ap",
    text: "Credits. 0 until release.",
  },
  releaseNote: {
    rule: note("job.releaseNote"),
    required: false,
    aliases: ["release_note"],
    kind: "note",
    from: { field: "release_note", on: "release" },
    link: "rn",
    text: `Optional, at most ${LIMITS.noteMax}. Set on release.`,
  },
  disputeReason: {
    rule: note("job.disputeReason"),
    required: false,
    aliases: ["dispute_reason"],
    kind: "note",
    from: { field: "dispute_reason", on: "dispute" },
    link: "dr",
    text: `Optional, at most ${LIMITS.noteMax}. Set on dispute.`,
  },
  clientRef: {
    rule: boundedText("job.clientRef", LIMITS.clientRefMax),
    required: false,
    aliases: ["client_ref"],
    from: { field: "client_ref", on: "create" },
    link: "cr",
    linkExtra: true,
    text: `Optional, 1 to ${LIMITS.clientRefMax}. Stamped at create; independent of id and of Idempotency-Key.`,
  },
  callbackUrl: {
    rule: httpsUrl("job.callbackUrl"),
    required: false,
    aliases: ["callback_url", "notifyUrl", "notify_url"],
    from: { field: "callback_url", on: "create" },
    link: "cb",
    linkExtra: true,
    text: `Optional, 1 to ${LIMITS.callbackUrlMax}, https only. Stamped at create; never fetched.`,
  },
  expiresAt: {
    rule: dateTime("job.expiresAt", true),
    required: false,
    aliases: ["expires_at"],
    kind: "utc-stamp",
    from: { field: "expires_at", on: "fund" },
    link: "ea",
    linkExtra: true,
    text: "Optional UTC date-time. Stamped on the funded job when an expiry is given at fund.",
  },
  // D30: the payment a fund over x402 writes (x402-members.ts).
  ...X402_JOB_MEMBERS,
} as const satisfies Record<string, JobMemberRow>;

/** A job member, by response name. */
export type JobMember = keyof typeof JOB_MEMBERS;
type Rows = typeof JOB_MEMBERS;
/** Members every job the engine holds carries: required ones (but id: a create quote has none) and those with an initial value. */
type Carried = {
  [M in JobMember]: M extends "id" ? never : Rows[M] extends { required: true } | { initial: unknown } ? M : never;
}[JobMember];

/** A job as the engine holds it while answering one request: derived from the table. */
export type Job = { -readonly [M in Carried]: ValueOf<Rows[M]["rule"]> } & {
  -readonly [M in Exclude<JobMember, Carried>]?: ValueOf<Rows[M]["rule"]>;
};

/** Every member, in SETTLEMENT.md's order. */
export const JOB_MEMBER_NAMES = Object.keys(JOB_MEMBERS) as JobMember[];
/** The names each member is accepted under, response name first. */
export const memberNamesOf = (member: JobMember): readonly string[] => [member, ...JOB_MEMBERS[member].aliases];
