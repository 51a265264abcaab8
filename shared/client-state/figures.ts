/**
 * The figures of a job and of its receipt, by the fee rule (SETTLEMENT.md "Fees", "States and
 * transitions"), in one place: a job's fee and agent payout are 0 until it is released, then the
 * fee rule's; and a settled job's receipt is made of the job, member by member
 * (receipt-members.ts `of`), as the service makes it, so its fee, agent payout and refund are the
 * job's too. Whatever enters a client-held state is held to them: a demo pack and the stored
 * state (pack.ts), a handoff link, and a receipt that settles a job (client/receipt-import.ts).
 */
import { settleRelease } from "../protocol/fees.ts";
import type { ReceiptMemberRow } from "../protocol/member-rows.ts";
import { RECEIPT_MEMBER_NAMES, RECEIPT_MEMBERS } from "../protocol/receipt-members.ts";
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
 * Why `receipt` is not the receipt of the settled `job`, in words ("the receipt's amount and
 * title differ from the job's"); null when it is. Each member is compared with what the job
 * gives it (receipt-members.ts `of`), key_id aside (the job does not carry it); absent and null
 * are the same (a stamp not set).
 */
export function receiptDiffers(job: JobRecord, receipt: ReceiptRecord): string | null {
  const members = RECEIPT_MEMBER_NAMES.filter(
    (member) =>
      member !== "key_id" &&
      ((RECEIPT_MEMBERS[member] as ReceiptMemberRow).of(job, null) ?? null) !== (receipt[member] ?? null),
  );
  if (members.length === 0) return null;
  const listed = members.join(", ").replace(/, ([^,]*)$/, " and $1");
  return `the receipt's ${listed} ${members.length === 1 ? "differs" : "differ"} from the job's`;
}

/**
 * Why `job` does not hold to its figures in a state that holds `receipts`, in words; null when it
 * does: its fee and agent payout are its status's, and, settled, it is as the receipt held for it
 * says. A receipt beside a job at an earlier step is one that did not settle it (it could not
 * vouch for itself), so it is not compared.
 */
export function heldFiguresRefusal(job: JobRecord, receipts: readonly ReceiptRecord[]): string | null {
  const wrong = jobFiguresRefusal(job);
  if (wrong || (job.status !== "released" && job.status !== "disputed")) return wrong;
  const receipt = receipts.find((r) => r.job_id === job.id);
  const differs = receipt && receiptDiffers(job, receipt);
  return differs ? `job ${job.id} is not as its receipt says: ${differs}.` : null;
}
