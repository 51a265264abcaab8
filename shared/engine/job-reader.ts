/**
 * The client-held job (D6): `job` must be an object; each member is checked by its row of
 * job-members.ts, in SPEC's table order, right after `job` itself (D13a); a bad or missing member
 * is invalid_field named `job.<member>`. snake_case names are accepted; unknown members drop.
 * Then its seal (D27), when the engine checks it: over the job exactly as sent (seal.ts), before
 * any state check; SEALS=required refuses a job without one (missing_field job.seal) or with one
 * that does not match (invalid_field job.seal), SEALS=on only records the verdict.
 */
import { isObject } from "../lib/json.ts";
import { invalid, missing } from "../protocol/errors.ts";
import { SEAL_MISMATCH } from "../protocol/integrity-members.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS, type Job, memberNamesOf } from "../protocol/job-members.ts";
import { checkSeal, SEAL } from "../seal/seal.ts";
import { jobMembersLiteral, jobMembersRead, jobMembersTwice } from "./accessors.generated.ts";
import { type Checker, sentTwice, valuesUnder } from "./checker.ts";
import { memberReaders, readMember } from "./member-reader.ts";
import type { SealPolicy } from "./sealing.ts";

const READERS = memberReaders("job", JOB_MEMBER_NAMES, (member) => JOB_MEMBERS[member]);

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
  const sent = jobMembersRead(raw);
  const before = checker.errors.length;
  // Each member's checked value replaces what was sent, in the table's order.
  const both = jobMembersTwice(raw);
  for (let i = 0; i < READERS.length; i++) {
    const reader = READERS[i]!;
    sent[i] = readMember(checker, reader, sent[i]);
    // D25: a member sent under both its names must agree, each value checked by the member's rule.
    if (both && checker.errors.length === before) {
      for (const other of valuesUnder(raw, memberNamesOf(reader.member)).slice(1)) {
        const value = readMember(checker, reader, other);
        if (checker.errors.length > before) break;
        if (value !== sent[i]) {
          checker.fail(sentTwice(reader.field));
          break;
        }
      }
    }
  }
  if (checker.errors.length > before) return undefined;
  const job = jobMembersLiteral(sent) as Job;
  if (checker.seals) checkJobSeal(checker, checker.seals, raw);
  return checker.errors.length > before ? undefined : job;
}

/** Records the verdict on the job's seal; refuses a missing or wrong one when the policy says so (SEALS=required). */
function checkJobSeal(checker: Checker, seals: SealPolicy, raw: Record<string, unknown>): void {
  const verdict = checkSeal(seals.signer, raw);
  checker.jobSeal = verdict;
  if (!seals.refuse || verdict === "valid") return;
  checker.fail(verdict === "absent" ? missing(`job.${SEAL}`) : invalid(`job.${SEAL}`, SEAL_MISMATCH));
}
