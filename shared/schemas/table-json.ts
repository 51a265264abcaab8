/**
 * The one override module between the engine's schemas and @valibot/to-json-schema. The
 * converter writes what Valibot's own kinds say: each field's and member's rule (convert.ts,
 * field-components.ts). What it cannot read is the engine's own kind (shared/engine/
 * table-schema.ts): a table, whose members are sent under several names (D25), null as absent
 * (D2), with checks across members (D3, D5, D7), and a choice of tables by the action. Each is
 * written here from its steps, by the body's statement (bodies.ts, simulate-body.ts): every
 * name of a member is a property, a required member is present under one of its names, no
 * member under two (stricter than D25), a field the table refuses (D5) is null only.
 */
import { toJsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import { HOLD_END } from "../engine/field-schemas.ts";
import type { Member, Step, TableChoice, TableSchema } from "../engine/table-steps.ts";
import { namesOf } from "../protocol/fields.ts";
import { mergeDependents, notBoth, nullable, oneNameEach, presentAny, type Schema } from "./convert.ts";

/** How the engine's own kinds are written: a table, and a choice of tables around its tables' schemas. */
export interface TableStatements {
  table(table: TableSchema<unknown>): Schema;
  choice?(choice: TableChoice<unknown>, tables: Schema[]): Schema;
}

const isTable = (schema: unknown): schema is TableSchema<unknown> => (schema as { type?: unknown }).type === "table";
const isChoice = (schema: unknown): schema is TableChoice<unknown> =>
  (schema as { type?: unknown }).type === "table_choice";

/** The JSON Schema of one of the engine's schemas: Valibot's kinds by the converter, the engine's by `statements`. */
export function jsonSchemaOf(schema: v.GenericSchema, statements: TableStatements): Schema {
  const json = toJsonSchema(schema, {
    target: "draft-2020-12",
    errorMode: "throw",
    overrideSchema: ({ valibotSchema }) => {
      if (isTable(valibotSchema)) return statements.table(valibotSchema);
      if (isChoice(valibotSchema) && statements.choice) {
        return statements.choice(valibotSchema, Object.values(valibotSchema.tables).map(statements.table));
      }
      return undefined;
    },
  }) as Schema;
  delete json.$schema;
  return json;
}

const isMember = (step: Step): step is Member => "schema" in step;

/** A table's members, in its order. */
export const membersOf = (table: TableSchema<unknown>): Member[] => table.steps.filter(isMember);

/** Properties for every name of each member: its schema by `ref`, or null (D2). */
export function aliasProperties(members: readonly Member[], ref: (member: Member) => Schema): Record<string, Schema> {
  const properties: Record<string, Schema> = {};
  for (const member of members) for (const name of member.names) properties[name] = nullable(ref(member));
  return properties;
}

/** What a table refuses whatever the value (D5): the names of its refusing steps, null only. */
export function refusedProperties(table: TableSchema<unknown>): Record<string, Schema> {
  const names = table.steps.flatMap((step) => (!isMember(step) && step.refuses) || []);
  return Object.fromEntries(names.map((name) => [name, { type: "null" }]));
}

/** One name per member of `members` (D25, stricter), and, when the table ends with the hold's end, not expires_at with ttl_seconds (D7). */
export function dependentsOf(table: TableSchema<unknown>, members: readonly Member[]): Record<string, Schema> {
  const dependents = oneNameEach(members.map((member) => member.names));
  if (!table.steps.includes(HOLD_END as Step)) return dependents;
  return mergeDependents(dependents, notBoth(namesOf("expires_at"), namesOf("ttl_seconds")));
}

/** The presence rules of a table's required members. */
export const presenceOf = (members: readonly Member[], ref: (member: Member) => Schema): Schema[] =>
  members.filter((member) => !member.optional).map((member) => presentAny(member.names, ref(member)));

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
