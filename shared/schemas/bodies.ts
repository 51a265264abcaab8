/**
 * JSON Schemas of the request bodies and the receipt, written from the schemas the engine reads
 * them with (shared/engine/body-schemas.ts, member-schemas.ts) by the override module
 * (table-json.ts): each member's rule is its component (field-components.ts), its names
 * properties, null "omitted" (D2); a required member present under one of its names; the
 * fields an action's table refuses (D5) null only; the hold's end check (D7) as expires_at not
 * with ttl_seconds. What no schema can say (time, headers, the dispute refund bound of D3) is
 * listed in `UNEXPRESSED` and published with the schemas.
 */
import { ACTION_BODY, ACTION_TABLES, VERIFY_BODY } from "../engine/body-schemas.ts";
import { JOB_SCHEMA, RECEIPT_SCHEMA } from "../engine/member-schemas.ts";
import type { Member, TableSchema } from "../engine/table-steps.ts";
import { ACTIONS, type Action } from "../protocol/constants.ts";
import type { FieldName } from "../protocol/fields.ts";
import { integrityMembersOf } from "../protocol/integrity-members.ts";
import type { JobMember } from "../protocol/job-members.ts";
import { CLAIMS, type ReceiptMember } from "../protocol/receipt-members.ts";
import { fieldSchema, jsonSchemaOf, nullable, oneNameEach, present, type Schema } from "./convert.ts";
import { type CompositeName, pascal, type SchemaRefs } from "./field-components.ts";
import { jobViewSchema } from "./job-view.ts";
import { aliasProperties, dependentsOf, membersOf, presenceOf, refusedProperties, requiring } from "./table-json.ts";

/** Rules the engine applies that the schemas cannot state. */
export const UNEXPRESSED = [
  "Strings are trimmed before checking (D2); the schemas count surrounding whitespace, so they may be stricter there.",
  "expires_at must be strictly in the future, and ttl_seconds must end the hold by 9999-12-31T23:59:59.999Z: both depend on the clock (the schemas bound ttl_seconds by 253402300799, the seconds from 1970 to that date, which no clock can exceed; a smaller one that still ends the hold past it is the engine's to refuse).",
  "Date-times whose offset moves them outside years 0000-9999 in UTC (0000-01-01T00:00:00+01:00) match the schemas but are refused by the engine; impossible dates (2026-02-30, 2026-02-29) the schemas refuse too.",
  "callback_url must also parse as a URL with a host (D13a): the schemas refuse unclosed brackets, bad percent escapes, extra colons and ports past 65535, but not every character a URL parser forbids in a host (https://exa<mple.com).",
  "The Idempotency-Key header must equal idempotency_key when both are sent (D15).",
  "A dispute whose refund would push payer_credits past 9007199254740991 is refused (D3).",
  "A field (or job member) sent under two of its names is accepted by the engine when the values agree after trimming, and is invalid_field otherwise (D25); the schemas refuse any field sent under two names, even when one of them is null.",
  "State rules (illegal_transition, insufficient_credits, hold_expired) are not schema rules.",
  "Under SEALS=required (D27) transition, quote and validate refuse a job without a seal (missing_field job.seal) or one whose seal does not hold for the job exactly as sent, a member renamed to an alias, added, dropped, moved or edited (invalid_field job.seal); verify answers valid false instead. The schemas know neither the setting nor the key, and JSON Schema cannot see member order, so they accept such a job and check only a seal's shape.",
  "Under SEALS=on or off (D27) a job's seal and a receipt's signature are never refused for their shape (a seal that does not hold breaks the chain: the job goes on unsealed; a signature that does not hold makes signature_valid false; SEALS=off ignores both); the schemas refuse any of another shape.",
] as const;

/** A top-level member's schema: the job's and the receipt's composites, else its field's. */
export const topRef =
  (refs: SchemaRefs) =>
  (member: Member): Schema =>
    member.key === "job"
      ? refs.composite("JobInput")
      : member.key === "receipt"
        ? refs.composite("Receipt")
        : refs.field(member.key as FieldName);

/** The statement of a table, for a document with `refs`. */
const statementOf = (write: (table: TableSchema<unknown>, refs: SchemaRefs) => Schema, refs: SchemaRefs) => ({
  table: (table: TableSchema<unknown>) => write(table, refs),
});

/**
 * The client-held job (D6): members by response name and snake_case alias, then its seal (D27);
 * unknown members allowed (dropped). A sealed job keeps its seal only when it comes back exactly
 * as written (UNEXPRESSED: no schema sees member order or knows the key).
 */
function jobStatement(table: TableSchema<unknown>, refs: SchemaRefs): Schema {
  const members = membersOf(table);
  const ref = (member: Member): Schema => refs.jobMember(member.key as JobMember);
  const properties = aliasProperties(members, ref);
  for (const member of integrityMembersOf("job")) properties[member] = nullable(refs.integrity(member));
  return requiring(
    {
      type: "object",
      description:
        "The client-held job, exactly as the last response gave it: the same members, names and order, and its seal when it has one (D27).",
      properties,
      dependentSchemas: oneNameEach(members.map((member) => member.names)),
    },
    presenceOf(members, ref),
  );
}

