/**
 * Where every credit of a client-held state is (SETTLEMENT.md "What the client keeps"): the payer's
 * credits, the escrow its funded and submitted jobs hold, the agent wallet, and the fees its
 * released jobs paid. For the jobs this payer funded, the four add up to the starting credits
 * plus every top-up. A job received through a handoff link is its payer's (D28): its escrow is
 * reported apart, in none of the four. A demo pack is checked against the same four figures
 * (pack-sums.ts); the client library and the page read them from here.
 */
import type { DemoState } from "./demo-state.ts";

/** What the balances are read from: the credits and the jobs, and which jobs were received. */
export type Held = Pick<DemoState, "payerCredits" | "agentCredits" | "jobs" | "receivedJobs">;

/** The four figures of this state's own credits, and the escrow of the jobs received from others. */
export interface Balances {
  payerCredits: number;
  inEscrow: number;
  agentWallet: number;
  feesPaid: number;
  /** The amounts of the funded and submitted jobs received through a handoff link: held for their payers, not in the four. */
  receivedInEscrow: number;
}

/** The four figures that add up to the starting credits plus top-ups, in the order pages show them. */
export const OWN_FIGURES = ["payerCredits", "inEscrow", "agentWallet", "feesPaid"] as const;
export type OwnFigure = (typeof OWN_FIGURES)[number];

/**
 * The balances of `state`: escrow is the amount of every funded or submitted job it created,
 * fees those of its released jobs; received jobs count only in receivedInEscrow.
 */
export function balancesOf(state: Held): Balances {
  const received = new Set(state.receivedJobs);
  let inEscrow = 0;
  let feesPaid = 0;
  let receivedInEscrow = 0;
  for (const job of state.jobs) {
    const held = job.status === "funded" || job.status === "submitted";
    if (received.has(job.id)) receivedInEscrow += held ? job.amount : 0;
    else {
      if (held) inEscrow += job.amount;
      if (job.status === "released") feesPaid += job.fee;
    }
  }
  return { payerCredits: state.payerCredits, inEscrow, agentWallet: state.agentCredits, feesPaid, receivedInEscrow };
}
