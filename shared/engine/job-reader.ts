/**
 * The client-held job (D6): `job` must be an object; each member is checked by its row of
 * job-members.ts, in SPEC's table order, right after `job` itself (D13a); a bad or missing member
 * is invalid_field named `job.<member>`. snake_case names are accepted; unknown members drop.
 */
import { literal } from "../lib/compile.ts";
import { isObject } from "../lib/json.ts";
import { invalid, missing } from "../protocol/errors.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS, type Job, memberNamesOf } from "../protocol/job-members.ts";
import type { Checker } from "./checker.ts";
import { memberReaders, readMember } from "./member-reader.ts";
import { nameIndex, sentValues } from "./sent.ts";

const READERS = memberReaders("job", JOB_MEMBER_NAMES, (member) => JOB_MEMBERS[member]);
const JOB = literal(JOB_MEMBER_NAMES);
const MEMBER_INDEX = nameIndex(JOB_MEMBER_NAMES, memberNamesOf);

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
  const values = new Array<unknown>(READERS.length);
  for (let i = 0; i < READERS.length; i++) {
    const reader = READERS[i]!;
    values[i] = readMember(checker, reader, sent[reader.member]);
  }
  return checker.errors.length > before ? undefined : (JOB(values) as Job);
}
