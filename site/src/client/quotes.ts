/**
 * The money impact of each job's next action, quoted by the service (the keeper's quote: POST
 * /api/v0/quote with the held job at the current balance, which changes nothing) so it shows
 * before the click. A quote is asked once per job, status, action, payer balance, API base and
 * whether the hold ended (a release after it is refused),
 * when the page refreshes after a change (page-state.ts), never while rendering: render only
 * reads what is known, "pending" until the answer arrives.
 */
import type { Answer, JobRecord, JobStatus } from "../../../client/index.ts";
import { holdEnded } from "./countdown.ts";

/** The actions whose impact a job item shows. */
export type QuotedAction = "fund" | "release" | "dispute";

/** A quote as the page knows it: the service's answer or refusal, or "pending" while it is asked. */
export type Quote = Answer<"quote"> | "pending";

/** Asks the service for the quote of `action` on the held `job`. */
export type AskQuote = (job: JobRecord, action: QuotedAction) => Promise<Answer<"quote">>;

const QUOTED: Partial<Record<JobStatus, readonly QuotedAction[]>> = {
  open: ["fund"],
  submitted: ["release", "dispute"],
};

/** The actions quoted for a job in `status`: fund when open, release and dispute when submitted. */
export const quotedActions = (status: JobStatus): readonly QuotedAction[] => QUOTED[status] ?? [];

/**
 * What a quote depends on besides the job: the API base it is asked at, the payer balance, and
 * the time (ms), as a release after the job's hold has ended is refused.
 */
export interface QuoteContext {
  base: string;
  payerCredits: number;
  now: number;
}

/** The quotes the page has asked for, by what they depend on. */
export interface QuoteBook {
  /** Asks (through `ask`) for every quote `jobs` show that is not known yet; `onAnswer` runs as each answer arrives. */
  request(jobs: readonly JobRecord[], context: QuoteContext, ask: AskQuote, onAnswer: () => void): void;
  /** The quote of `action` on `job` in `context`: an answer, or "pending". */
  get(job: JobRecord, action: QuotedAction, context: QuoteContext): Quote;
  /** Forgets every quote, so the next refresh asks again (new key, new API base, new state). */
  clear(): void;
}

/** An empty quote book. */
export function createQuoteBook(): QuoteBook {
  const known = new Map<string, Quote>();
  const keyOf = (job: JobRecord, action: QuotedAction, context: QuoteContext): string =>
    `${job.id}|${job.status}|${action}|${context.payerCredits}|${context.base}|${job.expiresAt !== undefined && holdEnded(job.expiresAt, context.now)}`;
  return {
    request(jobs, context, ask, onAnswer) {
      for (const job of jobs) {
        for (const action of quotedActions(job.status)) {
          const key = keyOf(job, action, context);
          if (known.has(key)) continue;
          known.set(key, "pending");
          void ask(job, action).then((answer) => {
            known.set(key, answer);
            onAnswer();
          });
        }
      }
    },
    get: (job, action, context) => known.get(keyOf(job, action, context)) ?? "pending",
    clear: () => known.clear(),
  };
}
