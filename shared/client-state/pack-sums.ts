/**
 * A demo pack must add up (D29): its own figures (payer credits, the escrow of its own funded
 * and submitted jobs, the agent wallet, the fees its own released jobs paid) hold the starting
 * credits plus the top-ups it records, and nothing in it may claim real money.
 */
import { MONEY, STARTING_CREDITS } from "../protocol/constants.ts";
import { balancesOf, type Held } from "./balances.ts";
import type { DemoState } from "./demo-state.ts";

/** The credits `state`'s own figures hold: payer credits, in escrow, the agent wallet and the fees paid, summed. */
export function creditsHeld(state: Held): number {
  const { payerCredits, inEscrow, agentWallet, feesPaid } = balancesOf(state);
  return payerCredits + inEscrow + agentWallet + feesPaid;
}

/** What a pack may say of its money (the envelope of D8 and the pack of D20: money false, real_money false, mode demo, unit credits); anything else claims real money. */
export const SIMULATED: Record<string, unknown> = {
  money: MONEY,
  real_money: false,
  mode: "demo",
  currency: "credits",
};

/** Why the figures of `state` do not hold the starting credits plus its top-ups, in words; null when they do. */
export function sumRefusal(state: DemoState): string | null {
  const { inEscrow: escrow, feesPaid: fees } = balancesOf(state);
  const held = creditsHeld(state);
  const recorded = STARTING_CREDITS + state.toppedUp;
  if (held === recorded) return null;
  const n = (value: number) => value.toLocaleString("en-US");
  return (
    `its figures do not add up. Payer credits ${n(state.payerCredits)} + in escrow ${n(escrow)} + ` +
    `agent wallet ${n(state.agentCredits)} + fees paid ${n(fees)} make ${n(held)} credits, but it records ` +
    `${n(STARTING_CREDITS)} starting credits + ${n(state.toppedUp)} topped up = ${n(recorded)}.`
  );
}
