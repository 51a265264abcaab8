/**
 * The job in response form: SPEC's member order (job-members.ts), members that are not set left
 * out (D10).
 */
import { JOB_MEMBER_NAMES, type Job } from "../protocol/job-members.ts";

/** The job in response form. */
export function jobView(job: Job): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  const members = job as Record<string, unknown>;
  for (const member of JOB_MEMBER_NAMES) if (members[member] !== undefined) view[member] = members[member];
  return view;
}
