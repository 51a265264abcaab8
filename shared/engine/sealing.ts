/**
 * Where the engine meets seals and signatures (D27), when the host gives it a signer: how each
 * engine treats the seal of the job it is sent, a committed job's seal (last in the job, only
 * while the chain holds: a create, or a job that arrived with a valid seal; once broken it stays
 * broken) and a committed receipt's signature (last, only when the settled job arrived sealed,
 * so a signed receipt means the service sealed the job at every step). Without a signer the
 * answers are the contract's, unchanged.
 */

import type { Job } from "../protocol/job-members.ts";
import { SEAL, SIGNATURE, sealOf, signatureOf } from "../seal/seal.ts";
import type { Sealing, Signer } from "../seal/signer.ts";
import { jobView } from "./job.ts";
import { receiptOf } from "./receipt.ts";

/** How the job's seal is read: checked with `signer` (its verdict recorded), and refused when missing or wrong if `refuse`. */
export interface SealPolicy {
  readonly signer: Signer;
  readonly refuse: boolean;
}

/** Which engine reads the job: one that commits, a quote, a validate or a verify. */
export type SealUse = "commit" | "quote" | "validate" | "verify";

/**
 * The policy of `use` under `sealing`: a commit and a validate check the seal (validate reports
 * it), refusing a missing or wrong one under SEALS=required; a quote checks it only to refuse it
 * (SEALS=required); verify checks and reports, never refuses. None without sealing.
 */
export function sealPolicy(sealing: Sealing | undefined, use: SealUse): SealPolicy | undefined {
  if (!sealing) return undefined;
  const required = sealing.mode === "required";
  if (use === "quote" && !required) return undefined;
  return { signer: sealing.signer, refuse: required && use !== "verify" };
}

/** The job in response form, sealed when `chained`. */
export function committedJob(job: Job, sealing: Sealing | undefined, chained: boolean): Record<string, unknown> {
  const view = jobView(job);
  if (sealing && chained) view[SEAL] = sealOf(sealing.signer, view);
  return view;
}

/** The receipt of a settled job, signed when the service signs and the chain held to the end (`chained`). */
export function committedReceipt(
  job: Job,
  keyId: string | null,
  sealing: Sealing | undefined,
  chained: boolean,
): Record<string, unknown> {
  const receipt = receiptOf(job, keyId) as Record<string, unknown>;
  if (sealing && chained) receipt[SIGNATURE] = signatureOf(sealing.signer, receipt);
  return receipt;
}
