/**
 * A client-held job and its seal (D27). The seal is checked over the job exactly as sent; a job
 * under a valid seal is the one the service wrote, whose members all passed their rules when it
 * was written, so it is read as written: each member its value under its own name, an absent or
 * null one (D2) its initial value, no rule asked again. Any other job is read member by member,
 * its seal checked last, once every member passed: SEALS=required refuses a job without one
 * (missing_field job.seal) or with one that does not match (invalid_field job.seal), SEALS=on
 * only records the verdict. The check runs once per read, whichever step asks first.
 */
import * as v from "valibot";
import { isObject } from "../lib/json.ts";
import { invalid, missing } from "../protocol/errors.ts";
import { SEAL_MISMATCH } from "../protocol/integrity-members.ts";
import { JOB_MEMBER_NAMES, type Job } from "../protocol/job-members.ts";
import { checkSeal, SEAL, type Verdict } from "../seal/seal.ts";
import type { Signer } from "../seal/signer.ts";
import { INITIAL } from "./job.ts";
import type { Check, ReadConfig, ReadContext } from "./table-steps.ts";

/** The verdict on the seal of `job` as sent, checked once per read. */
function sealFound(job: Record<string, unknown>, context: ReadContext, signer: Signer): Verdict {
  context.sealFound ??= checkSeal(signer, job);
  return context.sealFound;
}

/** The job's seal, at its place after every member: checked once every member passed, when the engine checks seals. */
export const SEAL_CHECK: Check = {
  key: SEAL,
  check: ({ input, clean, context }) => {
    const { seals } = context;
    if (!seals || !clean) return undefined;
    const verdict = sealFound(input, context, seals.signer);
    context.jobSeal = verdict;
    if (!seals.refuse || verdict === "valid") return undefined;
    return verdict === "absent" ? missing(`job.${SEAL}`) : invalid(`job.${SEAL}`, SEAL_MISMATCH);
  },
};

/** The job the service wrote, as the engine reads it. */
function asWritten(job: Record<string, unknown>): Job {
  const read: Record<string, unknown> = {};
  for (let i = 0; i < JOB_MEMBER_NAMES.length; i++) {
    const member = JOB_MEMBER_NAMES[i]!;
    const value = job[member];
    if (value !== undefined && value !== null) read[member] = value;
    else if (INITIAL[member] !== undefined) read[member] = INITIAL[member];
  }
  return read as unknown as Job;
}

/**
 * `table` (the job read member by member), reading a job under a valid seal as written instead.
 * Only a plain object is read so: the seal covers its own members, as JSON writes them.
 */
export function readSealedAsWritten(table: v.GenericSchema<unknown, Job>): v.GenericSchema<unknown, Job> {
  const run = table["~run"];
  const schema = {
    ...table,
    "~run"(dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) {
      const job = dataset.value;
      const { context } = config as ReadConfig;
      if (
        context.seals !== undefined &&
        isObject(job) &&
        Object.getPrototypeOf(job) === Object.prototype &&
        sealFound(job, context, context.seals.signer) === "valid"
      ) {
        context.jobSeal = "valid";
        return { typed: true, value: asWritten(job) };
      }
      return run.call(table, dataset, config);
    },
  };
  return v._standardSchema(schema as Parameters<typeof v._standardSchema>[0]) as v.GenericSchema<unknown, Job>;
}
