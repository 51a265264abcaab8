/**
 * Pure texts the page shows beside its inputs: what a release of an amount pays (the engine's fee
 * rule, shared/protocol/fees.ts, never rewritten here) and the title's length as the engine
 * counts it: Unicode code points after trimming (D1), so one emoji drawn from several code
 * points counts as several.
 */
import { LIMITS } from "../../../shared/protocol/constants.ts";
import { FEE_TEXT, settleRelease } from "../../../shared/protocol/fees.ts";
import { credits } from "./dom.ts";

/** What a release of `amount` pays, for an amount the service would take; the rule in words otherwise. */
export function feeLine(amount: unknown): string {
  if (!Number.isSafeInteger(amount) || (amount as number) < LIMITS.amountMin)
    return `On release: a ${FEE_TEXT} fee; the agent receives the rest.`;
  const { fee, agent_payout } = settleRelease(amount as number);
  return `On release: fee ${credits(fee)}, agent receives ${credits(agent_payout)}.`;
}

/** The title counter: code points after trimming, as the service counts them, and why an emoji may count as several. */
export function titleCount(title: string): string {
  const trimmed = title.trim();
  const count = [...trimmed].length;
  const shown = `${count}/${LIMITS.titleMax} characters`;
  // A character drawn from several code points (an emoji with a joiner or a modifier) counts as several.
  const drawn = [...new Intl.Segmenter().segment(trimmed)].length;
  return drawn < count ? `${shown} as the service counts them: an emoji can count as several` : shown;
}
