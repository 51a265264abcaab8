/**
 * The client-held job (D6): `job` must be an object; each member is checked by its row of
 * job-members.ts, in SPEC's table order, right after `job` itself (D13a); a bad or missing member
 * is invalid_field named `job.<member>`. snake_case names are accepted; unknown members drop.
 */
import { isObject } from "../lib/json.ts";
import { isIsoStamp, parseDateTime, toIso } from "../protocol/datetime.ts";
import { invalid, missing } from "../protocol/errors.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS, type Job, type JobMember, memberNamesOf } from "../protocol/job-members.ts";
import type { Rule } from "../protocol/rules.ts";
import type { Checker } from "./checker.ts";
import { compileRule, type FastRule, REFUSED } from "./fast-rule.ts";
import { nameIndex, sentValues } from "./sent.ts";

/** Everything checking one member needs, worked out once from its row. */
interface Reader {
  readonly member: JobMember;
  readonly field: string;
  readonly rule: Rule;
  readonly fast: FastRule;
  readonly presence: "required-member" | "optional";
  /** Set on stamp members: whether the stamp must be UTC (D4: expiresAt is, like expires_at). */
  readonly utcStamp: boolean | undefined;
  readonly note: boolean;
  readonly initial: unknown;
}

const READERS: readonly Reader[] = JOB_MEMBER_NAMES.map((member) => {
  const row: { kind?: string; initial?: unknown } & (typeof JOB_MEMBERS)[JobMember] = JOB_MEMBERS[member];
  return {
    member,
    field: `job.${member}`,
    rule: row.rule,
    fast: compileRule(row.rule),
    presence: row.required ? "required-member" : "optional",
    utcStamp: row.kind === "stamp" ? false : row.kind === "utc-stamp" ? true : undefined,
    note: row.kind === "note",
    initial: row.initial,
  };
});
const MEMBER_INDEX = nameIndex(JOB_MEMBER_NAMES, memberNamesOf);

/**
 * A stamp's accepting path: the trimmed text in response form, or REFUSED. One parse decides:
 * the rule's pattern accepts all that parseDateTime accepts (datetime.ts: the patterns are the
 * looser of the two), so its regex test adds nothing once the parse passed; and a stamp in
 * toISOString form, what clients send back, needs only isIsoStamp. engine-speed-paths.test.ts
 * holds this to the rules; what it refuses, Valibot answers.
 */
export function acceptStamp(sent: unknown, utcOnly: boolean): string | typeof REFUSED {
  if (typeof sent !== "string") return REFUSED;
  const text = sent.trim();
  if (isIsoStamp(text)) return text;
  const ms = parseDateTime(text, utcOnly);
  return ms === null ? REFUSED : toIso(ms);
}

/** One checked member from the value sent under any of its names (undefined when omitted or null). */
function member(checker: Checker, reader: Reader, sent: unknown): unknown {
  if (sent === undefined && reader.presence === "optional") return undefined;
  if (reader.utcStamp !== undefined) {
    const stamp = acceptStamp(sent, reader.utcStamp);
    if (stamp !== REFUSED) return stamp;
  }
  const value = checker.check(reader.field, reader.rule, sent, reader.presence, reader.fast);
  return reader.note && value === "" ? undefined : value;
}

/** Reads `job` from the body; undefined (with the problems recorded) when it is absent or bad. */
export function readJob(checker: Checker, required: boolean): Job | undefined {
  const raw = checker.body.job;
  if (raw === undefined || raw === null) {
    if (required) checker.fail(missing("job"));
    return undefined;
  }
  if (!isObject(raw)) {
    checker.fail(invalid("job", "job must be an object."));
    return undefined;
  }
  const sent = sentValues(raw, MEMBER_INDEX);
  const before = checker.errors.length;
  const job: Record<string, unknown> = {};
  for (const reader of READERS) job[reader.member] = member(checker, reader, sent[reader.member]) ?? reader.initial;
  return checker.errors.length > before ? undefined : (job as Job);
}
