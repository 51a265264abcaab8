/**
 * The money impact of a submitted job's release and dispute, quoted by the service (the keeper's
 * quote: POST /api/v0/quote with the held job at the current balance, which changes nothing) so
 * it shows before the click. An open job's fund needs no quote (job-impact.ts says it): a create
 * costs one request. A quote is asked once per job as held, action, API base and whether the hold
 * ended (a release after it is refused), not per balance (`createQuoteBook`), when the page
 * refreshes after a change (page-state.ts), never while rendering: render only reads what is
 * known, "pending" until the answer arrives.
 */
import type { Answer, EscrowError, JobRecord, JobStatus } from "../../../client/index.ts";
import { reject } from "../../../shared/protocol/errors.ts";
import { holdEnded } from "./countdown.ts";

/** The actions whose impact the service quotes. */
export type QuotedAction = "release" | "dispute";

/** A quote as the page knows it: the service's answer or refusal, or "pending" while it is asked. */
export type Quote = Answer<"quote"> | "pending";

/** Asks the service for the quote of `action` on the held `job`. */
type AskQuote = (job: JobRecord, action: QuotedAction) => Promise<Answer<"quote">>;

const QUOTED: Partial<Record<JobStatus, readonly QuotedAction[]>> = {
  submitted: ["release", "dispute"],
};

/** The actions quoted for a job in `status`: release and dispute when submitted. */
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

/** A quote as asked: the answer, the payer credits it was asked at, and when it may be asked again (ms). */
interface Asked {
  quote: Quote;
  credits: number;
  again: number;
}

/** A refusal the page knows without asking: a release after the hold ended. Asking would only log a refused request. */
function knownRefusal(job: JobRecord, action: QuotedAction, context: QuoteContext): EscrowError | null {
  const refusal =
    action === "release" && job.expiresAt !== undefined && holdEnded(job.expiresAt, context.now)
      ? reject("hold_expired", { expiresAt: job.expiresAt })
      : null;
  return refusal && { ok: false, code: refusal.error, status: 409, message: refusal.message };
}

/**
 * An empty quote book. A quote is asked once per job (as held), action, API base and whether the
 * hold ended, not per balance: what an action moves does not depend on the balance, so a known
 * answer's payer_credits_after follows the balance by the same difference. A change of balance
 * asks nothing. A refusal the page knows is never asked (`knownRefusal`); an
 * answer that says to wait (rate limited, unreachable) is asked again after the wait.
 */
export function createQuoteBook(): QuoteBook {
  const known = new Map<string, Asked>();
  const keyOf = (job: JobRecord, action: QuotedAction, context: QuoteContext): string =>
    `${action}|${context.base}|${job.expiresAt !== undefined && holdEnded(job.expiresAt, context.now)}|${JSON.stringify(job)}`;
  return {
    request(jobs, context, ask, onAnswer) {
      for (const job of jobs) {
        for (const action of quotedActions(job.status)) {
          const key = keyOf(job, action, context);
          if ((known.get(key)?.again ?? 0) > context.now || knownRefusal(job, action, context)) continue;
          const asked: Asked = { quote: "pending", credits: context.payerCredits, again: Infinity };
          known.set(key, asked);
          void ask(job, action).then((answer) => {
            asked.quote = answer;
            if (!answer.ok && (answer.status === 429 || answer.status === 0))
              asked.again = Date.now() + (answer.retryAfter ?? 30) * 1000;
            onAnswer();
          });
        }
      }
    },
    get(job, action, context) {
      const refusal = knownRefusal(job, action, context);
      if (refusal) return refusal;
      const asked = known.get(keyOf(job, action, context));
      if (!asked) return "pending";
      const { quote, credits } = asked;
      return quote !== "pending" && quote.ok && quote.payer_credits_after !== undefined
        ? { ...quote, payer_credits_after: quote.payer_credits_after - credits + context.payerCredits }
        : quote;
    },
    clear: () => known.clear(),
  };
}
