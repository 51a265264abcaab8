/**
 * Where every credit of a client-held state is (SPEC "Client-side conventions"): the payer's
 * credits, the escrow its funded and submitted jobs hold, the agent wallet, and the fees its
 * released jobs paid. For the jobs this payer funded, the four add up to the starting credits
 * plus every top-up.
 */
import type { DemoState } from "../shared/client-state/pack.ts";

/** The four figures. */
export interface Balances {
  payerCredits: number;
  inEscrow: number;
  agentWallet: number;
  feesPaid: number;
}

/** The balances of `state`: escrow is the amount of every funded or submitted job, fees those of released jobs. */
export function balancesOf(state: DemoState): Balances {
  let inEscrow = 0;
  let feesPaid = 0;
  for (const job of state.jobs) {
    if (job.status === "funded" || job.status === "submitted") inEscrow += job.amount;
    if (job.status === "released") feesPaid += job.fee;
  }
  return { payerCredits: state.payerCredits, inEscrow, agentWallet: state.agentCredits, feesPaid };
}
