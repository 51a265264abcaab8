/**
 * The client-held job (D6): `job` must be an object; each member is checked like the create
 * fields, in SPEC's table order, right after `job` itself (D13a); a bad or missing member is
 * invalid_field named `job.<member>`. snake_case aliases are accepted; unknown members drop.
 */
import { isObject, sentJobMembers } from "../protocol/aliases.ts";
import { isIsoStamp, parseDateTime, toIso } from "../protocol/datetime.ts";
import { invalid, missing } from "../protocol/errors.ts";
import { type JobMember, jobMemberRules, type Rule } from "../protocol/rules.ts";
import type { Checker } from "./checker.ts";
import { compileRule, type FastRule, REFUSED } from "./fast-rule.ts";
import type { Job } from "./job.ts";

/** The stamp members, each with whether it is UTC only (D4: expiresAt is, like expires_at). */
const STAMPS: Partial<Record<JobMember, boolean>> = {
  createdAt: false,
  fundedAt: false,
  submittedAt: false,
  resolvedAt: false,
  expiresAt: true,
};
const NOTES = new Set<JobMember>(["proofNote", "releaseNote", "disputeReason"]);

/** Everything checking one member needs, worked out once: field name, rule, presence, kind. */
interface Reader {
  readonly field: string;
  readonly rule: Rule;
  readonly fast: FastRule;
  readonly presence: "required-member" | "optional";
  /** Set on stamp members: whether the stamp must be UTC. */
  readonly stamp: boolean | undefined;
  readonly note: boolean;
}

/** The reader of each member. */
const R = Object.fromEntries(
  (Object.keys(jobMemberRules) as JobMember[]).map((member): [JobMember, Reader] => [
    member,
    {
      field: `job.${member}`,
      rule: jobMemberRules[member].rule,
      fast: compileRule(jobMemberRules[member].rule),
      presence: jobMemberRules[member].required ? "required-member" : "optional",
      stamp: STAMPS[member],
      note: NOTES.has(member),
    },
  ]),
) as Record<JobMember, Reader>;

/**
 * A stamp member's accepting path: the trimmed text in response form, or REFUSED. One parse
 * decides: the rule's pattern accepts all that parseDateTime accepts (datetime.ts: the patterns
 * are the looser of the two), so its regex test adds nothing once the parse passed; and a stamp
 * in toISOString form, what clients send back, needs only isIsoStamp. engine-speed-paths.test.ts
 * holds this to the rules; what it refuses, Valibot answers.
 */
export function acceptStamp(sent: unknown, utcOnly: boolean): string | typeof REFUSED {
  if (typeof sent !== "string") return REFUSED;
  const text = sent.trim();
  if (isIsoStamp(text)) return text;
  const ms = parseDateTime(text, utcOnly);
  return ms === null ? REFUSED : toIso(ms);
}

/**
 * One checked member, from the value sent under any of its aliases (undefined when omitted or
 * null). A stamp takes its one-parse path, which accepts all its rule accepts (in response
 * form), so the checker only ever sees a stamp to reject it; the checker runs every other
 * member's compiled accepting path itself.
 */
function member(checker: Checker, reader: Reader, sent: unknown): unknown {
  if (sent === undefined && reader.presence === "optional") return undefined;
  if (reader.stamp !== undefined) {
    const stamp = acceptStamp(sent, reader.stamp);
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
  const sent = sentJobMembers(raw);
  const before = checker.errors.length;
  // Members in SPEC's table order: an object literal evaluates its values in source order.
  const job = {
    id: member(checker, R.id, sent.id),
    title: member(checker, R.title, sent.title),
    amount: member(checker, R.amount, sent.amount),
    criteria: member(checker, R.criteria, sent.criteria),
    proofUrl: member(checker, R.proofUrl, sent.proofUrl),
    proofNote: member(checker, R.proofNote, sent.proofNote),
    status: member(checker, R.status, sent.status),
    createdAt: member(checker, R.createdAt, sent.createdAt),
    fundedAt: member(checker, R.fundedAt, sent.fundedAt) ?? null,
    submittedAt: member(checker, R.submittedAt, sent.submittedAt) ?? null,
    resolvedAt: member(checker, R.resolvedAt, sent.resolvedAt) ?? null,
    fee: member(checker, R.fee, sent.fee) ?? 0,
    agentPayout: member(checker, R.agentPayout, sent.agentPayout) ?? 0,
    releaseNote: member(checker, R.releaseNote, sent.releaseNote),
    disputeReason: member(checker, R.disputeReason, sent.disputeReason),
    clientRef: member(checker, R.clientRef, sent.clientRef),
    callbackUrl: member(checker, R.callbackUrl, sent.callbackUrl),
    expiresAt: member(checker, R.expiresAt, sent.expiresAt),
  } as Job;
  return checker.errors.length > before ? undefined : job;
}
