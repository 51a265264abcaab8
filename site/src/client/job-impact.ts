/**
 * The money a job's next actions move, in words: a fund's, known without asking, and the
 * release's and dispute's as the service quoted them before the click; before any quote can be
 * asked (a funded job, or a received one whose release is its payer's), what a release will pay
 * by the engine's own fee rule (hints.ts). A received job's agent is told where that pay is
 * counted: in the payer's page, not this one (D28).
 */
import { reject } from "../../../shared/protocol/errors.ts";
import { settleRelease } from "../../../shared/protocol/fees.ts";
import { credits, figure } from "./dom.ts";
import { feeLine } from "./hints.ts";
import type { JobView } from "./job-item-view.ts";
import { pastHold } from "./job-status.ts";
import { pageWords } from "./page-words.ts";
import type { QuotedAction } from "./quotes.ts";

/**
 * What funding moves, known without asking the service (SETTLEMENT.md's fee schedule: no fee, the
 * whole amount held in escrow; D13a: payer credits after, less the amount), or why the payer
 * credits cannot cover it, in the engine's own words (insufficient_credits).
 */
function fundImpact({ job, payerCredits }: JobView): string {
  if (job.amount > payerCredits)
    return `Fund is not possible now: ${pageWords(reject("insufficient_credits", { needed: job.amount, payer_credits: payerCredits }).message)}`;
  return `Fund holds ${credits(job.amount)} credits in escrow: payer credits ${credits(payerCredits)} → ${credits(payerCredits - job.amount)}. No fee.`;
}

/**
 * The sentence of the next action's impact: a fund's known one, or what the service quoted (or
 * why not). A quote the service's wait held back (D23) says so without the wait, which the page
 * says once, by the action it refused (service-wait.ts).
 */
export function impact(view: JobView, action: "fund" | QuotedAction): string {
  if (action === "fund") return fundImpact(view);
  const quote = view.quotes[action];
  if (quote === undefined) return "";
  const name = `${action[0]!.toUpperCase()}${action.slice(1)}`;
  if (quote === "pending") return `${name}: quoting…`;
  if (!quote.ok && quote.code === "rate_limited")
    return `${name}: not quoted yet; asked again after the service's wait.`;
  if (!quote.ok) return `${name} is not possible now: ${pageWords(quote.message)}`;
  // Which members a quote holds depends on its action; each case reads its own.
  switch (action) {
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
