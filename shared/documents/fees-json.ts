/** /api/fees.json: the demo fee schedule, with worked examples computed by the fee functions. */
import { FEE_RATE, LIMITS, MODE, MONEY } from "../protocol/constants.ts";
import { FEE_FORMULA, FEE_PERCENT, settleDispute, settleRelease } from "../protocol/fees.ts";

const EXAMPLE_AMOUNTS = [1, 9, 10, 11, 30, 50, 100, 101, 12345];

/** The fee document. */
export const fees = () => ({
  mode: MODE,
  money: MONEY,
  currency: "credits",
  unit: "integer credits; simulated, no real money",
  real_money: false,
  amount: { minimum: LIMITS.amountMin, maximum: LIMITS.integerMax, integer: true },
  events: {
    fund: { fee: 0, rule: "No fee. The full amount is deducted from payer credits and held in escrow." },
    release: {
      rate: FEE_RATE,
      fee: FEE_FORMULA,
      agent_payout: "amount - fee",
      agent_credits_delta: "agent_payout",
      returned_to_payer: 0,
      rule: `${FEE_PERCENT} percent of the amount, rounded to the nearest credit (halves round up). The agent gets the rest.`,
    },
    dispute: {
      fee: 0,
      agent_payout: 0,
      agent_credits_delta: 0,
      returned_to_payer: "amount",
      rule: "No fee. The full amount returns to the payer; the agent wallet is unchanged.",
    },
    top_up: { fee: 0, rule: "No fee. A client-side action of the reference UI: payer credits grow by the amount." },
  },
  examples: EXAMPLE_AMOUNTS.map((amount) => ({
    amount,
    release: settleRelease(amount),
    dispute: settleDispute(amount),
  })),
});
