/**
 * The shape of a row of the job-member and receipt-member tables (job-members.ts,
 * receipt-members.ts): what each column means. A table's `satisfies` holds every row to it, so
 * a new member missing a column (its link key, its text) does not compile. A job row's shape
 * lives in job-member-row.ts, which the job table imports: a receipt row reads a Job.
 */
import type { Job } from "./job-members.ts";
import type { RuleOf } from "./rules.ts";

export type { JobMemberRow } from "./job-member-row.ts";

/** The three figures verify compares, as its response names them (D12). */
export type Claim = "fee" | "agent_payout" | "returned_to_payer";

/** One receipt member. */
export interface ReceiptMemberRow {
  readonly rule: RuleOf<unknown>;
  /** A receipt verify accepts must carry it (a claim's absence is missing_field of the claim, D12). */
  readonly required: boolean;
  /** "note": blank counts as absent (D2); "stamp": a date-time. */
  readonly kind?: "note" | "stamp";
  /** Its value when a receipt read from a link or a pack leaves it out. */
  readonly initial?: null;
  /** The figure it claims (D12: release_fee is the fee claim). */
  readonly claim?: Claim;
  /** Its value on the receipt of a terminal job; undefined leaves it out (D13a). */
  readonly of: (job: Job, keyId: string | null) => unknown;
  /** Its key in a receipt link (D19). */
  readonly link: string;
  /** Where its value comes from, in words (settlement.json receipt.fields). */
  readonly source: string;
}
