/**
 * Reading one member of a client-held object (a job, D6; a receipt, D12) by its table row: the
 * row's rule through its compiled path, a date-time through its one-parse path (D4), a blank
 * note as absent (D2), an absent member as the row's initial value. job-reader.ts and
 * receipt-reader.ts build their readers here.
 */
import { isIsoStamp, parseDateTime, toIso } from "../protocol/datetime.ts";
import type { Rule } from "../protocol/rules.ts";
import type { Checker } from "./checker.ts";
import { compileRule, type FastRule, REFUSED } from "./fast-rule.ts";

/** The columns of a member row that reading it needs. */
export interface ReadableRow {
  readonly rule: Rule;
  readonly required: boolean;
  readonly kind?: "note" | "stamp" | "utc-stamp";
  readonly initial?: unknown;
}

/** Everything checking one member needs, worked out once from its row. */
export interface MemberReader<M extends string> {
  readonly member: M;
  /** The name errors give it: `job.<member>`, `receipt.<member>`. */
  readonly field: string;
  readonly rule: Rule;
  readonly fast: FastRule;
  readonly presence: "required-member" | "optional";
  /** Set on date-time members: whether the stamp must be UTC (D4). */
  readonly utcStamp: boolean | undefined;
  readonly note: boolean;
  readonly initial: unknown;
}

/** The reader of each member of a table, in its order, named `<prefix>.<member>` in errors. */
export function memberReaders<M extends string>(
  prefix: string,
  members: readonly M[],
  rowOf: (member: M) => ReadableRow,
): MemberReader<M>[] {
  return members.map((member) => {
    const row = rowOf(member);
    return {
      member,
      field: `${prefix}.${member}`,
      rule: row.rule,
      fast: compileRule(row.rule),
      presence: row.required ? "required-member" : "optional",
      utcStamp: row.kind === "stamp" ? false : row.kind === "utc-stamp" ? true : undefined,
      note: row.kind === "note",
      initial: row.initial,
    };
  });
}

/**
 * A stamp's accepting path: the trimmed text in response form, or REFUSED. One parse decides:
 * the rule's pattern accepts all that parseDateTime accepts (datetime.ts: the patterns are the
 * looser of the two), so its regex test adds nothing once the parse passed; and a stamp in
 * toISOString form, what clients send back, needs only isIsoStamp.
 * snapshots/engine/speed-paths.test.ts holds this to the rules; what it refuses, Valibot answers.
 */
export function acceptStamp(sent: unknown, utcOnly: boolean): string | typeof REFUSED {
  if (typeof sent !== "string") return REFUSED;
  const text = sent.trim();
  if (isIsoStamp(text)) return text;
  const ms = parseDateTime(text, utcOnly);
  return ms === null ? REFUSED : toIso(ms);
}

/**
 * One member checked from the value sent under any of its names (undefined when omitted or
 * null): its checked value, or its initial value when absent or a blank note; undefined when it
 * fails (the problem is recorded on the checker).
 */
export function readMember<M extends string>(checker: Checker, reader: MemberReader<M>, sent: unknown): unknown {
  if (sent === undefined && reader.presence === "optional") return reader.initial;
  if (reader.utcStamp !== undefined) {
    const stamp = acceptStamp(sent, reader.utcStamp);
    if (stamp !== REFUSED) return stamp;
  }
  const value = checker.check(reader.field, reader.rule, sent, reader.presence, reader.fast);
  return (reader.note && value === "") || value === undefined ? reader.initial : value;
}
