/**
 * The states and transitions table (SETTLEMENT.md) as code: each action's state checks (D7 order:
 * illegal_transition, insufficient_credits, hold_expired) and what it does to the job, the
 * payer credits and the money. What an action copies from the request or stamps with the time
 * is read from job-members.ts; the money is fees.ts. Pure: the clock reading and the new job id
 * come in.
 */

import { ACTIONS, type Action, TRANSITIONS } from "../protocol/constants.ts";
import { toIso } from "../protocol/datetime.ts";
import { illegalTransition, type Rejection, reject } from "../protocol/errors.ts";
import { type Settlement, settleDispute, settleRelease } from "../protocol/fees.ts";
import type { FieldName, FieldValues } from "../protocol/fields.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS, type Job, type JobMember } from "../protocol/job-members.ts";
import type { JobMemberRow } from "../protocol/member-rows.ts";
import { INITIAL } from "./job.ts";

/** An x402 payment as a fund over x402 writes it into the job (D30; job-members.ts "paid"). */
interface X402Paid {
  payer: string;
  payment: string;
}

/**
 * What an action reads: its action, the job it acts on, the fields sent (or a simulated walk's,
 * D13a), and on a fund over x402 the payment (never a request field: only that route sets it).
 */
export type ActionStep = { action: Action; job?: Job; x402?: X402Paid } & Partial<FieldValues>;

/** The result of one action. payerCredits is the balance after it, when one was sent. */
export interface Outcome {
  action: Action;
  job: Job;
  payerCredits?: number;
  settlement?: Settlement;
}

const row = (member: JobMember): JobMemberRow => JOB_MEMBERS[member];

/** Per action: the members it copies from request fields (member, field), and the members it stamps with the time. */
const EFFECTS = Object.fromEntries(
  ACTIONS.map((action) => [
    action,
    {
      copies: JOB_MEMBER_NAMES.flatMap((member) => {
        const from = row(member).from;
        return from?.on === action ? [[member, from.field] as const] : [];
      }),
      stamps: JOB_MEMBER_NAMES.filter((member) => row(member).stampedOn?.includes(action)),
      paid: action === "fund" ? JOB_MEMBER_NAMES.filter((member) => row(member).paid !== undefined) : [],
    },
  ]),
) as unknown as Record<
  Action,
  { copies: readonly (readonly [JobMember, FieldName])[]; stamps: readonly JobMember[]; paid: readonly JobMember[] }
>;

/** The first state problem of a checked step, or null when the action may proceed. */
export function stateProblem(step: ActionStep, now: number): Rejection | null {
  const { action, job } = step;
  if (action === "create" || !job) return null;
  const needed = TRANSITIONS[action].from;
  if (job.status !== needed) return illegalTransition(action, job.status, needed);
  const credits = step.payer_credits ?? 0;
  if (action === "fund" && credits < job.amount) {
    return reject("insufficient_credits", { action, needed: job.amount, payer_credits: credits });
  }
  // D4: hold_expired only when now is strictly after expiresAt; dispute stays allowed.
  if (action === "release" && job.expiresAt !== undefined && now > Date.parse(job.expiresAt)) {
    return reject("hold_expired", { expiresAt: job.expiresAt });
  }
  return null;
}

/** Applies a checked step whose state passed. `id` is the new job's id on create (none on a quote). */
export function apply(step: ActionStep, now: number, id?: string): Outcome {
  const { action, payer_credits: credits } = step;
  // A copy to change: a new job at its initial values, or the job sent.
  const changed: Partial<Record<JobMember, unknown>> = action === "create" ? { ...INITIAL, id } : { ...step.job };
  const effects = EFFECTS[action];
  changed.status = TRANSITIONS[action].to;
  for (const [member, field] of effects.copies) changed[member] = step[field];
  // A fund writes the x402 payment it was paid with, and leaves out any other (D30).
  for (const member of effects.paid) changed[member] = step.x402?.[row(member).paid!];
  if (effects.stamps.length > 0) {
    const stamp = toIso(now);
    for (const member of effects.stamps) changed[member] = stamp;
  }
  // Every member an action leaves set: the table's rows (job-members.ts "from", "stampedOn").
  const job = changed as Job;
  if (action === "fund") return { action, job, payerCredits: (credits ?? 0) - job.amount };
  if (action !== "release" && action !== "dispute") return { action, job, payerCredits: credits };
  const settlement = action === "release" ? settleRelease(job.amount) : settleDispute(job.amount);
  job.fee = settlement.fee;
  job.agentPayout = settlement.agent_payout;
  const refunded = action === "dispute" && credits !== undefined ? credits + settlement.returned_to_payer : credits;
  return { action, job, payerCredits: refunded, settlement };
}
