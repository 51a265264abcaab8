/**
 * The states and transitions table of SPEC as code: each action's state checks (D7 order:
 * illegal_transition, insufficient_credits, hold_expired) and what it does to the job, the
 * payer credits and the money. Pure: the clock reading and the new job id come in.
 */
import { type Action, TRANSITIONS } from "../protocol/constants.ts";
import { toIso } from "../protocol/datetime.ts";
import { illegalTransition, type Rejection, reject } from "../protocol/errors.ts";
import { type Settlement, settleDispute, settleRelease } from "../protocol/fees.ts";
import type { ActionRequest } from "./action-request.ts";
import { copyJob, type Job } from "./job.ts";

/** The result of one action. payerCredits is the balance after it, when one was sent. */
export interface Outcome {
  action: Action;
  job: Job;
  payerCredits?: number;
  settlement?: Settlement;
}

/** The first state problem of a checked request, or null when the action may proceed. */
export function stateProblem(request: ActionRequest, now: number): Rejection | null {
  const { action, job } = request;
  if (action === "create" || !job) return null;
  const needed = TRANSITIONS[action].from;
  if (job.status !== needed) return illegalTransition(action, job.status, needed);
  if (action === "fund" && (request.payerCredits ?? 0) < job.amount) {
    return reject("insufficient_credits", { action, needed: job.amount, payer_credits: request.payerCredits ?? 0 });
  }
  // D4: hold_expired only when now is strictly after expiresAt; dispute stays allowed.
  if (action === "release" && job.expiresAt !== undefined && now > Date.parse(job.expiresAt)) {
    return reject("hold_expired", { expiresAt: job.expiresAt });
  }
  return null;
}

/** Applies a checked request whose state passed. `id` is the new job's id on create (none on a quote). */
export function apply(request: ActionRequest, now: number, id?: string): Outcome {
  const at = toIso(now);
  const { action, payerCredits } = request;
  if (action === "create") {
    const job: Job = {
      id,
      title: request.title as string,
      amount: request.amount as number,
      criteria: request.criteria as string,
      proofUrl: "",
      status: "open",
      createdAt: at,
      fundedAt: null,
      submittedAt: null,
      resolvedAt: null,
      fee: 0,
      agentPayout: 0,
      clientRef: request.clientRef,
      callbackUrl: request.callbackUrl,
    };
    return { action, job, payerCredits };
  }
  const job = copyJob(request.job as Job);
  job.status = TRANSITIONS[action].to;
  switch (action) {
    case "fund":
      job.fundedAt = at;
      job.expiresAt = request.expiresAt;
      return { action, job, payerCredits: (payerCredits as number) - job.amount };
    case "submit":
      job.proofUrl = request.proofUrl as string;
      job.proofNote = request.proofNote;
      job.submittedAt = at;
      return { action, job, payerCredits };
    case "release": {
      const settlement = settleRelease(job.amount);
      job.resolvedAt = at;
      job.fee = settlement.fee;
      job.agentPayout = settlement.agent_payout;
      job.releaseNote = request.releaseNote;
      return { action, job, payerCredits, settlement };
    }
    case "dispute": {
      const settlement = settleDispute(job.amount);
      job.resolvedAt = at;
      job.fee = 0;
      job.agentPayout = 0;
      job.disputeReason = request.disputeReason;
      const after = payerCredits === undefined ? undefined : payerCredits + settlement.returned_to_payer;
      return { action, job, payerCredits: after, settlement };
    }
  }
}
