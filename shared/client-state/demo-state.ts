/**
 * The client-held state itself (D20): the four figures, the jobs and receipts held, and the
 * activity kept, as every client holds it in memory. pack.ts reads and writes it as a demo pack;
 * the sums (pack-sums.ts, balances.ts) read it. A module of its own, so that they need not
 * import one another.
 */
import type { JobRecord, ReceiptRecord } from "./share-links.ts";

/** The activity kinds (D29), all local to the browser, and the top-up. */
export const ACTIVITY_KINDS = [
  "create",
  "fund",
  "submit",
  "release",
  "dispute",
  "simulate",
  "verify",
  "import",
  "export",
  "reset",
  "top-up",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** One activity event. */
export interface ActivityEvent {
  kind: ActivityKind;
  at: string;
  text: string;
}

/** Everything the reference UI keeps, besides the demo key and settings. */
export interface DemoState {
  payerCredits: number;
  agentCredits: number;
  /** The credits topped up since the start (or the last reset): the four figures hold the starting credits plus these. */
  toppedUp: number;
  jobs: JobRecord[];
  /** The ids of the held jobs received through a handoff link: their payer is someone else (D28). */
  receivedJobs: string[];
  receipts: ReceiptRecord[];
  activity: ActivityEvent[];
}
