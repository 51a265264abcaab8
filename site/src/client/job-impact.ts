/**
 * The money a job's next actions move, in words: each action's impact as the service quoted it
 * before the click, and, before any quote can be asked (a funded job, or a received one whose
 * release is its payer's), what a release will pay by the engine's own fee rule (hints.ts). A
 * received job's agent is told where that pay is counted: in the payer's page, not this one (D28).
 */
import { settleRelease } from "../../../shared/protocol/fees.ts";
import { credits, figure } from "./dom.ts";
import { feeLine } from "./hints.ts";
import type { JobView } from "./job-item-view.ts";
import { pastHold } from "./job-status.ts";
import { pageWords } from "./page-words.ts";
import type { QuotedAction } from "./quotes.ts";

/** The sentence a quote gives for the next action, or what is wrong with it. */
export function impact(view: JobView, action: QuotedAction): string {
  const quote = view.quotes[action];
  if (quote === undefined) return "";
  const name = `${action[0]!.toUpperCase()}${action.slice(1)}`;
  if (quote === "pending") return `${name}: quoting…`;
  if (!quote.ok) return `${name} is not possible now: ${pageWords(quote.message)}`;
  // Which members a quote holds depends on its action; each case reads its own.
  switch (action) {
    case "fund":
      return `Fund holds ${credits(view.job.amount)} credits in escrow: payer credits ${credits(view.payerCredits)} → ${figure(quote.payer_credits_after)}. No fee.`;
    case "release":
      return `Release: fee ${figure(quote.fee)}, agent gets ${figure(quote.agent_payout)}.`;
    case "dispute":
      return `Dispute: ${figure(quote.returned_to_payer)} back to payer, no fee; payer credits → ${figure(quote.payer_credits_after)}.`;
  }
}

/**
 * What a release would pay, where no quote says it: a funded job, or a received submitted one;
 * nothing once the hold has ended, as no release is possible then.
 */
export function payLine(view: JobView): string | null {
  const { job, received } = view;
  if (job.status !== "funded" && !(received && job.status === "submitted")) return null;
  if (pastHold(job, view.now)) return null;
  if (!received) return feeLine(job.amount);
  const { fee, agent_payout } = settleRelease(job.amount);
  return `On release by its payer: fee ${credits(fee)}, you (the agent) receive ${credits(agent_payout)}, in the payer's page, not in this page's balances.`;
}
