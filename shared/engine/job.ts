/**
 * The job as the engine hands it on: a copy for an action to change, and the response form.
 * Both follow job-members.ts (compiled once, lib/compile.ts), so a new member needs nothing here.
 */
import { copy, view } from "../lib/compile.ts";
import { JOB_MEMBER_NAMES, type Job } from "../protocol/job-members.ts";

const JOB_COPY = copy(JOB_MEMBER_NAMES);
const JOB_VIEW = view(JOB_MEMBER_NAMES);

/** A copy of a job, for an action to change without touching the one it was given. */
export const copyJob = (job: Job): Job => JOB_COPY(job) as Job;

/** The job in response form: SPEC's field order, members that are not set left out (D10). */
export const jobView = (job: Job): Record<string, unknown> => JOB_VIEW(job);
