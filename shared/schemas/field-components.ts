/**
 * Each field's JSON Schema stated once, as a named component, and the two ways a body schema
 * points at it: by `$ref` (the OpenAPI document's components/schemas, a JSON Schema document's
 * $defs) or inline (tools.json, whose input schemas must stand alone). A request field is named
 * after itself (`payer_credits` -> PayerCredits). A job or receipt member that is the same field
 * under the same rule (job.title and title, receipt.client_ref and client_ref) refers to that
 * field's component; every other member has its own (JobStatus, ReceiptReleaseFee). The job's
 * and the receipt's integrity members (D27) are named after themselves (Seal, Signature).
 */
import { FIELD_NAMES, FIELDS, type FieldName } from "../protocol/fields.ts";
import { type IntegrityMember, integrityMembersOf } from "../protocol/integrity-members.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS, type JobMember } from "../protocol/job-members.ts";
import type { JobMemberRow } from "../protocol/member-rows.ts";
import { RECEIPT_MEMBER_NAMES, RECEIPT_MEMBERS, type ReceiptMember } from "../protocol/receipt-members.ts";
import { fieldSchema, type Schema } from "./convert.ts";
import { integritySchema } from "./integrity.ts";

/** PascalCase of a snake_case or camelCase name: payer_credits -> PayerCredits, proofUrl -> ProofUrl. */
export const pascal = (name: string): string =>
  name.replace(/(^|_)([a-z])/g, (_whole, _sep, letter: string) => letter.toUpperCase());

const same = (a: Schema, b: Schema): boolean => JSON.stringify(a) === JSON.stringify(b);

const FIELD_SCHEMAS = Object.fromEntries(FIELD_NAMES.map((name) => [name, fieldSchema(FIELDS[name].rule)])) as Record<
  FieldName,
  Schema
>;

/** The component a job member's schema is: its request field's when the rule is the same, else its own. */
function jobComponent(member: JobMember): string {
  const from = (JOB_MEMBERS[member] as JobMemberRow).from?.field;
  return from !== undefined && same(fieldSchema(JOB_MEMBERS[member].rule), FIELD_SCHEMAS[from])
    ? pascal(from)
    : `Job${pascal(member)}`;
}

/** The job member of a receipt member's PascalCase name (x402_payer -> x402Payer), if any. */
const JOB_BY_PASCAL = new Map(JOB_MEMBER_NAMES.map((member) => [pascal(member), member]));

/**
 * The component a receipt member's schema is: the request field of its name when the rule is the
 * same, else the job member's of its name when the rule is the same (x402_payer -> JobX402Payer),
 * else its own.
 */
function receiptComponent(member: ReceiptMember): string {
  const schema = fieldSchema(RECEIPT_MEMBERS[member].rule);
  const field = member in FIELDS ? (member as FieldName) : undefined;
  if (field !== undefined && same(schema, FIELD_SCHEMAS[field])) return pascal(field);
  const job = JOB_BY_PASCAL.get(pascal(member));
  return job !== undefined && same(schema, fieldSchema(JOB_MEMBERS[job].rule))
    ? jobComponent(job)
    : `Receipt${pascal(member)}`;
}

/** The job's and the receipt's integrity members (D27), each a component of its own. */
const CARRIED_INTEGRITY = [...integrityMembersOf("job"), ...integrityMembersOf("receipt")];

/** Every field component, by name: request fields, the job's and the receipt's own, then the integrity members. */
export function fieldComponents(): Record<string, Schema> {
  const components: Record<string, Schema> = {};
  for (const name of FIELD_NAMES) components[pascal(name)] = FIELD_SCHEMAS[name];
  for (const member of JOB_MEMBER_NAMES) components[jobComponent(member)] ??= fieldSchema(JOB_MEMBERS[member].rule);
  for (const member of RECEIPT_MEMBER_NAMES) {
    components[receiptComponent(member)] ??= fieldSchema(RECEIPT_MEMBERS[member].rule);
  }
  for (const member of CARRIED_INTEGRITY) components[pascal(member)] = integritySchema(member);
  return components;
}

/** The composite schemas body schemas refer to: the job, the receipt and the body of each action. */
export type CompositeName =
  | "Job"
  | "QuoteJob"
  | "JobInput"
  | "Receipt"
  | "CreateBody"
  | "FundBody"
  | "SubmitBody"
  | "ReleaseBody"
  | "DisputeBody";

/** How a body schema points at a field's or a composite's schema. */
export interface SchemaRefs {
  field(name: FieldName): Schema;
  jobMember(member: JobMember): Schema;
  receiptMember(member: ReceiptMember): Schema;
  /** An integrity member of the job or the receipt (D27). */
  integrity(member: IntegrityMember): Schema;
  composite(name: CompositeName): Schema;
}

/** References into `base` ("#/components/schemas/" or "#/$defs/"). */
export const referring = (base: string): SchemaRefs => {
  const ref = (name: string): Schema => ({ $ref: `${base}${name}` });
  return {
    field: (name) => ref(pascal(name)),
    jobMember: (member) => ref(jobComponent(member)),
    receiptMember: (member) => ref(receiptComponent(member)),
    integrity: (member) => ref(pascal(member)),
    composite: ref,
  };
};

/** Every schema written out where it is used; `composite` builds the composite with the same refs. */
export const inline = (composite: (name: CompositeName, refs: SchemaRefs) => Schema): SchemaRefs => {
  const refs: SchemaRefs = {
    field: (name) => FIELD_SCHEMAS[name],
    jobMember: (member) => fieldSchema(JOB_MEMBERS[member].rule),
    receiptMember: (member) => fieldSchema(RECEIPT_MEMBERS[member].rule),
    integrity: integritySchema,
    composite: (name) => composite(name, refs),
  };
  return refs;
};

/**
 * `root` with the definitions it refers to, transitively, as `$defs` (a self-contained JSON
 * Schema document). `all` holds every definition by name; refs must point into "#/$defs/".
 */
export function withDefs(root: Schema, all: Record<string, Schema>): Schema {
  const defs: Record<string, Schema> = {};
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (typeof value === "object" && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if (key === "$ref" && typeof inner === "string" && inner.startsWith("#/$defs/")) {
          const name = inner.slice("#/$defs/".length);
          if (!(name in defs)) {
            defs[name] = all[name]!;
            visit(defs[name]);
          }
        } else visit(inner);
      }
    }
  };
  visit(root);
  const sorted = Object.fromEntries(
    Object.keys(all)
      .filter((name) => name in defs)
      .map((name) => [name, defs[name]!]),
  );
  return { ...root, $defs: sorted };
}
