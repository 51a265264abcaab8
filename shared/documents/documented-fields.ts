/**
 * Field tables of the protocol documents, read off the field tables of shared/protocol: the job
 * (in its table order, D10), the request fields and the receipt, each with its type (from its rule's
 * JSON Schema) and its rule in words; the job and the receipt end with their integrity members
 * (D27, protocol/integrity-members.ts).
 */
import { FIELD_NAMES, FIELDS } from "../protocol/fields.ts";
import { INTEGRITY_MEMBERS, integrityMembersOf } from "../protocol/integrity-members.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS } from "../protocol/job-members.ts";
import { RECEIPT_MEMBER_NAMES, RECEIPT_MEMBERS } from "../protocol/receipt-members.ts";
import type { Rule } from "../protocol/rules.ts";
import { fieldSchema, type Schema } from "../schemas/convert.ts";
import { integritySchema } from "../schemas/integrity.ts";

/** The JSON type of a rule's values in words: "string", "integer", "string | null". */
function typeOf(rule: Rule): string {
  const schema = fieldSchema(rule);
  const types = (schema.anyOf as Schema[] | undefined)?.map((branch) => branch.type) ?? [schema.type];
  return types.join(" | ");
}

/** The job, response form. */
export const JOB_FIELDS = [
  ...JOB_MEMBER_NAMES.map((name) => ({ name, type: typeOf(JOB_MEMBERS[name].rule), rule: JOB_MEMBERS[name].text })),
  ...integrityMembersOf("job").map((name) => ({
    name,
    type: String(integritySchema(name).type),
    rule: INTEGRITY_MEMBERS[name].text,
  })),
];

/** Request fields, canonical snake_case names: action and job, then every field of the table. */
export const REQUEST_FIELDS: { name: string; type: string; aliases?: readonly string[]; rule: string }[] = [
  {
    name: "action",
    type: "string",
    rule: "create, fund, submit, release or dispute (transition, quote, validate); release or dispute (verify, optional).",
  },
  {
    name: "job",
    type: "object",
    rule: "The client-held job, on every action except create. Members are checked like create fields and named job.<member> in errors (D6). Send it exactly as the last answer gave it: the same members, names and order, and its seal when it has one; any change breaks the seal (D27).",
  },
  ...FIELD_NAMES.map((name) => {
    const { aliases, text } = FIELDS[name];
    return { name, type: typeOf(FIELDS[name].rule), ...(aliases.length > 0 && { aliases }), rule: text };
  }),
];

/** The receipt, snake_case. */
export const RECEIPT_FIELDS = [
  ...RECEIPT_MEMBER_NAMES.map((name) => ({ name, source: RECEIPT_MEMBERS[name].source })),
  ...integrityMembersOf("receipt").map((name) => ({ name, source: INTEGRITY_MEMBERS[name].text })),
];
