/**
 * POST /api/v0/validate: a dry check of an action body. Success is `ok: true` with the action
 * and the status it would lead to; failures add `kind` (schema on 400, state on 409) and
 * `errors`, every schema problem found, or the one state problem (D8, D13a). When the service
 * seals and the job sent carries a seal, the answer (success or state problem) says whether it
 * holds: `seal_valid` (D27), so a client can check a job it holds in one call.
 */

import { TRANSITIONS } from "../protocol/constants.ts";
import { ERROR_CATALOG, type Rejection } from "../protocol/errors.ts";
import type { Verdict } from "../seal/seal.ts";
import { readActionBody } from "./action-body.ts";
import { stateProblem } from "./apply.ts";
import type { EngineResult } from "./context.ts";
import { addClosingFields, type Body, type EngineRequest, envelope, failure, success } from "./respond.ts";
import { sealPolicy } from "./sealing.ts";

const entry = ({ error, field, message }: Rejection) => ({ error, ...(field !== undefined && { field }), message });

/** validate's refusal: the first problem, with `kind` and every problem as `errors` (D8); also its answer to a body that is not JSON (run.ts). */
export function validateRefusal(errors: Rejection[]): EngineResult {
  const first = errors[0]!;
  const result = failure(first);
  result.body.kind = ERROR_CATALOG[first.error].kind;
  result.body.errors = errors.map(entry);
  return result;
}

/** Adds seal_valid when a seal was sent and checked (D27). */
function addSealVerdict(body: Body, verdict: Verdict | undefined): void {
  if (verdict === "valid" || verdict === "invalid") body.seal_valid = verdict === "valid";
}

/** Handles a validate body. */
export function validate({ body, headers, ctx, keyId }: EngineRequest): EngineResult {
  const read = readActionBody(body, headers, ctx.now, sealPolicy(ctx.sealing, "validate"), true);
  if (!read.ok) return validateRefusal(read.errors);
  const request = read.value;
  const problem = stateProblem(request, ctx.now);
  if (problem) {
    const result = validateRefusal([problem]);
    addSealVerdict(result.body, request.jobSeal);
    return result;
  }
  const answer = envelope();
  answer.action = request.action;
  answer.next_status = TRANSITIONS[request.action].to;
  addSealVerdict(answer, request.jobSeal);
  addClosingFields(answer, keyId, request.idempotency_key);
  return success(answer);
}
