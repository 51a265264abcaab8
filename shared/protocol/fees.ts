/**
 * The fee schedule, as pure functions of a job amount. Fund and top-up carry no fee.
 */
import { FEE_RATE } from "./constants.ts";

/** Money impact of one terminal action on a job of `amount` credits. */
export interface Settlement {
  fee: number;
  agent_payout: number;
  agent_credits_delta: number;
  returned_to_payer: number;
}

/** Release fee: Math.round(amount * 0.05), the SPEC formula to the letter. */
export const releaseFee = (amount: number): number => Math.round(amount * FEE_RATE);

/** Release: the agent gets amount - fee; nothing returns to the payer. */
export function settleRelease(amount: number): Settlement {
  const fee = releaseFee(amount);
  const payout = amount - fee;
  return { fee, agent_payout: payout, agent_credits_delta: payout, returned_to_payer: 0 };
}

/** Dispute: no fee, no payout; the full amount returns to the payer. */
export function settleDispute(amount: number): Settlement {
  return { fee: 0, agent_payout: 0, agent_credits_delta: 0, returned_to_payer: amount };
}
