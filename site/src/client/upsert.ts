/**
 * How a job or a receipt joins the state's lists: a known job is replaced in place, a new one goes
 * first; a receipt always goes first, replacing the one of the same job.
 */
import type { JobRecord } from "../../../shared/browser/share-links.ts";
import type { Receipt } from "../../../shared/protocol/receipt-members.ts";

/** `jobs` with `job` replacing the one with its id, or added first. */
export const upsertJob = (jobs: JobRecord[], job: JobRecord): JobRecord[] =>
  jobs.some((j) => j.id === job.id) ? jobs.map((j) => (j.id === job.id ? job : j)) : [job, ...jobs];

/** `receipts` with `receipt` first and no other receipt of its job. */
export const upsertReceipt = (receipts: Receipt[], receipt: Receipt): Receipt[] => [
  receipt,
  ...receipts.filter((r) => r.job_id !== receipt.job_id),
];
