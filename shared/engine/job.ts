/**
 * The job as the engine writes it: a new job's values, each member's initial value from its row
 * (job-members.ts), and the job in response form: SETTLEMENT.md's member order, members that are
 * not set left out (D10).
 *
 * Written out member by member rather than as a loop over JOB_MEMBER_NAMES: every answer with a
 * job makes at least one view (simulate five), and Bun's engine makes each `view.member = …` of
 * a fixed name a cached store, where a loop's `view[member] = …` looks each name up: 17 ns a view
 * against 132 for the loop, in process (docs/performance.md, "What was changed after run 6").
 * snapshots/engine/job-view.test.ts holds it to the table: every member, in the table's order,
 * each left out when unset; a member added to job-members.ts fails it until it is written here.
 */
import { JOB_MEMBER_NAMES, JOB_MEMBERS, type Job, type JobMember } from "../protocol/job-members.ts";
import type { JobMemberRow } from "../protocol/member-rows.ts";

/** Each member's value on a new job: its row's initial value, undefined for those an action sets. */
export const INITIAL: Readonly<Record<JobMember, unknown>> = Object.fromEntries(
  JOB_MEMBER_NAMES.map((member) => [member, (JOB_MEMBERS[member] as JobMemberRow).initial]),
) as Record<JobMember, unknown>;

/** The job in response form. */
export function jobView(job: Job): Record<string, unknown> {
  const view: Partial<Job> = {};
  if (job.id !== undefined) view.id = job.id;
  if (job.title !== undefined) view.title = job.title;
  if (job.amount !== undefined) view.amount = job.amount;
  if (job.criteria !== undefined) view.criteria = job.criteria;
  if (job.proofUrl !== undefined) view.proofUrl = job.proofUrl;
  if (job.proofNote !== undefined) view.proofNote = job.proofNote;
  if (job.status !== undefined) view.status = job.status;
  if (job.createdAt !== undefined) view.createdAt = job.createdAt;
  if (job.fundedAt !== undefined) view.fundedAt = job.fundedAt;
  if (job.submittedAt !== undefined) view.submittedAt = job.submittedAt;
  if (job.resolvedAt !== undefined) view.resolvedAt = job.resolvedAt;
  if (job.fee !== undefined) view.fee = job.fee;
  if (job.agentPayout !== undefined) view.agentPayout = job.agentPayout;
  if (job.releaseNote !== undefined) view.releaseNote = job.releaseNote;
  if (job.disputeReason !== undefined) view.disputeReason = job.disputeReason;
  if (job.clientRef !== undefined) view.clientRef = job.clientRef;
  if (job.callbackUrl !== undefined) view.callbackUrl = job.callbackUrl;
  if (job.expiresAt !== undefined) view.expiresAt = job.expiresAt;
  return view as Record<string, unknown>;
}
