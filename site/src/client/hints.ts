/**
 * Pure texts the page shows beside its inputs: what a release of an amount pays (the engine's fee
 * rule, shared/protocol/fees.ts, never rewritten here) and a text's length (the title, a note) as
 * the engine counts it: Unicode code points after trimming (D1, D2), so one emoji drawn from
 * several code points counts as several, shown by the field while typing (`showCount`).
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

/**
 * A text field's counter: its length as the service counts it, code points after trimming, of
 * `max`, and why an emoji may count as several (a title, a note).
 */
export function charCount(text: string, max: number): string {
  const trimmed = text.trim();
  const count = [...trimmed].length;
  const shown = `${count}/${max} characters`;
  // A character drawn from several code points (an emoji with a joiner or a modifier) counts as several.
  const drawn = [...new Intl.Segmenter().segment(trimmed)].length;
  return drawn < count ? `${shown} as the service counts them: an emoji can count as several` : shown;
}

/** Shows by `counter` the count of `input`'s text against its `data-max`, marked when over. */
export function showCount(input: HTMLInputElement, counter: Element | null): void {
  const max = Number(input.dataset.max);
  counter?.classList.toggle("over", [...input.value.trim()].length > max);
  if (counter) counter.textContent = charCount(input.value, max);
}
