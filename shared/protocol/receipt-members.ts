/**
 * The members of a receipt, one row each, in SETTLEMENT.md's table order: the rule a receipt sent to
 * verify (or opened from a link) must pass, whether it must be there, the claim it carries
 * (D12), how it is made from a terminal job, its short key in a receipt link (D19) and where
 * it comes from in words. verify, the receipt links, the demo pack, the schemas and the
 * documents read this table; the Receipt type is derived from it.
 */
import type { TerminalStatus } from "./constants.ts";
import { JOB_ID_PATTERN, KEY_ID_PATTERN, LIMITS, TERMINAL_STATUSES } from "./constants.ts";
import type { Job } from "./job-members.ts";
import type { ReceiptMemberRow } from "./member-rows.ts";
import {
  anyText,
  boundedText,
  httpsUrl,
  integer,
  note,
  oneOf,
  optionalStamp,
  patterned,
  requiredText,
} from "./rules.ts";
import { X402_RECEIPT_MEMBERS } from "./x402-members.ts";

const released = (job: Job): boolean => job.status === "released";

/** Every member of a receipt, in SETTLEMENT.md's table order. */
export const RECEIPT_MEMBERS = {
  job_id: {
    rule: patterned("receipt.job_id", JOB_ID_PATTERN),
    required: true,
    of: (job: Job): string => job.id ?? "",
    link: "j",
    source: "job id",
  },
  title: {
    rule: requiredText("receipt.title", LIMITS.titleMax),
    required: false,
    of: (job: Job): string => job.title,
    link: "t",
    source: "job title",
  },
  status: {
    rule: oneOf("receipt.status", TERMINAL_STATUSES, "receipt.status must be released or disputed."),
    required: true,
    of: (job: Job): TerminalStatus => (released(job) ? "released" : "disputed"),
    link: "s",
    source: "released or disputed",
  },
  amount: {
    rule: integer("receipt.amount", LIMITS.amountMin),
    required: true,
    of: (job: Job): number => job.amount,
    link: "a",
    source: "job amount, credits",
  },
  release_fee: {
    rule: integer("receipt.release_fee", 0),
    required: true,
    claim: "fee",
    of: (job: Job): number => (released(job) ? job.fee : 0),
    link: "f",
    source: "job fee when released, else 0",
  },
  agent_payout: {
    rule: integer("receipt.agent_payout", 0),
    required: true,
    claim: "agent_payout",
    of: (job: Job): number => (released(job) ? job.agentPayout : 0),
    link: "ap",
    source: "job agentPayout when released, else 0",
  },
  returned_to_payer: {
    rule: integer("receipt.returned_to_payer", 0),
    required: true,
    claim: "returned_to_payer",
    of: (job: Job): number => (released(job) ? 0 : job.amount),
    link: "rp",
    source: "job amount when disputed, else 0",
  },
  success_criteria: {
    rule: requiredText("receipt.success_criteria"),
    required: false,
    of: (job: Job): string => job.criteria,
    link: "c",
    source: "job criteria",
  },
  proof: {
    rule: anyText("receipt.proof"),
    required: false,
    of: (job: Job): string => job.proofUrl,
    link: "p",
    source: "job proofUrl",
  },
  created: {
    rule: optionalStamp("receipt.created"),
    required: false,
    kind: "stamp",
    of: (job: Job): string => job.createdAt,
    link: "ca",
    source: "job createdAt",
  },
  funded: {
    rule: optionalStamp("receipt.funded"),
    required: false,
    kind: "stamp",
    initial: null,
    of: (job: Job): string | null => job.fundedAt,
    link: "fa",
    source: "job fundedAt",
  },
  submitted: {
    rule: optionalStamp("receipt.submitted"),
    required: false,
    kind: "stamp",
    initial: null,
    of: (job: Job): string | null => job.submittedAt,
    link: "sa",
    source: "job submittedAt",
  },
  resolved: {
    rule: optionalStamp("receipt.resolved"),
    required: false,
    kind: "stamp",
    initial: null,
    of: (job: Job): string | null => job.resolvedAt,
    link: "ra",
    source: "job resolvedAt",
  },
  client_ref: {
    rule: boundedText("receipt.client_ref", LIMITS.clientRefMax),
    required: false,
    of: (job: Job): string | undefined => job.clientRef,
    link: "cr",
    source: "optional, from create",
  },
  callback_url: {
    rule: httpsUrl("receipt.callback_url"),
    required: false,
    of: (job: Job): string | undefined => job.callbackUrl,
    link: "cb",
    source: "optional, from create",
  },
  proof_note: {
    rule: note("receipt.proof_note"),
    required: false,
    kind: "note",
    of: (job: Job): string | undefined => job.proofNote,
    link: "pn",
    source: "optional, from submit",
  },
  release_note: {
    rule: note("receipt.release_note"),
    required: false,
    kind: "note",
    of: (job: Job): string | undefined => job.releaseNote,
    link: "rn",
    source: "optional, from release",
  },
  dispute_reason: {
    rule: note("receipt.dispute_reason"),
    required: false,
    kind: "note",
    of: (job: Job): string | undefined => job.disputeReason,
    link: "dr",
    source: "optional, from dispute",
  },
  key_id: {
    rule: patterned("receipt.key_id", KEY_ID_PATTERN),
    required: false,
    of: (_job: Job, keyId: string | null): string | undefined => keyId ?? undefined,
    link: "k",
    source: "optional; present when a demo key header was sent",
  },
  // D30: the x402 side of a job funded over x402 (x402-members.ts).
  ...X402_RECEIPT_MEMBERS,
} as const satisfies Record<string, ReceiptMemberRow>;

/** A receipt member, by its snake_case name. */
export type ReceiptMember = keyof typeof RECEIPT_MEMBERS;
type Made<K extends ReceiptMember> = ReturnType<(typeof RECEIPT_MEMBERS)[K]["of"]>;
type Optional = { [K in ReceiptMember]: undefined extends Made<K> ? K : never }[ReceiptMember];

/** A receipt (snake_case), returned on release and dispute; derived from the table. Not proof of payment. */
export type Receipt = { -readonly [K in Exclude<ReceiptMember, Optional>]: Made<K> } & {
  -readonly [K in Optional]?: Exclude<Made<K>, undefined>;
};

/** Every receipt member, in SETTLEMENT.md's order. */
export const RECEIPT_MEMBER_NAMES = Object.keys(RECEIPT_MEMBERS) as ReceiptMember[];

/** Each claim and the member that carries it, in SETTLEMENT.md's order (D12). */
export const CLAIMS = RECEIPT_MEMBER_NAMES.flatMap((member) => {
  const claim = (RECEIPT_MEMBERS[member] as ReceiptMemberRow).claim;
  return claim === undefined ? [] : [{ claim, member: member as "release_fee" | "agent_payout" | "returned_to_payer" }];
});
