/**
 * The one override module: where the engine's schemas become JSON Schema (draft 2020-12), by
 * @valibot/to-json-schema. Its overrideSchema hands the engine's own kinds (a table, a choice
 * of tables: shared/engine/table-schema.ts), which it cannot read, to the body's statement
 * (bodies.ts, simulate-body.ts, with table-json.ts). In a rule it cannot see what trim, check
 * and a picklist inside a pipe do, so its overrideAction extends it here:
 * - max_code_points (D1) becomes maxLength, which JSON Schema counts in code points;
 * - non_empty and min_length after a trim become minLength 1 plus pattern \S, since a blank
 *   string is refused by the engine (D2): the schema is never looser than the engine;
 * - a regex replaces that \S (every such pattern refuses blank strings too);
 * - trim passes through; a check adds the pattern of values it refuses, as `not` (rules.ts);
 * - a picklist after a trim becomes its enum (typeMode "output").
 * Schemas may still be stricter about surrounding whitespace (D2).
 */
import { type JsonSchema, toJsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import type { TableChoice, TableSchema } from "../engine/table-steps.ts";
import type { Rule } from "../protocol/rules.ts";

/** A JSON Schema object (the generator's type, widened for assembly). */
export type Schema = JsonSchema & Record<string, unknown>;

const NOT_BLANK = "\\S";

/** How the engine's own kinds are written: a table, and a choice of tables around its tables' schemas. */
export interface TableStatements {
  table(table: TableSchema<unknown>): Schema;
  choice?(choice: TableChoice<unknown>, tables: Schema[]): Schema;
}

const kindOf = (schema: unknown): unknown => (schema as { type?: unknown }).type;

/** JSON Schema of one of the engine's schemas (a field's rule, a body), without `$schema`; its own kinds by `statements`. */
export function jsonSchemaOf(engineSchema: v.GenericSchema, statements?: TableStatements): Schema {
  const schema = toJsonSchema(engineSchema, {
    target: "draft-2020-12",
    errorMode: "throw",
    // "output" starts at a pipe's last schema: a trimmed picklist converts as its enum.
    typeMode: "output",
    overrideSchema({ valibotSchema }) {
      if (statements === undefined) return undefined;
      if (kindOf(valibotSchema) === "table") return statements.table(valibotSchema as unknown as TableSchema<unknown>);
      if (kindOf(valibotSchema) !== "table_choice" || statements.choice === undefined) return undefined;
      const choice = valibotSchema as unknown as TableChoice<unknown>;
      return statements.choice(choice, Object.values(choice.tables).map(statements.table));
    },
    overrideAction({ valibotAction, jsonSchema }) {
      const action = valibotAction as { type: string; requirement?: unknown };
      switch (action.type) {
        case "max_code_points":
          return { ...jsonSchema, maxLength: action.requirement as number };
        case "non_empty":
        case "min_length":
          return { ...jsonSchema, minLength: 1, pattern: jsonSchema.pattern ?? NOT_BLANK };
        case "regex":
          // A field's own pattern replaces the \S of its min-length step: each pattern used
          // after a trim here also refuses blank strings.
          return { ...jsonSchema, pattern: (action.requirement as RegExp).source };
        case "trim":
          return jsonSchema;
        case "check": {
          // A check says what a schema can of it (rules.ts CheckSchema): the values it refuses.
          const extra = (action.requirement as { jsonSchema?: Record<string, unknown> }).jsonSchema;
          return extra === undefined ? jsonSchema : { ...jsonSchema, ...extra };
        }
        default:
          return undefined;
      }
    },
  }) as Schema;
  delete schema.$schema;
  return schema;
}

/** JSON Schema of one field rule. */
export const fieldSchema = (rule: Rule): Schema => jsonSchemaOf(rule);

/** The schema, or null (null counts as omitted, D2). */
export const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: "null" }] });

/**
 * The object holds `name` with a value of `schema`, which refuses null (null counts as omitted,
 * D2). Stated as `required` and `properties`, the form generated clients read as a plain member.
 */
export const present = (name: string, schema: Schema): Schema => ({
  required: [name],
  properties: { [name]: schema },
});

/** At least one of the alias names holds a value of `schema` (not null). */
export const presentAny = (names: readonly string[], schema: Schema): Schema =>
  names.length === 1 ? present(names[0]!, schema) : { anyOf: names.map((name) => present(name, schema)) };

/** Schemas that apply when their key is present, each key's merged into one (for `dependentSchemas`). */
export type Dependents = Record<string, Schema>;

/** One `dependentSchemas` from several: a key named twice gets both schemas, under allOf. */
export function mergeDependents(...all: Dependents[]): Dependents {
  const merged: Record<string, Schema[]> = {};
  for (const dependents of all)
    for (const [key, schema] of Object.entries(dependents)) merged[key] = [...(merged[key] ?? []), schema];
  return Object.fromEntries(
    Object.entries(merged).map(([key, schemas]) => [key, schemas.length === 1 ? schemas[0]! : { allOf: schemas }]),
  );
}

/**
 * No field is sent under two of its names (each group: one field's names), as a schema can say
 * it: the engine accepts two names whose values agree (D25), and a second name sent as null
 * (D2); the schemas refuse both (stricter, never looser). Said with `dependentSchemas` (each name
 * present forbids the names after it), which validators enforce and generated clients skip, so
 * the body stays a plain object type in them (no `not`, which they type as unknown).
 */
export function oneNameEach(groups: readonly (readonly string[])[]): Dependents {
  const dependents: Dependents = {};
  for (const names of groups)
    names.slice(0, -1).forEach((name, i) => {
      dependents[name] = { properties: Object.fromEntries(names.slice(i + 1).map((later) => [later, false])) };
    });
  return dependents;
}

/**
 * Not both of two fields with a value (each given by its names; null counts as omitted, D2):
 * each name of the first, when present, is null or every name of the second is.
 */
export function notBoth(first: readonly string[], second: readonly string[]): Dependents {
  const isNull = (names: readonly string[]): Schema => ({
    properties: Object.fromEntries(names.map((name) => [name, { type: "null" }])),
  });
  return Object.fromEntries(first.map((name) => [name, { anyOf: [isNull([name]), isNull(second)] }]));
}
