/**
 * The client-held job (D6) and the receipt (D12) as table schemas, built once from their tables
 * (job-members.ts, receipt-members.ts): each member by its row's rule, in SETTLEMENT.md's order;
 * an absent member, or a blank note (D2), as the row's initial value; a date-time in response
 * form (D4). A job's members are accepted under their snake_case names too (D25), and compared
 * only while no member failed; its seal is judged by the body that holds it (job-seal.ts). A
 * receipt's members have one name each.
 */
import * as v from "valibot";
import { isIsoStamp, parseDateTime, toIso } from "../protocol/datetime.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS, type Job, memberNamesOf } from "../protocol/job-members.ts";
import type { JobMemberRow, ReceiptMemberRow } from "../protocol/member-rows.ts";
import { RECEIPT_MEMBER_NAMES, RECEIPT_MEMBERS, type Receipt } from "../protocol/receipt-members.ts";
import { tableSchema } from "./table-schema.ts";
import type { Member } from "./table-steps.ts";

/** D4: a date-time in toISOString form, the form every response writes. */
const inResponseForm = (utcOnly: boolean) => (value: unknown) => {
  if (typeof value !== "string" || isIsoStamp(value)) return value;
  const ms = parseDateTime(value, utcOnly);
  return ms === null ? value : toIso(ms);
};

/** A member's rule as it reads: its row's, then a blank note as the initial value, a stamp in response form. */
function memberSchema({ kind, initial, rule }: JobMemberRow | ReceiptMemberRow): v.GenericSchema {
  if (kind === "note")
    return v.pipe(
      rule,
      v.transform((value) => (value === "" ? initial : value)),
    );
  if (kind === "stamp" || kind === "utc-stamp") return v.pipe(rule, v.transform(inResponseForm(kind === "utc-stamp")));
  return rule;
}

/** A stamp already in toISOString form, which its rule gives back unchanged. */
const isoStamp = (value: unknown): boolean => typeof value === "string" && isIsoStamp(value);

/**
 * How one member reads, by its row. A stamp in toISOString form (the form every answer writes,
 * so the form clients send back) is taken as it is: its rule's pattern and parse are most of
 * reading a job the service does not vouch for. Measured in process on a quote of release
 * (whose job's seal is not checked), the body read takes 1.9 µs with it and 3.8 µs without, of
 * a request of about 24 µs of server CPU over HTTP (docs/performance.md, "Decisions that stand").
 */
const memberOf = (key: string, names: readonly string[], row: JobMemberRow | ReceiptMemberRow): Member => ({
  key,
  names,
  schema: memberSchema(row),
  optional: !row.required,
  ...(row.initial !== undefined && { initial: row.initial }),
  ...((row.kind === "stamp" || row.kind === "utc-stamp") && { asIs: isoStamp }),
});

/** A job as the engine reads it back: its id is always there (only a create quote's job has none). */
export type ReadJob = Job & { id: string };

/** A client-held job: an object, each member by its row. */
export const JOB_SCHEMA = tableSchema<ReadJob>(
  JOB_MEMBER_NAMES.map((member) => memberOf(member, memberNamesOf(member), JOB_MEMBERS[member])),
  { message: "job must be an object.", prefix: "job.", agreeWhileClean: true },
);

/** A receipt: an object, each member by its row. A claim it lacks is missing_field of the claim (body-reader.ts). */
export const RECEIPT_SCHEMA = tableSchema<Receipt>(
  RECEIPT_MEMBER_NAMES.map((member) => memberOf(member, [member], RECEIPT_MEMBERS[member])),
  { message: "receipt must be an object.", prefix: "receipt.", agreeWhileClean: false },
);
