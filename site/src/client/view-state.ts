/**
 * What the page shows besides the demo state: per-job errors and busy flags, quotes, share links,
 * verify results, seal and signature checks, input drafts, an opened share link and the last simulation. It lives only in
 * the page, never in storage or a demo pack.
 */
import type { AnswerOf, JobRecord, ReceiptRecord, Shared } from "../../../client/index.ts";
import { handoffToken, receiptToken } from "../../../client/sharing.ts";
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
  /** The ids of jobs imported from a handoff link: their items show the seal check (received jobs always do). */
  handedOff: Set<string>;
  /** The share links copied, by `<kind>-<job id>`: shown only while they carry the record as it is (shownLink). */
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

/**
 * The copied link of `record` (a job's handoff link, a receipt's link) while it still carries the
 * record as held: a link of an older step (a job since funded, submitted or released) is not shown.
 */
export function shownLink(ui: ViewState, kind: "handoff", record: JobRecord): string | undefined;
export function shownLink(ui: ViewState, kind: "receipt", record: ReceiptRecord): string | undefined;
export function shownLink(ui: ViewState, kind: "handoff" | "receipt", record: JobRecord | ReceiptRecord) {
  const id = kind === "handoff" ? (record as JobRecord).id : (record as ReceiptRecord).job_id;
  const link = ui.links.get(`${kind}-${id}`);
  const token = kind === "handoff" ? handoffToken(record as JobRecord) : receiptToken(record as ReceiptRecord);
  return link?.endsWith(token) ? link : undefined;
}
