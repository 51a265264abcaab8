/**
 * The figures of a job and of its receipt, by the fee rule (SETTLEMENT.md "Fees", "States and
 * transitions"), in one place: a job's fee and agent payout are 0 until it is released, then the
 * fee rule's; and a settled job's receipt is made of the job, member by member (receipt-members.ts
 * `of`), as the service makes it, so its fee, agent payout and refund are the job's too. Whatever enters a client-held state is held to them: a demo pack and the stored
 * state (pack.ts), a handoff link, and a receipt that settles a job (client/receipt-import.ts).
 */
import { settleRelease } from "../protocol/fees.ts";
import type { ReceiptMemberRow } from "../protocol/member-rows.ts";
import { RECEIPT_MEMBER_NAMES, RECEIPT_MEMBERS, type ReceiptMember } from "../protocol/receipt-members.ts";
import type { JobRecord, ReceiptRecord } from "./signed-members.ts";

const n = (value: number): string => value.toLocaleString("en-US");

/** A job's fee and agent payout until it is released (SETTLEMENT.md "Job": 0 until release), and after a dispute. */
const UNPAID = { fee: 0, agent_payout: 0 } as const;

/** Why `job`'s fee and agent payout are not what its status gives, in words; null when they are. */
export function jobFiguresRefusal(job: JobRecord): string | null {
  const { fee, agent_payout } = job.status === "released" ? settleRelease(job.amount) : UNPAID;
  if (job.fee === fee && job.agentPayout === agent_payout) return null;
  const rule =
    job.status === "released"
      ? `the fee rule gives fee ${n(fee)} and agent payout ${n(agent_payout)} on ${n(job.amount)} credits`
      : "both are 0 until a job is released";
  return `job ${job.id} is ${job.status} with fee ${n(job.fee)} and agent payout ${n(job.agentPayout)}, but ${rule}.`;
}

/**
 * The members in which `receipt` is not the receipt of the settled `job` (key_id aside: the job
 * does not carry it), in the receipt's order; none when it is the job's receipt. A member absent
 * on one side and null on the other is the same (a stamp not set).
 */
export function receiptMismatches(job: JobRecord, receipt: ReceiptRecord): ReceiptMember[] {
  return RECEIPT_MEMBER_NAMES.filter(
    (member) =>
      member !== "key_id" &&
      ((RECEIPT_MEMBERS[member] as ReceiptMemberRow).of(job, null) ?? null) !== (receipt[member] ?? null),
  );
}
