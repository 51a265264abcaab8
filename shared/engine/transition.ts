/**
 * POST /api/v0/transition: commits one action and returns the updated state. Create mints the
 * job id: derived from the idempotency key (D15) or random. Nothing is stored or replayed.
 */

import type { FieldValues } from "../protocol/fields.ts";
import { idempotentJobId } from "../protocol/keys.ts";
import type { Sealing } from "../seal/signer.ts";
import { readActionBody } from "./action-body.ts";
import { apply, type Outcome, stateProblem } from "./apply.ts";
import type { EngineResult } from "./context.ts";
import {
  addClosingFields,
  addSettlement,
  type Body,
  type EngineRequest,
  envelope,
  failure,
  success,
} from "./respond.ts";
import { committedJob, committedReceipt, sealPolicy } from "./sealing.ts";

/** The id a create gets: derived from the idempotency key when one was sent, else random. */
export function newJobId(
  body: Pick<FieldValues, "title" | "amount" | "criteria"> & { idempotency_key?: string },
  randomHex: (length: number) => string,
): string {
  const { idempotency_key: key, title, amount, criteria } = body;
  return key === undefined ? `as_${randomHex(10)}` : idempotentJobId(key, title, amount, criteria);
}

/**
 * The success body of a committed action, as transition and each simulate step give it; when
 * `sealing` is given and the chain holds (`chained`), the job sealed and the receipt signed (D27).
 */
export function transitionBody(
  outcome: Outcome,
  keyId: string | null,
  idempotencyKey: string | undefined,
  sealing?: Sealing,
  chained = false,
): Body {
  const { action, job, payerCredits, settlement } = outcome;
  const body = envelope();
  body.action = action;
  body.job = committedJob(job, sealing, chained);
  if (payerCredits !== undefined) body.payer_credits = payerCredits;
  if (settlement) {
    addSettlement(body, settlement);
    body.receipt = committedReceipt(job, keyId, sealing, chained);
  }
  addClosingFields(body, keyId, idempotencyKey);
  if (action === "create") body.idempotent = idempotencyKey !== undefined;
  return body;
}

/** Handles a transition body. */
export function transition({ body, headers, ctx, keyId }: EngineRequest): EngineResult {
  const read = readActionBody(body, headers, ctx.now, sealPolicy(ctx.sealing, "commit"));
  if (!read.ok) return failure(read.errors[0]!);
  const request = read.value;
  const problem = stateProblem(request, ctx.now);
  if (problem) return failure(problem);
  const id = request.action === "create" ? newJobId(request, ctx.randomHex) : undefined;
  // The chain of custody holds from a create, or from a job sent with a valid seal (D27).
  const chained = request.action === "create" || request.jobSeal === "valid";
  const outcome = apply(request, ctx.now, id);
  return success(transitionBody(outcome, keyId, request.idempotency_key, ctx.sealing, chained));
}
