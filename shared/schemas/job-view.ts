/**
 * The job as answers give it (D10): camelCase members only, in the job table's order (D10); the members
 * every answer carries are required (id too, but on a create quote, which has none: QuoteJob);
 * null only for the stamps left null until their action (fundedAt, submittedAt,
 * resolvedAt); optional strings absent until set. The request's job, with its snake_case names
 * and null for omitted, is JobInput (bodies.ts). A committed job ends with its seal (D27); a
 * quote's job never has one.
 */
import { integrityMembersOf } from "../protocol/integrity-members.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS } from "../protocol/job-members.ts";
import type { JobMemberRow } from "../protocol/member-rows.ts";
import type { Schema } from "./convert.ts";
import type { SchemaRefs } from "./field-components.ts";

/** The answer's job, with its id (Job) or without (QuoteJob). */
export function jobViewSchema(refs: SchemaRefs, withId: boolean): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const member of JOB_MEMBER_NAMES) {
    const row: JobMemberRow = JOB_MEMBERS[member];
    // A stamp's own rule allows null (optionalStamp); no other member's does.
    properties[member] = refs.jobMember(member);
    const carried = row.required || "initial" in row;
    if (member === "id" ? withId : carried) required.push(member);
  }
  if (withId) for (const member of integrityMembersOf("job")) properties[member] = refs.integrity(member);
  return {
    type: "object",
    description: withId
      ? "A job as the service answers it: camelCase, in SETTLEMENT.md's table order. Send it back as job."
      : "The job a quote would make or leave: as Job, without the id a create quote does not have.",
    required,
    properties,
  };
}
