/**
 * The balances' own controls, which need no service: Top up adds payer credits with no fee (from
 * 1 to TOP_UP_MAX at a time, client/top-up.ts), and Reset starts over with the starting credits
 * (D20), both kept by the keeper. Reset asks first (confirm-replace.ts). The demo key survives a
 * reset.
 */
import { topUpText } from "../../../client/activity.ts";
import { STARTING_CREDITS } from "../../../shared/protocol/constants.ts";
import { $, credits } from "./dom.ts";
import { readNumber } from "./form-values.ts";
import { errorBy, statusPage } from "./notices.ts";
import { replaceQuestion } from "./on-demand.ts";
import { keeper, ui } from "./page-state.ts";
import { clearViewState } from "./view-state.ts";

/**
 * Adds the Top up amount (read by the page's one number parser, form-values.ts) to payer credits,
 * or says by the field why not: not a number, or not an amount the keeper's rule allows.
 */
export function topUp(): void {
  const input = $<HTMLInputElement>("topup-amount");
  const read = readNumber(input.value);
  if (!read.ok) {
    errorBy(input, read.message);
    return;
  }
  const amount = read.value ?? Number.NaN;
  // A success clears every error shown (page-state.ts), this field's too.
  const done = keeper.topUp(amount);
  if (!done.ok) {
    errorBy(input, done.message);
    return;
  }
  statusPage(topUpText(amount));
}

/** Asks, then replaces everything with a fresh state; the reset is the new log's first event. */
export async function reset(): Promise<void> {
  const { askToReplace, holdings } = await replaceQuestion.load();
  const sure = await askToReplace(
    "Reset everything?",
    `Reset replaces everything here with a fresh start of ${credits(STARTING_CREDITS)} payer credits. ` +
      `You would lose ${holdings(keeper.state)}. Export a demo pack first to keep them; the demo key stays.`,
    $("reset"),
  );
  if (!sure) return;
  clearViewState(ui);
  keeper.reset();
  statusPage("Reset to a fresh state. The demo key, if any, stays until you remove it.");
}
