/**
 * The job as the engine hands it on: a copy for an action to change, and the response form.
 * Both go member by member through job-members.ts, so a new member needs nothing here.
 */
import { JOB_MEMBER_NAMES, type Job } from "../protocol/job-members.ts";

/** A copy of a job, for an action to change without touching the one it was given. */
export const copyJob = (job: Job): Job => ({ ...job });

/** The job in response form: SPEC's field order, members that are not set left out (D10). */
export function jobView(job: Job): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const member of JOB_MEMBER_NAMES) {
    const value = job[member];
    if (value !== undefined) view[member] = value;
  }
  return view;
}
