/**
 * The client-held job (D6): `job` must be an object; each member is checked like the create
 * fields, in SPEC's table order, right after `job` itself (D13a); a bad or missing member is
 * invalid_field named `job.<member>`. snake_case aliases are accepted; unknown members drop.
 */
import { isObject, JOB_MEMBER_ALIASES, pick } from "../aliases.ts";
import type { JobStatus } from "../constants.ts";
import { parseDateTime, toIso } from "../datetime.ts";
import { invalid, missing } from "../errors.ts";
import { type JobMember, jobMemberRules } from "../rules.ts";
import type { Checker } from "./checker.ts";
import { compileRule } from "./fast-rule.ts";
import type { Job } from "./job.ts";

const MEMBERS = Object.keys(jobMemberRules) as JobMember[];
const STAMPS = new Set<JobMember>(["createdAt", "fundedAt", "submittedAt", "resolvedAt", "expiresAt"]);
const NOTES = new Set<JobMember>(["proofNote", "releaseNote", "disputeReason"]);

/** Everything readJob needs per member, worked out once: field name, rule, presence, aliases, kind. */
const READERS = MEMBERS.map((member) => ({
  field: `job.${member}`,
  rule: jobMemberRules[member].rule,
  fast: compileRule(jobMemberRules[member].rule),
  presence: jobMemberRules[member].required ? ("required-member" as const) : ("optional" as const),
  aliases: JOB_MEMBER_ALIASES[member],
  stamp: STAMPS.has(member),
  note: NOTES.has(member),
}));
/** The position of each member in READERS (and in the values readJob collects). */
const AT = Object.fromEntries(MEMBERS.map((member, i) => [member, i])) as Record<JobMember, number>;

/** toISOString form. A stamp that passed its rule and has this form is already normalised. */
const ISO_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A checked stamp in response form (D4). */
const normalisedStamp = (stamp: string): string => (ISO_FORM.test(stamp) ? stamp : toIso(parseDateTime(stamp) as number));

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
  const values: unknown[] = new Array(READERS.length);
  const before = checker.errors.length;
  for (let i = 0; i < READERS.length; i++) {
    const reader = READERS[i]!;
    let value = checker.check(reader.field, reader.rule, pick(raw, reader.aliases), reader.presence, reader.fast);
    if (reader.stamp && typeof value === "string") value = normalisedStamp(value);
    if (reader.note && value === "") value = undefined;
    values[i] = value;
  }
  if (checker.errors.length > before) return undefined;
  return {
    id: values[AT.id] as string,
    title: values[AT.title] as string,
    amount: values[AT.amount] as number,
    criteria: values[AT.criteria] as string,
    proofUrl: values[AT.proofUrl] as string,
    proofNote: values[AT.proofNote] as string | undefined,
    status: values[AT.status] as JobStatus,
    createdAt: values[AT.createdAt] as string,
    fundedAt: (values[AT.fundedAt] as string | undefined) ?? null,
    submittedAt: (values[AT.submittedAt] as string | undefined) ?? null,
    resolvedAt: (values[AT.resolvedAt] as string | undefined) ?? null,
    fee: (values[AT.fee] as number | undefined) ?? 0,
    agentPayout: (values[AT.agentPayout] as number | undefined) ?? 0,
    releaseNote: values[AT.releaseNote] as string | undefined,
    disputeReason: values[AT.disputeReason] as string | undefined,
    clientRef: values[AT.clientRef] as string | undefined,
    callbackUrl: values[AT.callbackUrl] as string | undefined,
    expiresAt: values[AT.expiresAt] as string | undefined,
  };
}
