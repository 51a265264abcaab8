/**
 * JSON Schemas of the request bodies and the receipt, assembled from the field schemas of
 * convert.ts and the request-shape tables: aliases become properties, null is "omitted" (D2),
 * required fields need one non-null alias, fields of other actions may only be null (D5), and
 * expires_at with ttl_seconds is refused. What no schema can say (time, headers, the dispute
 * refund bound of D3) is listed in `UNEXPRESSED` and published with the schemas.
 */
import { ACTIONS, type Action, TERMINALS } from "../protocol/constants.ts";
import { type FieldName, namesOf } from "../protocol/fields.ts";
import { integrityMembersOf } from "../protocol/integrity-members.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS, memberNamesOf } from "../protocol/job-members.ts";
import { CLAIMS, RECEIPT_MEMBER_NAMES, RECEIPT_MEMBERS } from "../protocol/receipt-members.ts";
import { ACTION_FIELDS, type BodyField, OWNED_FIELDS } from "../protocol/request-shape.ts";
import { mergeDependents, notBoth, nullable, oneNameEach, present, presentAny, type Schema } from "./convert.ts";
import { type CompositeName, pascal, type SchemaRefs } from "./field-components.ts";
import { jobViewSchema } from "./job-view.ts";

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

/** Properties for every name of each field: its schema by `refs`, or null (D2). */
export function aliasProperties(fields: readonly FieldName[], refs: SchemaRefs): Record<string, Schema> {
  const properties: Record<string, Schema> = {};
  for (const field of fields) for (const alias of namesOf(field)) properties[alias] = nullable(refs.field(field));
  return properties;
}

const aliasesOf = (field: BodyField): readonly string[] => (field === "job" ? ["job"] : namesOf(field));

/**
 * The client-held job (D6): members by response name and snake_case alias, then its seal (D27);
 * unknown members allowed (dropped). A sealed job keeps its seal only when it comes back exactly
 * as written (UNEXPRESSED: no schema sees member order or knows the key).
 */
function jobSchema(refs: SchemaRefs): Schema {
  const properties: Record<string, Schema> = {};
  const rules: Schema[] = [];
  for (const member of JOB_MEMBER_NAMES) {
    for (const alias of memberNamesOf(member)) properties[alias] = nullable(refs.jobMember(member));
    if (JOB_MEMBERS[member].required) rules.push(presentAny(memberNamesOf(member), refs.jobMember(member)));
  }
  for (const member of integrityMembersOf("job")) properties[member] = nullable(refs.integrity(member));
  return requiring(
    {
      type: "object",
      description:
        "The client-held job, exactly as the last response gave it: the same members, names and order, and its seal when it has one (D27).",
      properties,
      dependentSchemas: oneNameEach(JOB_MEMBER_NAMES.map(memberNamesOf)),
    },
    rules,
  );
}

/**
 * `object` with the presence rules added in the forms generated clients type best: a field of
 * one name joins `required` and its property refuses null (D2); a field of several names is an
 * `anyOf` of one object per name (every such rule together under allOf).
 */
export function requiring(object: Schema, rules: readonly Schema[]): Schema {
  const properties = object.properties as Record<string, Schema>;
  const required = [...((object.required as string[] | undefined) ?? [])];
  const choices: Schema[] = [];
  for (const rule of rules) {
    if (rule.anyOf !== undefined) choices.push(rule);
    else {
      const [name] = rule.required as [string];
      required.push(name);
      properties[name] = (rule.properties as Record<string, Schema>)[name]!;
    }
  }
  return { ...object, required, properties, ...(choices.length > 0 && { allOf: choices }) };
}

/** expires_at and ttl_seconds are not both sent (with a value). */
export const bothExpiryFields = (): Record<string, Schema> => notBoth(namesOf("expires_at"), namesOf("ttl_seconds"));

/** The name of the body schema of `action`: CreateBody, FundBody, ... */
const actionBodyName = (action: Action): CompositeName => `${pascal(action)}Body` as CompositeName;

