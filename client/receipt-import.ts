/**
 * What a receipt link (D19) brings into a client-held state, as pure functions. A receipt
 * settles a job held at an earlier step (funded or submitted) only when the caller vouches for
 * its signature (verifyReceipt against the service's JWKS: the service sealed the job at every
 * step and settled it, D27) and it is that job's receipt (figures.ts): the held job becomes the
 * settled job the receipt describes, and the balances move as the action would have moved them
 * here (an own release pays the agent wallet and its fee counts in Fees paid, an own dispute
 * returns the amount, a received job's escrow simply goes, D28). A receipt that contradicts a
 * job held is refused; a receipt held is replaced only by one vouched for; any other is kept,
 * settling nothing, since nothing shows the service settled the job so.
 */
import { jobFiguresRefusal, receiptDiffers } from "../shared/client-state/figures.ts";
import type { DemoState } from "../shared/client-state/pack.ts";
import { checkJob, type JobRecord, type ReceiptRecord } from "../shared/client-state/share-links.ts";
import { jobView } from "../shared/engine/job.ts";
import type { Job } from "../shared/protocol/job-members.ts";
import type { EscrowError } from "./answer.ts";
import { isReceived, refused, sameText, upsertJob, upsertReceipt } from "./state.ts";

/** What taking in a receipt gives: the state (`state` itself when nothing changed) and the job it settled, if any. */
export type ReceiptTaken = { ok: true; state: DemoState; settled?: JobRecord } | EscrowError;

/**
 * `held` (not settled) as `receipt` says it was settled: the steps it has not taken here (its
 * funding, its proof) and the settlement from the receipt; no seal (the service sealed the job
 * it settled, not this copy), members in the order the service writes them.
 */
export function settledJob(held: JobRecord, receipt: ReceiptRecord): JobRecord {
  const { seal: _, ...job } = held;
  const unproved = held.status !== "submitted";
  return jobView({
    ...job,
    ...(held.status === "open" && { fundedAt: receipt.funded }),
    ...(unproved && { proofUrl: receipt.proof, proofNote: receipt.proof_note, submittedAt: receipt.submitted }),
    status: receipt.status,
    resolvedAt: receipt.resolved,
    fee: receipt.release_fee,
    agentPayout: receipt.agent_payout,
    releaseNote: receipt.release_note,
    disputeReason: receipt.dispute_reason,
  } as Job) as JobRecord;
}

/** Why `receipt` is not the receipt of `job` (settled, or as `receipt` would settle it), in words; null when it is. */
function notItsReceipt(job: JobRecord, receipt: ReceiptRecord): string | null {
  const read = checkJob(job);
  if (!read.ok) return `it cannot be the receipt of job ${job.id}: ${read.message}`;
  const differs = receiptDiffers(job, receipt);
  if (differs) return `it is not the receipt of job ${job.id} as held here: ${differs}.`;
  const figures = jobFiguresRefusal(job);
  return figures && `it says ${figures}`;
}

/**
 * `state` after taking in `receipt`, which the caller `vouched` for (its signature holds for the
 * service's keys); or why not, changing nothing.
 */
export function afterReceipt(state: DemoState, receipt: ReceiptRecord, vouched: boolean): ReceiptTaken {
  const id = receipt.job_id;
  const held = state.jobs.find((j) => j.id === id);
  const kept = state.receipts.find((r) => r.job_id === id);
  const settling = held !== undefined && held.status !== "released" && held.status !== "disputed";
  const settled = held && settling ? settledJob(held, receipt) : held;
  const wrong = settled && notItsReceipt(settled, receipt);
  if (wrong) return refused("invalid_input", `This receipt cannot be taken in: ${wrong} Nothing changed.`);
  const settles = vouched && (held?.status === "funded" || held?.status === "submitted");
  const same = kept !== undefined && sameText(kept, receipt);
  if (same && !settles) return { ok: true, state };
  if (kept && !same && !vouched)
    return refused(
      "invalid_input",
      `A receipt of job ${id} is held here already, and this other one does not replace it: nothing shows the service signed it. Nothing changed.`,
    );
  const receipts = upsertReceipt(state.receipts, receipt);
  if (!settles || !settled) return { ok: true, state: { ...state, receipts } };
  const own = !isReceived(state, id);
  return {
    ok: true,
    settled,
    state: {
      ...state,
      receipts,
      jobs: upsertJob(state.jobs, settled),
      payerCredits: state.payerCredits + (own ? receipt.returned_to_payer : 0),
      agentCredits: state.agentCredits + (own ? receipt.agent_payout : 0),
    },
  };
}