/** The receipt verify accepts: its required members, the rest checked when present, signature (D27) last. */
function receiptStatement(table: TableSchema<unknown>, refs: SchemaRefs): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const { key, optional } of membersOf(table)) {
    const schema = refs.receiptMember(key as ReceiptMember);
    properties[key] = optional ? nullable(schema) : schema;
    if (!optional) required.push(key);
  }
  for (const member of integrityMembersOf("receipt")) properties[member] = nullable(refs.integrity(member));
  return { type: "object", required, properties };
}

/** The body of one action: its action, its fields, the job, the fields of other actions only as null (D5). */
function actionStatement(table: TableSchema<unknown>, refs: SchemaRefs): Schema {
  const [action, ...members] = membersOf(table);
  const fields = members.filter((member) => member.key !== "job");
  const ref = topRef(refs);
  const properties: Record<string, Schema> = { action: fieldSchema(action!.schema), ...aliasProperties(fields, ref) };
  for (const job of members.filter((member) => member.key === "job")) properties.job = ref(job);
  Object.assign(properties, refusedProperties(table));
  return requiring(
    { type: "object", required: ["action"], properties, dependentSchemas: dependentsOf(table, fields) },
    presenceOf(members, ref),
  );
}

/** The name of the body schema of `action`: CreateBody, FundBody, ... */
const actionBodyName = (action: Action): CompositeName => `${pascal(action)}Body` as CompositeName;

/**
 * Action bodies of transition, quote and validate: exactly one action's body, told apart by
 * `action`. The OpenAPI document adds a discriminator on it, so generated clients get one named
 * type per action (CreateBody, FundBody, ...); a JSON Schema document has no such keyword.
 */
export function transitionBodySchema(refs: SchemaRefs, discriminated: boolean): Schema {
  const bodies = ACTIONS.map((action) => refs.composite(actionBodyName(action)));
  return jsonSchemaOf(ACTION_BODY, {
    table: (table) => bodies[Object.values(ACTION_TABLES).indexOf(table as never)]!,
    choice: (_choice, oneOf) => {
      if (!discriminated) return { type: "object", oneOf };
      const mapping = Object.fromEntries(ACTIONS.map((action, i) => [action, oneOf[i]!.$ref as string]));
      return { type: "object", oneOf, discriminator: { propertyName: "action", mapping } };
    },
  });
}

/** The receipt verify accepts. */
export const receiptSchema = (refs: SchemaRefs): Schema =>
  jsonSchemaOf(RECEIPT_SCHEMA, statementOf(receiptStatement, refs));

/**
 * Verify bodies: `{ receipt }` or `{ job, action?, claims? }` (D12, D12a), either with
 * idempotency_key; the claims are read beside a job only. A submitted job needs an action (the
 * engine's last check, shared/engine/verify.ts).
 */
function verifyStatement(table: TableSchema<unknown>, refs: SchemaRefs): Schema {
  const members = membersOf(table);
  const member = (key: string): Member => members.find((each) => each.key === key)!;
  const claims = CLAIMS.map(({ claim }) => member(claim));
  const idempotencyKey = member("idempotency_key");
  const terminal: Schema = { type: "string", enum: fieldSchema(member("action").schema).enum };
  const ref = topRef(refs);
  return {
    type: "object",
    properties: { action: nullable(terminal), ...aliasProperties([idempotencyKey], ref) },
    dependentSchemas: oneNameEach([idempotencyKey, ...claims].map(({ names }) => names)),
    oneOf: [
      {
        type: "object",
        required: ["receipt"],
        properties: { receipt: ref(member("receipt")), job: { type: "null" } },
      },
      {
        type: "object",
        required: ["job"],
        properties: { job: ref(member("job")), receipt: { type: "null" }, ...aliasProperties(claims, ref) },
        // `type` keeps the inner `required` to objects, as strict validators demand (Ajv strictTypes).
        if: {
          properties: {
            job: { type: "object", properties: { status: { const: "submitted" } }, required: ["status"] },
          },
        },
        then: present("action", terminal),
      },
    ],
  };
}

/** The verify body. */
export const verifyBodySchema = (refs: SchemaRefs): Schema =>
  jsonSchemaOf(VERIFY_BODY, statementOf(verifyStatement, refs));

/** Each composite schema, built with `refs`. */
export function compositeSchema(name: CompositeName, refs: SchemaRefs): Schema {
  if (name === "Job") return jobViewSchema(refs, true);
  if (name === "QuoteJob") return jobViewSchema(refs, false);
  if (name === "JobInput") return jsonSchemaOf(JOB_SCHEMA, statementOf(jobStatement, refs));
  if (name === "Receipt") return receiptSchema(refs);
  const action = ACTIONS.find((each) => actionBodyName(each) === name)!;
  return jsonSchemaOf(ACTION_TABLES[action], statementOf(actionStatement, refs));
}

/** Every composite schema by name, built with `refs`: the job, the receipt, then the body of each action. */
export function compositeSchemas(refs: SchemaRefs): Record<CompositeName, Schema> {
  const names: CompositeName[] = ["Job", "QuoteJob", "JobInput", "Receipt", ...ACTIONS.map(actionBodyName)];
  return Object.fromEntries(names.map((name) => [name, compositeSchema(name, refs)])) as Record<CompositeName, Schema>;
}
