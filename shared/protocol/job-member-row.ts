/**
 * The shape of a row of the job-member table (job-members.ts): what each column means. The
 * table's `satisfies` holds every row to it, so a new member missing a column does not compile.
 */
import type { Action } from "./constants.ts";
import type { FieldName } from "./fields.ts";
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
  /** The part of an x402 payment a fund over x402 writes into it (D30); any other fund leaves it out. */
  readonly paid?: "payer" | "payment";
  /** The actions that stamp it with the request's time. */
  readonly stampedOn?: readonly Action[];
  /** Its key in a handoff link (D19); `linkExtra` when the first deployment's map lacks it. */
  readonly link: string;
  readonly linkExtra?: true;
  /** Its type and rule in words (settlement.json job.fields). */
  readonly text: string;
}
