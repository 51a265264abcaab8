/**
 * The client-held job (D6) and the receipt (D12) as table schemas, built once from their tables
 * (job-members.ts, receipt-members.ts): each member by its row's rule, in SETTLEMENT.md's order; an absent
 * member, or a blank note (D2), as the row's initial value; a date-time in response form (D4).
 * A job's members are accepted under their snake_case names too (D25); its seal, when the engine
 * checks seals, is judged last, and a job under a valid seal is read as written (sealed-job.ts,
 * D27). A receipt's members have one name each.
 */
import type * as v from "valibot";
import { isIsoStamp, parseDateTime, toIso } from "../protocol/datetime.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS, type Job, memberNamesOf } from "../protocol/job-members.ts";
import type { JobMemberRow, ReceiptMemberRow } from "../protocol/member-rows.ts";
import { RECEIPT_MEMBER_NAMES, RECEIPT_MEMBERS, type Receipt } from "../protocol/receipt-members.ts";
import { readSealedAsWritten, SEAL_CHECK } from "./sealed-job.ts";
import { isoStampAsIs } from "./stamp-shortcut.ts";
import { tableObject } from "./table-object.ts";
import type { Member } from "./table-steps.ts";

/** How one member reads, by its row: its rule; absent, its initial value; a blank note absent; a stamp in response form. */
function memberOf(key: string, names: readonly string[], row: JobMemberRow | ReceiptMemberRow): Member {
  const { kind, initial } = row;
  const utcOnly = kind === "utc-stamp";
  const stamp = kind === "stamp" || utcOnly;
  const settle =
    kind === "note"
      ? (value: unknown): unknown => (value === "" ? initial : value)
      : stamp // D4: a date-time in toISOString form, the form every response writes.
        ? (value: unknown): unknown =>
            typeof value === "string" && !isIsoStamp(value) ? toIso(parseDateTime(value, utcOnly) as number) : value
        : undefined;
  return {
    key,
    names,
    schema: row.rule as v.GenericSchema,
    optional: !row.required,
    ...(initial !== undefined && { initial }),
    ...(settle && { settle }),
    ...(stamp && { asIs: isoStampAsIs }),
  };
}

const jobMember = (member: (typeof JOB_MEMBER_NAMES)[number]): Member =>
  memberOf(member, memberNamesOf(member), JOB_MEMBERS[member]);

/** A client-held job: an object, each member by its row, then its seal. */
export const JOB_SCHEMA = readSealedAsWritten(
  tableObject<Job>([...JOB_MEMBER_NAMES.map(jobMember), SEAL_CHECK], {
    message: "job must be an object.",
    prefix: "job.",
    agreeWhileClean: true,
  }),
);

const receiptMember = (member: (typeof RECEIPT_MEMBER_NAMES)[number]): Member =>
  memberOf(member, [member], RECEIPT_MEMBERS[member]);

/** A receipt: an object, each member by its row. A claim it lacks is missing_field of the claim (read-body.ts). */
export const RECEIPT_SCHEMA = tableObject<Receipt>(RECEIPT_MEMBER_NAMES.map(receiptMember), {
  message: "receipt must be an object.",
  prefix: "receipt.",
});
