/**
 * POST /api/v0/quote: a dry run of transition with the same shape and rules (D11, D13a). It
 * gives the next status, the would-be job (no id on create) and the money impact, and changes
 * nothing; the idempotency key is only echoed.
 */
import { readActionBody } from "./action-body.ts";
import { apply, stateProblem } from "./apply.ts";
import type { EngineResult } from "./context.ts";
import { jobView } from "./job.ts";
import { receiptOf } from "./receipt.ts";
import { addClosingFields, addSettlement, type EngineRequest, envelope, failure, success } from "./respond.ts";
import { sealPolicy } from "./sealing.ts";

/** Handles a quote body. */
export function quote({ body, headers, ctx, keyId }: EngineRequest): EngineResult {
  const read = readActionBody(body, headers, ctx.now, sealPolicy(ctx.sealing, "quote"));
  if (!read.ok) return failure(read.errors[0]!);
  const request = read.value;
  const problem = stateProblem(request, ctx.now);
  if (problem) return failure(problem);
  const { action, job, payerCredits, settlement } = apply(request, ctx.now);
  const answer = envelope();
  answer.action = action;
  answer.next_status = job.status;
  answer.job = jobView(job);
  if (settlement) addSettlement(answer, settlement);
  if (payerCredits !== undefined) answer.payer_credits_after = payerCredits;
  if (settlement) answer.receipt = receiptOf(job, keyId);
  addClosingFields(answer, keyId, request.idempotency_key);
  return success(answer);
}
