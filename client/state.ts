/**
 * How a client-held state changes, as pure functions: a job or receipt joining its list, and an
 * action's answer applied to the balances (SETTLEMENT.md "What the client keeps"). The keeper calls
 * these; tests can too, with no service.
 */
import { heldFiguresRefusal } from "../shared/client-state/figures.ts";
import type { DemoState } from "../shared/client-state/pack.ts";
import type { JobRecord, ReceiptRecord } from "../shared/client-state/share-links.ts";
import type { AnswerOf } from "../shared/protocol/answers.ts";
import type { EscrowError } from "./answer.ts";
import { type HandBackRefusal, handBack } from "./hand-back.ts";
import type { ActionRequest, FormInput } from "./requests.ts";

/** A keeper operation's outcome: `ok` with what it gives, or why nothing changed. */
export type Done<T extends object = object> = ({ ok: true } & T) | EscrowError;

/** An operation the keeper refused itself, before any call. */
export const refused = (code: "unknown_job" | "not_payer" | "invalid_input", message: string): EscrowError => ({
  ok: false,
  code,
  status: 0,
  message,
});

/** The fields of an action besides `action`, the job and the balance, which the keeper fills in. */
export type ActionFields<A extends "create" | "fund" | "submit" | "release" | "dispute"> = FormInput<
  Omit<ActionRequest<A>, "action" | "job" | "payer_credits">
>;

/** `list` with `item` replacing the one of the same key, or added first. */
function upsert<T>(list: readonly T[], item: T, key: (t: T) => string): T[] {
  const k = key(item);
  return list.some((t) => key(t) === k) ? list.map((t) => (key(t) === k ? item : t)) : [item, ...list];
}
/** `jobs` with `job` in place of the one with its id, or first. */
export const upsertJob = (jobs: readonly JobRecord[], job: JobRecord): JobRecord[] => upsert(jobs, job, (j) => j.id);
/** `receipts` with `receipt` first, and no other receipt of its job. */
export const upsertReceipt = (receipts: readonly ReceiptRecord[], receipt: ReceiptRecord): ReceiptRecord[] => [
  receipt,
  ...receipts.filter((r) => r.job_id !== receipt.job_id),
];

/** True when the held job `id` was received through a handoff link: its payer is someone else (D28). */
export const isReceived = (state: DemoState, id: string): boolean => state.receivedJobs.includes(id);

/** True when two records are the same text: the same members, values and order (what a seal covers, D27). */
export const sameText = (a: object, b: object): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * `state` holding the job a handoff link brought (D28). A job it does not hold, or holds as
 * received, is received: someone else's. A job it created stays its own, and the link may only
 * bring its worker's step (hand-back.ts): from funded to submitted the proof, its note and time
 * and the service's fresh seal; with the same status nothing (the copy held stays). Any other
 * difference (another status, amount, criteria, a seal gone) is refused, listed, and changes
 * nothing. A received job whose figures are not its own (figures.ts) is refused too. A link
 * that brings nothing new gives back `state` itself.
 */
export function afterHandoff(state: DemoState, job: JobRecord): { ok: true; state: DemoState } | HandBackRefusal {
  const held = state.jobs.find((j) => j.id === job.id);
  // The same received job again brings nothing: the state stays as it is.
  if (held && isReceived(state, job.id) && sameText(held, job)) return { ok: true, state };
  if (!held || isReceived(state, job.id)) {
    // Someone else's job holds to its figures and to the receipt held for it (figures.ts), as a pack does.
    const wrong = heldFiguresRefusal(job, state.receipts);
    if (wrong)
      return {
        ...refused("invalid_input", `This link cannot be imported: ${wrong} Nothing changed.`),
        differences: [],
      };
    return {
      ok: true,
      state: {
        ...state,
        jobs: upsertJob(state.jobs, job),
        receivedJobs: held ? state.receivedJobs : [job.id, ...state.receivedJobs],
      },
    };
  }
  const back = handBack(held, job);
  if (!back.ok) return back;
  return { ok: true, state: back.job === held ? state : { ...state, jobs: upsertJob(state.jobs, back.job) } };
}

/**
 * `state` after the answer to `action` on a held job, sent with payer credits `sent`: the job
 * replaced, the balance changed by what the answer says it became (fund takes the amount into
 * escrow, dispute gives it back), the wallet credited agent_credits_delta on release, the receipt
 * kept. Applied as a change, so an answer to another action meanwhile is not undone.
 */
export function afterAction(
  state: DemoState,
  action: "fund" | "submit" | "release" | "dispute",
  sent: number,
  answer: AnswerOf<"transition">,
): DemoState {
  return {
    ...state,
    payerCredits: state.payerCredits + (answer.payer_credits ?? sent) - sent,
    agentCredits: state.agentCredits + (action === "release" ? (answer.agent_credits_delta ?? 0) : 0),
    jobs: upsertJob(state.jobs, answer.job),
    receipts: answer.receipt ? upsertReceipt(state.receipts, answer.receipt) : state.receipts,
  };
}
