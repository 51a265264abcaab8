/**
 * A client-held job's seal (D27), checked once over the job exactly as sent, before its members.
 * A job under a valid seal is the one the service wrote, whose members all passed their rules
 * when it was written, so it is read as written: each member its value under its own name, an
 * absent or null one (D2) its initial value, no rule asked again. Measured over HTTP
 * (scripts/bench.ts against the build before this reader, which read so too, 3 rounds): read
 * member by member, transition release gave 11,729 req/s against 13,179, validate 22,037
 * against 25,090, transition fund 22,107 against 24,024 (8 to 12 % lost); read as written, they
 * are back within the bench's noise of that build. Any other job is read member by member and
 * its seal is judged right after its members (D7), once every member passed: SEALS=required
 * refuses a job without one (missing_field job.seal) or with one that does not match
 * (invalid_field job.seal); SEALS=on only records the verdict. The verdict is what the body reads as `jobSeal`, so it
 * leaves the read with the body; undefined when seals are not checked.
 */
import { isObject } from "../lib/json.ts";
import { invalid, missing } from "../protocol/errors.ts";
import { SEAL_MISMATCH } from "../protocol/integrity-members.ts";
import { JOB_MEMBER_NAMES, type Job } from "../protocol/job-members.ts";
import { SEAL, sealVerdict, type Verdict } from "../seal/seal.ts";
import { INITIAL } from "./job.ts";
import type { ReadJob } from "./member-schemas.ts";
import type { Check, Member } from "./table-steps.ts";

/** What a body with a job reads of its seal. */
export interface SealRead {
  /** What the job's seal turned out to be (D27), when it was checked. */
  jobSeal?: Verdict;
}

type SealedBody = SealRead & { job: ReadJob };

/** The job the service wrote, as the engine reads it. */
function asWritten(job: Record<string, unknown>): ReadJob {
  const read: Partial<Record<keyof Job, unknown>> = {};
  for (const member of JOB_MEMBER_NAMES) {
    const value = job[member];
    if (value !== undefined && value !== null) read[member] = value;
    else if (INITIAL[member] !== undefined) read[member] = INITIAL[member];
  }
  // Every member passed its rule when the service wrote and sealed it.
  return read as ReadJob;
}

/** Before the job's members: its seal's verdict, and a job under a valid seal read as written. */
const SEALED_JOB: Check<SealedBody> = {
  key: "job",
  check: ({ input, output, context }) => {
    const { job } = input;
    if (!context.seals || !isObject(job)) return undefined;
    output.jobSeal = sealVerdict(context.seals.signer, job);
    // Only a plain object is read so: the seal covers its own members, as JSON writes them.
    if (output.jobSeal === "valid" && Object.getPrototypeOf(job) === Object.prototype) output.job = asWritten(job);
    return undefined;
  },
};

/** After the job's members, once they passed: a missing or wrong seal refused, when the engine refuses them. */
const SEAL_JUDGED: Check<SealedBody> = {
  key: SEAL,
  check: ({ output: { job, jobSeal }, context }) => {
    if (!context.seals?.refuse || job === undefined || jobSeal === undefined || jobSeal === "valid") return undefined;
    return jobSeal === "absent" ? missing(`job.${SEAL}`) : invalid(`job.${SEAL}`, SEAL_MISMATCH);
  },
};

/** The steps of a body's job: its seal checked, the job read by `member` unless read as written, the seal judged. */
export const sealedJobSteps = (member: Member) => [
  SEALED_JOB,
  { ...member, when: ({ output }: { output: { job?: unknown } }) => output.job === undefined },
  SEAL_JUDGED,
];
