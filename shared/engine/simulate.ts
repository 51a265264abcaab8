/**
 * POST /api/v0/simulate: create, fund, submit, then release or dispute, in one request through
 * the same checks and the same apply() as transition. One clock reading for the whole walk
 * (D13a), so every stamp is equal and hold_expired cannot happen. Nothing is persisted.
 */
import type { Terminal } from "../constants.ts";
import { MODE, MONEY } from "../constants.ts";
import { type ActionRequest } from "./action-request.ts";
import { apply, stateProblem } from "./apply.ts";
import { Checker } from "./checker.ts";
import type { EngineResult } from "./context.ts";
import { jobView, receiptOf } from "./job.ts";
import { closingFields, type EngineRequest, failure, success } from "./respond.ts";
import { newJobId, transitionFields } from "./transition.ts";

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
  return { title, amount, criteria, payerCredits, proofUrl, terminal, clientRef, callbackUrl, expiresAt, proofNote, releaseNote, disputeReason, idempotencyKey };
}

/** Handles a simulate body. */
export function simulate(request: EngineRequest): EngineResult {
  const { ctx, keyId } = request;
  const checker = new Checker(request.body);
  const f = readSimulate(checker, request);
  if (checker.failed) return failure(checker.errors[0]!);

  const walk: ActionRequest[] = [
    { action: "create", title: f.title, amount: f.amount, criteria: f.criteria, clientRef: f.clientRef, callbackUrl: f.callbackUrl },
    { action: "fund", expiresAt: f.expiresAt },
    { action: "submit", proofUrl: f.proofUrl, proofNote: f.proofNote },
    f.terminal === "release" ? { action: "release", releaseNote: f.releaseNote } : { action: "dispute", disputeReason: f.disputeReason },
  ];
  const steps: Record<string, unknown>[] = [];
  let job;
  let payerCredits = f.payerCredits;
  let last;
  for (const step of walk) {
    const stepRequest: ActionRequest = { ...step, job, payerCredits, idempotencyKey: f.idempotencyKey };
    const problem = stateProblem(stepRequest, ctx.now);
    if (problem) return failure(problem);
    const id = step.action === "create" ? newJobId(stepRequest, ctx.randomHex) : undefined;
    last = apply(stepRequest, ctx.now, id);
    job = last.job;
    payerCredits = last.payerCredits;
    steps.push({ ok: true, mode: MODE, money: MONEY, ...transitionFields(last, keyId, f.idempotencyKey) });
  }
  const settlement = last!.settlement!;
  return success({
    terminal: f.terminal,
    steps,
    job: jobView(job!),
    payer_credits: payerCredits,
    ...settlement,
    receipt: receiptOf(job!, keyId),
    ...closingFields(keyId, f.idempotencyKey),
    idempotent: f.idempotencyKey !== undefined,
  });
}
