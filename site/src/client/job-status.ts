/**
 * Where a job stands, in words for its item: what its status asks for next, that an ended hold
 * leaves dispute (SPEC D4), and, for a job received through a handoff link, what its receiver
 * can do while the payer's steps stay the payer's (D28).
 */
import type { JobRecord, JobStatus } from "../../../client/index.ts";
import { holdEnded } from "./countdown.ts";

const STATUS_TEXT = {
  open: "Open: fund it to hold the amount in escrow.",
  funded: "Funded: waiting for the agent's proof.",
  submitted: "Submitted: release or dispute.",
  released: "Released.",
  disputed: "Disputed.",
} as const satisfies Record<JobStatus, string>;

/** True when `job` is funded or submitted and its hold has ended at `now`: release is refused (hold_expired). */
export const pastHold = (job: JobRecord, now: number): boolean =>
  (job.status === "funded" || job.status === "submitted") && !!job.expiresAt && holdEnded(job.expiresAt, now);

/** Where a received job stands, for its receiver: the payer's steps are the payer's (D28). */
const RECEIVED_TEXT = {
  open: "Open: its payer has not funded it yet.",
  funded: "Funded by its payer: submit your proof, then hand it back.",
  submitted: "Submitted: hand it back to its payer, who releases or disputes it.",
  released: "Released by its payer.",
  disputed: "Disputed by its payer.",
} as const satisfies Record<JobStatus, string>;

/** Where `job` stands in words; an ended hold says that dispute is what is left (SPEC D4). */
export function statusText(job: JobRecord, now: number, received: boolean): string {
  if (received) return RECEIVED_TEXT[job.status];
  if (!pastHold(job, now)) return STATUS_TEXT[job.status];
  return job.status === "submitted"
    ? "Submitted, hold ended: release is refused now, so dispute is what is left (it returns the credits to the payer)."
    : "Funded: waiting for the agent's proof. The hold ended: after the proof only dispute is left (release is refused).";
}
