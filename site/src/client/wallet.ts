/**
 * The balances' own controls, which need no service: Top up adds payer credits with no fee, and
 * Reset starts over with the starting credits (D20). The demo key survives a reset.
 */
import { freshState } from "../../../shared/browser/pack.ts";
import { LIMITS, STARTING_CREDITS } from "../../../shared/protocol/constants.ts";
import { $, credits } from "./dom.ts";
import { alertPage, statusPage } from "./notices.ts";
import { commit, page, ui } from "./page-state.ts";
import { clearViewState } from "./view-state.ts";

/** Adds the Top up amount to payer credits, or says which amounts are allowed. */
export function topUp(): void {
  const state = page.state;
  const input = $("topup-amount") as HTMLInputElement;
  const amount = Number(input.value.trim());
  if (!Number.isSafeInteger(amount) || amount < 1 || state.payerCredits + amount > LIMITS.integerMax) {
    alertPage(`Top up amount must be a whole number from 1 to ${credits(LIMITS.integerMax - state.payerCredits)}.`);
    return;
  }
  alertPage(null);
  commit({ ...state, payerCredits: state.payerCredits + amount });
  statusPage(`Topped up ${credits(amount)} credits. No fee.`);
}

/** Replaces everything with a fresh state; the reset is the new log's first event. */
export function reset(): void {
  clearViewState(ui);
  alertPage(null);
  commit(freshState(), {
    kind: "reset",
    text: `Reset: ${credits(STARTING_CREDITS)} payer credits, an empty wallet, no jobs or receipts.`,
  });
  statusPage("Reset to a fresh state. The demo key, if any, stays until you remove it.");
}
