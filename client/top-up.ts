/**
 * The top-up rule of the keeper (D20, D29: the payer can top up without a
 * fee): one top-up adds a whole number of credits from 1 to TOP_UP_MAX, a figure a person can
 * read, and never takes payer credits past the largest safe integer the service accepts (D3).
 */
import { LIMITS } from "../shared/protocol/constants.ts";
import { credits } from "./activity.ts";

/** The most credits one top-up adds. */
export const TOP_UP_MAX = 1_000_000;

/** Why `amount` cannot be added to `payerCredits`, in words; null when it can. */
export function topUpRefusal(amount: number, payerCredits: number): string | null {
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > TOP_UP_MAX)
    return `Top up amount must be a whole number from 1 to ${credits(TOP_UP_MAX)}.`;
  if (amount > LIMITS.integerMax - payerCredits)
    return `Payer credits cannot pass ${credits(LIMITS.integerMax)}: top up at most ${credits(Math.max(0, LIMITS.integerMax - payerCredits))}.`;
  return null;
}
