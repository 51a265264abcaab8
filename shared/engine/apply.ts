/**
 * The states and transitions table of SPEC as code: each action's state checks (D7 order:
 * illegal_transition, insufficient_credits, hold_expired) and what it does to the job, the
 * payer credits and the money. What an action copies from the request or stamps with the time
 * is read from job-members.ts; the money is fees.ts. Pure: the clock reading and the new job id
 * come in.
 */

import { ACTIONS, type Action, TRANSITIONS } from "../protocol/constants.ts";
import { toIso } from "../protocol/datetime.ts";
import { illegalTransition, type Rejection, reject } from "../protocol/errors.ts";
import { type Settlement, settleDispute, settleRelease } from "../protocol/fees.ts";
import type { FieldName } from "../protocol/fields.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS, type Job, type JobMember } from "../protocol/job-members.ts";
import type { JobMemberRow } from "../protocol/member-rows.ts";
import { jobMembersLiteral, jobMembersTuple } from "./accessors.generated.ts";
import type { ActionRequest } from "./action-request.ts";

/** The result of one action. payerCredits is the balance after it, when one was sent. */
export interface Outcome {
  action: Action;
  job: Job;
  payerCredits?: number;
  settlement?: Settlement;
}

const row = (member: JobMember): JobMemberRow => JOB_MEMBERS[member];
/** Each member's place in the table, where apply works on a job as the list of its values. */
const AT = Object.fromEntries(JOB_MEMBER_NAMES.map((member, i) => [member, i])) as Record<JobMember, number>;

/** Per action: the members it copies from request fields (place, field), and the members it stamps with the time. */
const EFFECTS = Object.fromEntries(
  ACTIONS.map((action) => [
    action,
    {
      copies: JOB_MEMBER_NAMES.flatMap((member) => {
        const from = row(member).from;
        return from?.on === action ? [[AT[member], from.field] as const] : [];
      }),
      stamps: JOB_MEMBER_NAMES.filter((member) => row(member).stampedOn?.includes(action)).map((member) => AT[member]),
    },
  ]),
) as unknown as Record<Action, { copies: readonly (readonly [number, FieldName])[]; stamps: readonly number[] }>;

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

const INITIAL = JOB_MEMBER_NAMES.map((member) => row(member).initial);

/** Applies a checked request whose state passed. `id` is the new job's id on create (none on a quote). */
export function apply(request: ActionRequest, now: number, id?: string): Outcome {
  const { action, payerCredits } = request;
  // The job as the list of its values (a new one at its initial values), changed in place, then made anew.
  const values = action === "create" ? INITIAL.slice() : jobMembersTuple(request.job as Job);
  if (action === "create") values[AT.id] = id;
  const fields = request.fields as Record<FieldName, unknown>;
  const effects = EFFECTS[action];
  values[AT.status] = TRANSITIONS[action].to;
  for (const [at, field] of effects.copies) values[at] = fields[field];
  if (effects.stamps.length > 0) {
    const stamp = toIso(now);
    for (const at of effects.stamps) values[at] = stamp;
  }
  const amount = values[AT.amount] as number;
  const settlement =
    action === "release" ? settleRelease(amount) : action === "dispute" ? settleDispute(amount) : undefined;
  if (settlement) {
    values[AT.fee] = settlement.fee;
    values[AT.agentPayout] = settlement.agent_payout;
  }
  const job = jobMembersLiteral(values) as Job;
  if (action === "fund") return { action, job, payerCredits: (payerCredits as number) - amount };
  if (action === "dispute" && payerCredits !== undefined) {
    return { action, job, payerCredits: payerCredits + (settlement as Settlement).returned_to_payer, settlement };
  }
  return settlement ? { action, job, payerCredits, settlement } : { action, job, payerCredits };
}
