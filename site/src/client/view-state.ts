/**
 * What the page shows besides the demo state: per-job errors and busy flags, quotes, share links,
 * verify results, seal and signature checks, input drafts, an opened share link and the last simulation. It lives only in
 * the page, never in storage or a demo pack.
 */
import type { AnswerOf, Shared } from "../../../client/index.ts";
import { createQuoteBook, type QuoteBook } from "./quotes.ts";
import { createSealBook, type SealBook } from "./seal-checks.ts";
import type { Verdict } from "./verdict.ts";

/** The page's view state; maps are keyed by job id, or `<kind>-<job id>` for links and drafts. */
export interface ViewState {
  /** A job's refusal and the id of the control it is shown by (notices.ts `errorBy`). */
  jobErrors: Map<string, { message: string; control: string }>;
  busy: Set<string>;
  quotes: QuoteBook;
  /** The seal checks (the service's answers) and signature checks (against its JWKS). */
  seals: SealBook;
  /** The ids of jobs imported from a handoff link: their items show the seal check. */
  handedOff: Set<string>;
  links: Map<string, string>;
  verified: Map<string, Verdict>;
  drafts: Map<string, string>;
  shared: Shared | null;
  /** The service's verdict on the receipt of an opened receipt link. */
  sharedVerdict: Verdict | null;
  simulation: AnswerOf<"simulate"> | null;
}

/** A view state that shows nothing extra. */
export const createViewState = (): ViewState => ({
  jobErrors: new Map(),
  busy: new Set(),
  quotes: createQuoteBook(),
  seals: createSealBook(),
  handedOff: new Set(),
  links: new Map(),
  verified: new Map(),
  drafts: new Map(),
  shared: null,
  sharedVerdict: null,
  simulation: null,
});

/** Forgets what was shown about a state that is being replaced (import, reset); busy flags and an opened link stay. */
export function clearViewState(ui: ViewState): void {
  for (const map of [ui.jobErrors, ui.quotes, ui.links, ui.verified, ui.drafts, ui.handedOff, ui.seals]) map.clear();
  ui.simulation = null;
}
