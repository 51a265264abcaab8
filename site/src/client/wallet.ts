/**
 * The balances' own controls, which need no service: Top up adds payer credits with no fee, and
 * Reset starts over with the starting credits (D20), both kept by the keeper. The demo key
 * survives a reset.
 */
import { $, credits } from "./dom.ts";
import { alertPage, statusPage } from "./notices.ts";
import { keeper, ui } from "./page-state.ts";
import { clearViewState } from "./view-state.ts";

/** Adds the Top up amount to payer credits, or says which amounts are allowed (the keeper's rule). */
export function topUp(): void {
  const amount = Number(($("topup-amount") as HTMLInputElement).value.trim());
  // Cleared first, so an alert the change itself raises (storage refused) stays.
  alertPage(null);
  const done = keeper.topUp(amount);
  if (!done.ok) {
    alertPage(done.message);
    return;
  }
  statusPage(`Topped up ${credits(amount)} credits. No fee.`);
}

/** Replaces everything with a fresh state; the reset is the new log's first event. */
export function reset(): void {
  clearViewState(ui);
  alertPage(null);
  keeper.reset();
  statusPage("Reset to a fresh state. The demo key, if any, stays until you remove it.");
}
