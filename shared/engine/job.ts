/**
 * The job and the receipt: their shapes, in SPEC's table order (D10), and the receipt builder.
 */
import type { JobStatus, TerminalStatus } from "../protocol/constants.ts";

/** A job as the service holds it while answering one request. */
export interface Job {
  id?: string;
  title: string;
  amount: number;
  criteria: string;
  proofUrl: string;
  proofNote?: string;
  status: JobStatus;
  createdAt: string;
  fundedAt: string | null;
  submittedAt: string | null;
  resolvedAt: string | null;
  fee: number;
  agentPayout: number;
  releaseNote?: string;
  disputeReason?: string;
  clientRef?: string;
  callbackUrl?: string;
  expiresAt?: string;
}

/**
 * A copy of a job, field by field (cheaper than a spread), for an action to change. The
 * `satisfies` makes the compiler refuse a copy that leaves out a member of Job, optional ones
 * included, so a new member cannot be dropped here silently.
 */
export const copyJob = (job: Job): Job =>
  ({
    id: job.id,
    title: job.title,
    amount: job.amount,
    criteria: job.criteria,
    proofUrl: job.proofUrl,
    proofNote: job.proofNote,
    status: job.status,
    createdAt: job.createdAt,
    fundedAt: job.fundedAt,
    submittedAt: job.submittedAt,
    resolvedAt: job.resolvedAt,
    fee: job.fee,
    agentPayout: job.agentPayout,
    releaseNote: job.releaseNote,
    disputeReason: job.disputeReason,
    clientRef: job.clientRef,
    callbackUrl: job.callbackUrl,
    expiresAt: job.expiresAt,
  }) satisfies Record<keyof Job, unknown>;

/** The job in response form: SPEC's field order, optional strings absent until set (D10). */
export function jobView(job: Job): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  if (job.id !== undefined) view.id = job.id;
  view.title = job.title;
  view.amount = job.amount;
  view.criteria = job.criteria;
  view.proofUrl = job.proofUrl;
  if (job.proofNote !== undefined) view.proofNote = job.proofNote;
  view.status = job.status;
  view.createdAt = job.createdAt;
  view.fundedAt = job.fundedAt;
  view.submittedAt = job.submittedAt;
  view.resolvedAt = job.resolvedAt;
  view.fee = job.fee;
  view.agentPayout = job.agentPayout;
  if (job.releaseNote !== undefined) view.releaseNote = job.releaseNote;
  if (job.disputeReason !== undefined) view.disputeReason = job.disputeReason;
  if (job.clientRef !== undefined) view.clientRef = job.clientRef;
  if (job.callbackUrl !== undefined) view.callbackUrl = job.callbackUrl;
  if (job.expiresAt !== undefined) view.expiresAt = job.expiresAt;
  return view;
}

/** A receipt (snake_case), returned on release and dispute. Not proof of payment. */
export interface Receipt {
  job_id: string;
  title: string;
  status: TerminalStatus;
  amount: number;
  release_fee: number;
  agent_payout: number;
  returned_to_payer: number;
  success_criteria: string;
  proof: string;
  created: string;
  funded: string | null;
  submitted: string | null;
  resolved: string | null;
  client_ref?: string;
  callback_url?: string;
  proof_note?: string;
  release_note?: string;
  dispute_reason?: string;
  key_id?: string;
}

/** The receipt of a terminal job; optional fields only when set, key_id when a key was sent (D13a). */
export function receiptOf(job: Job, keyId: string | null): Receipt {
  const released = job.status === "released";
  const receipt: Receipt = {
    job_id: job.id ?? "",
    title: job.title,
    status: released ? "released" : "disputed",
    amount: job.amount,
    release_fee: released ? job.fee : 0,
    agent_payout: released ? job.agentPayout : 0,
    returned_to_payer: released ? 0 : job.amount,
    success_criteria: job.criteria,
    proof: job.proofUrl,
    created: job.createdAt,
    funded: job.fundedAt,
    submitted: job.submittedAt,
    resolved: job.resolvedAt,
  };
  if (job.clientRef !== undefined) receipt.client_ref = job.clientRef;
  if (job.callbackUrl !== undefined) receipt.callback_url = job.callbackUrl;
  if (job.proofNote !== undefined) receipt.proof_note = job.proofNote;
  if (job.releaseNote !== undefined) receipt.release_note = job.releaseNote;
  if (job.disputeReason !== undefined) receipt.dispute_reason = job.disputeReason;
  if (keyId !== null) receipt.key_id = keyId;
  return receipt;
}
