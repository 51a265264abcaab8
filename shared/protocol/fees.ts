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

/** The release fee rate in percent (5), for every text that states it. */
export const FEE_PERCENT = Math.round(FEE_RATE * 1e6) / 1e4;
/** The release fee as a short text: "5%". */
export const FEE_TEXT = `${FEE_PERCENT}%`;
/** The release fee formula as SETTLEMENT.md "Fees" writes it: "Math.round(amount * 0.05)". */
export const FEE_FORMULA = `Math.round(amount * ${FEE_RATE})`;

/** Release fee: Math.round(amount * FEE_RATE), the published formula to the letter. */
const releaseFee = (amount: number): number => Math.round(amount * FEE_RATE);

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
