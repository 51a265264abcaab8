/**
 * POST /api/v0/simulate: create, fund, submit, then release or dispute, in one request through
 * the same checks and the same apply() as transition. One clock reading for the whole walk
 * (D13a), so every stamp is equal and hold_expired cannot happen. Nothing is persisted.
 */
import type { Action, Terminal } from "../protocol/constants.ts";
import type { Job } from "../protocol/job-members.ts";
import { SIMULATE_FIELDS } from "../protocol/request-shape.ts";
import { apply, type Outcome, stateProblem } from "./apply.ts";
import { readBodyFields } from "./body-fields.ts";
import { Checker, FIELD_SPECS } from "./checker.ts";
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

const TERMINAL = FIELD_SPECS.terminal.position;

/** D5: in simulate, the note that does not match terminal is not read at all. */
const OTHER_NOTE = { release: "dispute_reason", dispute: "release_note" } as const;

/** Handles a simulate body: the fields of SPEC's simulate table, in its order (D7), then the walk. */
export function simulate(request: EngineRequest): EngineResult {
  const { ctx, keyId } = request;
  const checker = new Checker(request.body);
  const { fields } = readBodyFields(checker, SIMULATE_FIELDS, request.headers, ctx.now, (field, read) => {
    return field === OTHER_NOTE[(read[TERMINAL] as Terminal | undefined) ?? "release"];
  });
  checker.expiryConflict();
  if (checker.failed) return failure(checker.errors[0]!);

  const terminal = fields.terminal ?? "release";
  const key = fields.idempotency_key;
  const walk: Action[] = ["create", "fund", "submit", terminal];
  const steps: Body[] = [];
  let job: Job | undefined;
  let payerCredits = fields.payer_credits;
  let last: Outcome | undefined;
  for (const action of walk) {
    const step = { action, job, fields, payerCredits };
    const problem = stateProblem(step, ctx.now);
    if (problem) return failure(problem);
    const id = action === "create" ? newJobId(step, ctx.randomHex) : undefined;
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
