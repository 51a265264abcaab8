/**
 * A client-held job's seal (D27), judged right after the job's members (D7), over the job
 * exactly as sent, once the job was read without a problem: SEALS=required refuses a job
 * without one (missing_field job.seal) or with one that does not match (invalid_field job.seal);
 * SEALS=on only records the verdict. The verdict is what the body reads as `jobSeal`, so it
 * leaves the read with the body; undefined when seals are not checked, or the job was not read.
 */

import { isObject } from "../lib/json.ts";
import { invalid, missing } from "../protocol/errors.ts";
import { SEAL_MISMATCH } from "../protocol/integrity-members.ts";
import type { Job } from "../protocol/job-members.ts";
import { SEAL, sealVerdict, type Verdict } from "../seal/seal.ts";
import type { Check } from "./table-steps.ts";

/** What a body with a job reads of its seal. */
export interface SealRead {
  /** What the job's seal turned out to be (D27), when it was checked. */
  jobSeal?: Verdict;
}

/** The seal of the body's job, checked at its place when the engine checks seals. */
export const JOB_SEAL: Check<SealRead & { job: Job }> = {
  key: SEAL,
  check: ({ input, output, context }) => {
    const { seals } = context;
    if (!seals || output.job === undefined || !isObject(input.job)) return undefined;
    const verdict = sealVerdict(seals.signer, input.job);
    output.jobSeal = verdict;
    if (!seals.refuse || verdict === "valid") return undefined;
    return verdict === "absent" ? missing(`job.${SEAL}`) : invalid(`job.${SEAL}`, SEAL_MISMATCH);
  },
};
