/**
 * The shape of a row of the job-member and receipt-member tables (job-members.ts,
 * receipt-members.ts): what each column means. A table's `satisfies` holds every row to it, so
 * a new member missing a column (its link key, its text) does not compile.
 */
import type { Action } from "./constants.ts";
import type { FieldName } from "./fields.ts";
import type { Job } from "./job-members.ts";
import type { RuleOf } from "./rules.ts";

/** One job member. */
export interface JobMemberRow {
  readonly rule: RuleOf<unknown>;
  /** A client-held job must carry it (D6). */
  readonly required: boolean;
  /** Other accepted names (snake_case), response name first. */
  readonly aliases: readonly string[];
  /** "note": blank counts as absent (D2); "stamp" / "utc-stamp": a date-time, any offset or UTC only (D4). */
  readonly kind?: "note" | "stamp" | "utc-stamp";
  /** Its value on a new job, and when a client-held job leaves it out. */
  readonly initial?: string | number | null;
  /** The request field an action copies into it, and that action. */
  readonly from?: { readonly field: FieldName; readonly on: Action };
  /** The actions that stamp it with the request's time. */
  readonly stampedOn?: readonly Action[];
  /** Its key in a handoff link (D19); `linkExtra` when the first deployment's map lacks it. */
  readonly link: string;
  readonly linkExtra?: true;
  /** Its type and rule in words (settlement.json job.fields). */
  readonly text: string;
}

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
