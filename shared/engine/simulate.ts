/**
 * POST /api/v0/simulate: create, fund, submit, then release or dispute, in one request through
 * the same checks and the same apply() as transition. One clock reading for the whole walk
 * (D13a), so every stamp is equal and hold_expired cannot happen. Nothing is persisted.
 */
import type { Action } from "../protocol/constants.ts";
import type { Job } from "../protocol/job-members.ts";
import { apply, type Outcome, stateProblem } from "./apply.ts";
import { readEngineBody } from "./body-reader.ts";
import { SIMULATE_BODY } from "./body-schemas.ts";
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
import { newJobId, transitionBody } from "./transition.ts";

/** Handles a simulate body: the fields of the simulate table of SETTLEMENT.md "Action bodies", in its order (D7), then the walk. */
export function simulate(request: EngineRequest): EngineResult {
  const { ctx, keyId } = request;
  const context = { now: ctx.now, header: request.headers.get("idempotency-key"), seals: undefined };
  const read = readEngineBody(SIMULATE_BODY, request.body, context, false);
  if (!read.ok) return failure(read.errors[0]!);
  const fields = read.value;

  const terminal = fields.terminal ?? "release";
  const key = fields.idempotency_key;
  const walk: Action[] = ["create", "fund", "submit", terminal];
  const steps: Body[] = [];
  let job: Job | undefined;
  let payerCredits: number | undefined = fields.payer_credits;
  let last: Outcome | undefined;
  for (const action of walk) {
    const step = { ...fields, action, job, payer_credits: payerCredits };
    const problem = stateProblem(step, ctx.now);
    if (problem) return failure(problem);
    const id = action === "create" ? newJobId(fields, ctx.randomHex) : undefined;
    last = apply(step, ctx.now, id);
    job = last.job;
    payerCredits = last.payerCredits;
    // The walk starts with a create: its chain of custody holds to the end (D27).
    steps.push(transitionBody(last, keyId, key, ctx.sealing, true));
  }
  const body = envelope();
  body.terminal = terminal;
  body.steps = steps;
  // The final job and receipt are the last step's, seal and signature included (each costs a signing).
  const lastStep = steps.at(-1)!;
  body.job = lastStep.job;
  body.payer_credits = payerCredits;
  addSettlement(body, last!.settlement!);
  body.receipt = lastStep.receipt;
  addClosingFields(body, keyId, key);
  body.idempotent = key !== undefined;
  return success(body);
}
