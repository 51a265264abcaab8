/**
 * Where the engine's answers gain their seals and signatures (D27), when the host gives it a
 * signer: a committed job's seal, last in the job, only while the chain of custody holds (a
 * create, or a job that arrived with a valid seal; once broken it stays broken); a committed
 * receipt's `job_sealed` (did the settled job arrive sealed) and `signature`, last. Without a
 * signer the answers are SPEC's, unchanged.
 */

import type { Job } from "../protocol/job-members.ts";
import { SEAL, SIGNATURE, sealOf, signatureOf } from "../seal/seal.ts";
import type { Sealing } from "../seal/signer.ts";
import { jobView } from "./job.ts";
import { receiptOf } from "./receipt.ts";

/** The job in response form, sealed when `chained`. */
export function committedJob(job: Job, sealing: Sealing | undefined, chained: boolean): Record<string, unknown> {
  const view = jobView(job);
  if (sealing && chained) view[SEAL] = sealOf(sealing.signer, view);
  return view;
}

/** The receipt of a settled job, with job_sealed and its signature when the service signs. */
export function committedReceipt(
  job: Job,
  keyId: string | null,
  sealing: Sealing | undefined,
  chained: boolean,
): Record<string, unknown> {
  const receipt = receiptOf(job, keyId) as Record<string, unknown>;
  if (!sealing) return receipt;
  receipt.job_sealed = chained;
  receipt[SIGNATURE] = signatureOf(sealing.signer, receipt);
  return receipt;
}