/** The body of one action: its fields, the job, fields of other actions only as null (D5). */
function actionBodySchema(action: Action, refs: SchemaRefs): Schema {
  const { required, optional } = ACTION_FIELDS[action];
  const fields = ([...required, ...optional] as BodyField[]).filter((f): f is FieldName => f !== "job");
  const properties: Record<string, Schema> = { action: { const: action }, ...aliasProperties(fields, refs) };
  if (action !== "create") properties.job = refs.composite("JobInput");
  for (const [field, owner] of OWNED_FIELDS) {
    if (owner !== action) for (const alias of namesOf(field)) properties[alias] = { type: "null" };
  }
  const rules = required.map((field) =>
    presentAny(aliasesOf(field), field === "job" ? refs.composite("JobInput") : refs.field(field)),
  );
  const dependents = oneNameEach(fields.map(namesOf));
  return requiring(
    {
      type: "object",
      required: ["action"],
      properties,
      dependentSchemas: action === "fund" ? mergeDependents(dependents, bothExpiryFields()) : dependents,
    },
    rules,
  );
}

/**
 * Action bodies of transition, quote and validate: exactly one action's body, told apart by
 * `action`. The OpenAPI document adds a discriminator on it, so generated clients get one named
 * type per action (CreateBody, FundBody, ...); a JSON Schema document has no such keyword.
 */
export function transitionBodySchema(refs: SchemaRefs, discriminated: boolean): Schema {
  const bodies = ACTIONS.map((action) => refs.composite(actionBodyName(action)));
  if (!discriminated) return { type: "object", oneOf: bodies };
  const mapping = Object.fromEntries(ACTIONS.map((action, i) => [action, bodies[i]!.$ref as string]));
  return { type: "object", oneOf: bodies, discriminator: { propertyName: "action", mapping } };
}

/**
 * The receipt verify accepts: job_id, status, amount and the three claims required; the rest
 * checked when present, signature (D27) last.
 */
export function receiptSchema(refs: SchemaRefs): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const member of RECEIPT_MEMBER_NAMES) {
    const schema = refs.receiptMember(member);
    properties[member] = RECEIPT_MEMBERS[member].required ? schema : nullable(schema);
    if (RECEIPT_MEMBERS[member].required) required.push(member);
  }
  for (const member of integrityMembersOf("receipt")) properties[member] = nullable(refs.integrity(member));
  return { type: "object", required, properties };
}

/** Verify bodies: `{ receipt }` or `{ job, action?, claims? }` (D12, D12a), either with idempotency_key. */
export function verifyBodySchema(refs: SchemaRefs): Schema {
  const claims = CLAIMS.map((c) => c.claim);
  const terminal: Schema = { type: "string", enum: [...TERMINALS] };
  return {
    type: "object",
    properties: {
      action: nullable(terminal),
      // Every engine reads idempotency_key (D15).
      ...aliasProperties(["idempotency_key"], refs),
    },
    dependentSchemas: oneNameEach((["idempotency_key", ...claims] as const).map((field) => namesOf(field))),
    oneOf: [
      {
        type: "object",
        required: ["receipt"],
        properties: { receipt: refs.composite("Receipt"), job: { type: "null" } },
      },
      {
        type: "object",
        required: ["job"],
        // Claims are read beside a job only; beside a receipt they are unknown fields (D5, D12).
        properties: { job: refs.composite("JobInput"), receipt: { type: "null" }, ...aliasProperties(claims, refs) },
        // A submitted job needs an action. `type` keeps the inner `required` to objects, as
        // strict validators demand (Ajv strictTypes).
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

/** Each composite schema, built with `refs`. */
export function compositeSchema(name: CompositeName, refs: SchemaRefs): Schema {
  if (name === "Job") return jobViewSchema(refs, true);
  if (name === "QuoteJob") return jobViewSchema(refs, false);
  if (name === "JobInput") return jobSchema(refs);
  if (name === "Receipt") return receiptSchema(refs);
  return actionBodySchema(ACTIONS.find((action) => actionBodyName(action) === name)!, refs);
}

/** Every composite schema by name, built with `refs`: the job, the receipt, then the body of each action. */
export function compositeSchemas(refs: SchemaRefs): Record<CompositeName, Schema> {
  const names: CompositeName[] = ["Job", "QuoteJob", "JobInput", "Receipt", ...ACTIONS.map(actionBodyName)];
  return Object.fromEntries(names.map((name) => [name, compositeSchema(name, refs)])) as Record<CompositeName, Schema>;
}
