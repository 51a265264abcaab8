/**
 * The job as the engine writes it: a new job's values, each member's initial value from its row
 * (job-members.ts), and the job in response form: SETTLEMENT.md's member order, members that are
 * not set left out (D10). Both read the job table, so a new member is one row there.
 */
import { JOB_MEMBER_NAMES, JOB_MEMBERS, type Job, type JobMember } from "../protocol/job-members.ts";
import type { JobMemberRow } from "../protocol/member-rows.ts";

/** Each member's value on a new job: its row's initial value, undefined for those an action sets. */
export const INITIAL: Readonly<Record<JobMember, unknown>> = Object.fromEntries(
  JOB_MEMBER_NAMES.map((member) => [member, (JOB_MEMBERS[member] as JobMemberRow).initial]),
) as Record<JobMember, unknown>;

/** The job in response form: the table's members, in its order, each only when set. */
export function jobView(job: Job): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const member of JOB_MEMBER_NAMES) {
    const value = job[member];
    if (value !== undefined) view[member] = value;
  }
  return view;
}
