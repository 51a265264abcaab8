/**
 * The receipt of a terminal job (SETTLEMENT.md "Receipt"), member by member from receipt-members.ts:
 * optional members only when set, key_id only when a demo key was sent (D13a).
 *
 * Each member's value is its row's `of`; the receipt is written out member by member rather than
 * as a loop over the table's names, because Bun caches a store of a fixed name where a loop's
 * `receipt[member] = …` looks each name up: 0.20 µs a receipt for the loop, in process
 * (docs/performance.md, "What was changed after run 6"). snapshots/engine/receipt-view.test.ts
 * holds it to the table; a member added to receipt-members.ts fails it until it is written here.
 */
import type { Job } from "../protocol/job-members.ts";
import { RECEIPT_MEMBERS as M, type Receipt } from "../protocol/receipt-members.ts";

/** The receipt of a released or disputed job. Not proof of payment. */
export function receiptOf(job: Job, keyId: string | null): Receipt {
  const receipt: Record<string, unknown> = {};
  let value: unknown;
  value = M.job_id.of(job);
  if (value !== undefined) receipt.job_id = value;
  value = M.title.of(job);
  if (value !== undefined) receipt.title = value;
  value = M.status.of(job);
  if (value !== undefined) receipt.status = value;
  value = M.amount.of(job);
  if (value !== undefined) receipt.amount = value;
  value = M.release_fee.of(job);
  if (value !== undefined) receipt.release_fee = value;
  value = M.agent_payout.of(job);
  if (value !== undefined) receipt.agent_payout = value;
  value = M.returned_to_payer.of(job);
  if (value !== undefined) receipt.returned_to_payer = value;
  value = M.success_criteria.of(job);
  if (value !== undefined) receipt.success_criteria = value;
  value = M.proof.of(job);
  if (value !== undefined) receipt.proof = value;
  value = M.created.of(job);
  if (value !== undefined) receipt.created = value;
  value = M.funded.of(job);
  if (value !== undefined) receipt.funded = value;
  value = M.submitted.of(job);
  if (value !== undefined) receipt.submitted = value;
  value = M.resolved.of(job);
  if (value !== undefined) receipt.resolved = value;
  value = M.client_ref.of(job);
  if (value !== undefined) receipt.client_ref = value;
  value = M.callback_url.of(job);
  if (value !== undefined) receipt.callback_url = value;
  value = M.proof_note.of(job);
  if (value !== undefined) receipt.proof_note = value;
  value = M.release_note.of(job);
  if (value !== undefined) receipt.release_note = value;
  value = M.dispute_reason.of(job);
  if (value !== undefined) receipt.dispute_reason = value;
  value = M.key_id.of(job, keyId);
  if (value !== undefined) receipt.key_id = value;
  return receipt as Receipt;
}
