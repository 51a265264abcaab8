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
import type { Job } from "./job.ts";

const MEMBERS = Object.keys(jobMemberRules) as JobMember[];
const STAMPS = new Set<JobMember>(["createdAt", "fundedAt", "submittedAt", "resolvedAt", "expiresAt"]);
const NOTES = new Set<JobMember>(["proofNote", "releaseNote", "disputeReason"]);

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
  const values: Partial<Record<JobMember, unknown>> = {};
  const before = checker.errors.length;
  for (const member of MEMBERS) {
    const { rule, required: needed } = jobMemberRules[member];
    let value = checker.check(`job.${member}`, rule, pick(raw, JOB_MEMBER_ALIASES[member]), needed ? "required-member" : "optional");
    if (typeof value === "string" && STAMPS.has(member)) value = toIso(parseDateTime(value) as number);
    if (value === "" && NOTES.has(member)) value = undefined;
    values[member] = value;
  }
  if (checker.errors.length > before) return undefined;
  return {
    id: values.id as string,
    title: values.title as string,
    amount: values.amount as number,
    criteria: values.criteria as string,
    proofUrl: values.proofUrl as string,
    proofNote: values.proofNote as string | undefined,
    status: values.status as JobStatus,
    createdAt: values.createdAt as string,
    fundedAt: (values.fundedAt as string | undefined) ?? null,
    submittedAt: (values.submittedAt as string | undefined) ?? null,
    resolvedAt: (values.resolvedAt as string | undefined) ?? null,
    fee: (values.fee as number | undefined) ?? 0,
    agentPayout: (values.agentPayout as number | undefined) ?? 0,
    releaseNote: values.releaseNote as string | undefined,
    disputeReason: values.disputeReason as string | undefined,
    clientRef: values.clientRef as string | undefined,
    callbackUrl: values.callbackUrl as string | undefined,
    expiresAt: values.expiresAt as string | undefined,
  };
}
