/**
 * POST /api/v0/simulate: create, fund, submit, then release or dispute, in one request through
 * the same checks and the same apply() as transition. One clock reading for the whole walk
 * (D13a), so every stamp is equal and hold_expired cannot happen. Nothing is persisted.
 */
import type { Terminal } from "../protocol/constants.ts";
import type { ActionRequest } from "./action-request.ts";
import { apply, type Outcome, stateProblem } from "./apply.ts";
import { Checker } from "./checker.ts";
import type { EngineResult } from "./context.ts";
import type { Job } from "./job.ts";
import { jobView, receiptOf } from "./job.ts";
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

/** Reads a simulate body in the order of SPEC's simulate table (D7). */
function readSimulate(c: Checker, request: EngineRequest) {
  const title = c.field("title", "required") as string | undefined;
  const amount = c.field("amount", "required") as number | undefined;
  const criteria = c.field("criteria", "required") as string | undefined;
  const payerCredits = c.field("payer_credits", "required") as number | undefined;
  const proofUrl = c.field("proof_url", "required") as string | undefined;
  const terminal = (c.field("terminal") as Terminal | undefined) ?? "release";
  const clientRef = c.field("client_ref") as string | undefined;
  const callbackUrl = c.field("callback_url") as string | undefined;
  const expiresAt = c.expiry(request.ctx.now);
  const proofNote = c.note("proof_note");
  // D5: the note that does not match terminal is ignored entirely.
  const releaseNote = terminal === "release" ? c.note("release_note") : undefined;
  const disputeReason = terminal === "dispute" ? c.note("dispute_reason") : undefined;
  const idempotencyKey = c.idempotencyKey(request.headers);
  c.expiryConflict();
  return {
    title,
    amount,
    criteria,
    payerCredits,
    proofUrl,
    terminal,
    clientRef,
    callbackUrl,
    expiresAt,
    proofNote,
    releaseNote,
    disputeReason,
    idempotencyKey,
  };
}

/** Handles a simulate body. */
export function simulate(request: EngineRequest): EngineResult {
  const { ctx, keyId } = request;
  const checker = new Checker(request.body);
  const f = readSimulate(checker, request);
  if (checker.failed) return failure(checker.errors[0]!);

  const walk: ActionRequest[] = [
    {
      action: "create",
      title: f.title,
      amount: f.amount,
      criteria: f.criteria,
      clientRef: f.clientRef,
      callbackUrl: f.callbackUrl,
    },
    { action: "fund", expiresAt: f.expiresAt },
    { action: "submit", proofUrl: f.proofUrl, proofNote: f.proofNote },
    f.terminal === "release"
      ? { action: "release", releaseNote: f.releaseNote }
      : { action: "dispute", disputeReason: f.disputeReason },
  ];
  const steps: Body[] = [];
  let job: Job | undefined;
  let payerCredits = f.payerCredits;
  let last: Outcome | undefined;
  for (const stepRequest of walk) {
    stepRequest.job = job;
    stepRequest.payerCredits = payerCredits;
    stepRequest.idempotencyKey = f.idempotencyKey;
    const problem = stateProblem(stepRequest, ctx.now);
    if (problem) return failure(problem);
    const id = stepRequest.action === "create" ? newJobId(stepRequest, ctx.randomHex) : undefined;
    last = apply(stepRequest, ctx.now, id);
    job = last.job;
    payerCredits = last.payerCredits;
    steps.push(transitionBody(last, keyId, f.idempotencyKey));
  }
  const body = envelope();
  body.terminal = f.terminal;
  body.steps = steps;
  body.job = jobView(job!);
  body.payer_credits = payerCredits;
  addSettlement(body, last!.settlement!);
  body.receipt = receiptOf(job!, keyId);
  addClosingFields(body, keyId, f.idempotencyKey);
  body.idempotent = f.idempotencyKey !== undefined;
  return success(body);
}
