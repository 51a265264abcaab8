/**
 * What one job item shows (job-item.ts draws it; job-controls.ts and job-impact.ts draw their
 * parts of it): the job, its quotes, the payer's credits and the page's state around it.
 */
import type { JobRecord } from "../../../client/index.ts";
import type { Child } from "./dom.ts";
import type { Quote, QuotedAction } from "./quotes.ts";
import type { SealCheck } from "./seal-checks.ts";

/** Everything one job item shows. */
export interface JobView {
  job: JobRecord;
  quotes: Partial<Record<QuotedAction, Quote>>;
  payerCredits: number;
  busy: boolean;
  link?: string;
  /** The seal check of a job imported from a handoff link; other jobs show none. */
  seal?: SealCheck;
  /** A settled job's money flow (money-flow.ts), once loaded; nothing for a job not settled. */
  flow?: Child;
  /** What a job at an earlier step says of a receipt of it that did not settle it (unsettledNote). */
  settled?: string;
  /** True for a job received through a handoff link: its payer is someone else (D28). */
  received: boolean;
  draft: (name: string) => string;
  /** The time the page is drawn at (ms), for the hold's countdown. */
  now: number;
  /** Dispute was chosen: its reason, Confirm dispute and Cancel show instead of Release. */
  disputing?: boolean;
  /** Long criteria are shown in full. */
  expanded?: boolean;
  /** Remove was clicked: the item asks before it removes. */
  removing?: boolean;
}
