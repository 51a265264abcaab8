/**
 * The job as the engine hands it on: a copy for an action to change, and the response form.
 * Both follow job-members.ts (written out in accessors.generated.ts), so a new member needs
 * nothing here but `bun run codegen`.
 */
import type { Job } from "../protocol/job-members.ts";
import { jobMembersCopy, jobMembersView } from "./accessors.generated.ts";

/** A copy of a job, for an action to change without touching the one it was given. */
export const copyJob = (job: Job): Job => jobMembersCopy(job) as Job;

/** The job in response form: SPEC's field order, members that are not set left out (D10). */
export const jobView = (job: Job): Record<string, unknown> => jobMembersView(job);
