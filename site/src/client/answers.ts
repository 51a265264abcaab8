/**
 * The members of the engines' success answers that the reference UI reads, and no others.
 * The UI reads an answer only after api.ts has seen `ok: true` on a 2xx, and it trusts the
 * service it talks to the way the service trusts the client-held job (D26); these interfaces
 * say what it relies on, so the compiler holds the UI to it.
 */
import type { JobRecord } from "../../../shared/browser/share-links.ts";
import type { Receipt } from "../../../shared/protocol/receipt-members.ts";

/** The money of a settled job (release or dispute), as transition, quote and simulate give it. */
export interface SettlementAnswer {
  fee: number;
  agent_payout: number;
  agent_credits_delta: number;
  returned_to_payer: number;
}

/** POST /api/v0/transition: the job after the action; payer credits when they were sent; settlement and receipt on release and dispute. */
export interface TransitionAnswer extends Partial<SettlementAnswer> {
  job: JobRecord;
  payer_credits?: number;
  receipt?: Receipt;
}

/**
 * POST /api/v0/quote of fund, release or dispute with payer_credits: the balance after (fund,
 * dispute) and the settlement (release, dispute). Which members are there depends on the action.
 */
export interface QuoteAnswer extends Partial<SettlementAnswer> {
  payer_credits_after?: number;
}

/** One step of a simulated walk: the action, the job after it, the balance after it. */
export interface SimulateStep {
  action: string;
  job: { status: string };
  payer_credits?: number;
}

/** POST /api/v0/simulate: the whole walk, its last job and its settlement. */
export interface SimulateAnswer extends SettlementAnswer {
  terminal: string;
  steps: SimulateStep[];
  job: JobRecord;
}

/** One value a receipt claims that the fee rules do not give. */
export interface Mismatch {
  field: string;
  expected: number;
  received: number;
}

/** POST /api/v0/verify of a receipt: valid, the expected values, and what does not match. */
export interface VerifyAnswer {
  valid: boolean;
  expected: { fee: number; agent_payout: number; returned_to_payer: number };
  mismatches: Mismatch[];
}

/** The answer each engine route the UI calls gives on success. */
export interface EngineAnswers {
  transition: TransitionAnswer;
  quote: QuoteAnswer;
  simulate: SimulateAnswer;
  verify: VerifyAnswer;
}
