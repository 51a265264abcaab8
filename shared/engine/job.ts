/**
 * The job in response form: SETTLEMENT.md's member order (job-members.ts), members that are not set left
 * out (D10).
 */
import { JOB_MEMBER_NAMES, type Job } from "../protocol/job-members.ts";

/** The job in response form. */
export function jobView(job: Job): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  const members = job as Record<string, unknown>;
  for (let i = 0; i < JOB_MEMBER_NAMES.length; i++) {
    const member = JOB_MEMBER_NAMES[i]!;
    const value = members[member];
    if (value !== undefined) view[member] = value;
  }
  return view;
}
