/**
 * Whether a job's seal holds, asked of the service (D27). A seal is the service's own
 * MAC under a secret key, so only the service can check it; validate and verify answer
 * `seal_valid` for the job they are sent, changing nothing. The job goes exactly as held (its
 * members and their order are what the seal covers), in a body that needs nothing the job does not
 * give: an action its status allows to validate, or verify for a settled job, which no action
 * takes. A seal of the form an older version of the service wrote (EdDSA, before seals were the service's HS256 MAC) can
 * never hold now, so it is not sent: its verdict is `seal_valid: false` at once. As everywhere
 * in the client, nothing is thrown: the verdict, or an EscrowError value.
 */
import { isOlderForm, isSealed, type JobRecord } from "../shared/client-state/signed-members.ts";
import type { EscrowError } from "./answer.ts";
import type { EscrowApi } from "./api.ts";
import type { ActionRequest } from "./requests.ts";

/** A proof URL for asking about a funded job's seal: validate needs one for submit; nothing is submitted. */
export const SEAL_CHECK_PROOF_URL = "https://example.invalid/seal-check";

/** What the service said of a job's seal. */
export interface SealVerdict {
  ok: true;
  /**
   * The service's `seal_valid`: true when the seal is its own over the job exactly as held, false
   * when a member was changed, added, dropped or moved, or the seal is not its own; false too,
   * without asking, for a seal of the older form. Absent when the job carries no seal (nothing
   * was asked) or the service does not seal (SEALS=off).
   */
  seal_valid?: boolean;
  /**
   * True when the seal has the form an older version of the service wrote (EdDSA, before HS256
   * seals): it no longer holds, whatever the service, so nothing was asked and seal_valid is false.
   */
  older: boolean;
}

/** The body that asks validate about `job` with no other problem to report: a fund the job's own amount covers, a submit, a dispute. */
function validateBody(job: JobRecord): ActionRequest<"fund"> | ActionRequest<"submit"> | ActionRequest<"dispute"> {
  if (job.status === "open") return { action: "fund", job, payer_credits: job.amount };
  if (job.status === "funded") return { action: "submit", job, proof_url: SEAL_CHECK_PROOF_URL };
  return { action: "dispute", job };
}

/**
 * Asks the service behind `api` whether `job`'s seal holds: POST /api/v0/validate with an action
 * its status allows, or POST /api/v0/verify `{ job }` for a released or disputed job. A state
 * problem (409) still carries `seal_valid`; under SEALS=required a seal that does not hold is
 * refused as invalid_field job.seal, which is `seal_valid: false` too. Any other refusal, or no
 * answer, is its EscrowError. A job without a seal, or with a seal of the older form, is not sent.
 */
export async function checkSeal(api: EscrowApi, job: JobRecord): Promise<SealVerdict | EscrowError> {
  if (!isSealed(job)) return { ok: true, older: false };
  if (isOlderForm(job.seal)) return { ok: true, seal_valid: false, older: true };
  const settled = job.status === "released" || job.status === "disputed";
  const answer = settled ? await api.verify({ job }) : await api.validate(validateBody(job));
  const verdict = (sealValid: boolean | undefined): SealVerdict =>
    sealValid === undefined ? { ok: true, older: false } : { ok: true, seal_valid: sealValid, older: false };
  if (answer.ok) return verdict(answer.seal_valid);
  if (answer.body?.seal_valid !== undefined) return verdict(answer.body.seal_valid);
  if (answer.code === "invalid_field" && answer.field === "job.seal") return verdict(false);
  return answer;
}
