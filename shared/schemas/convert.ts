/**
 * The one place where Valibot rules become JSON Schema (draft 2020-12). The generator cannot see
 * what trim, check and a picklist inside a pipe do, so this extends it here:
 * - max_code_points (D1) becomes maxLength, which JSON Schema counts in code points;
 * - non_empty and min_length after a trim become minLength 1 plus pattern \S, since a blank
 *   string is refused by the engine (D2): the schema is never looser than the engine;
 * - a regex replaces that \S (every such pattern refuses blank strings too);
 * - trim passes through; a check adds the pattern of values it refuses, as `not` (rules.ts);
 * - a picklist after a trim becomes its enum (typeMode "output").
 * Schemas may still be stricter about surrounding whitespace (D2).
 */
import { type JsonSchema, toJsonSchema } from "@valibot/to-json-schema";
import type { Rule } from "../protocol/rules.ts";

/** A JSON Schema object (the generator's type, widened for assembly). */
export type Schema = JsonSchema & Record<string, unknown>;

const NOT_BLANK = "\\S";

/** JSON Schema of one field rule, without `$schema`. */
export function fieldSchema(rule: Rule): Schema {
  const schema = toJsonSchema(rule, {
    target: "draft-2020-12",
    errorMode: "throw",
    // "output" starts at a pipe's last schema: a trimmed picklist converts as its enum.
    typeMode: "output",
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

/** The schema, or null (null counts as omitted, D2). */
export const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: "null" }] });

/** The object holds `name` with a non-null value. */
export const present = (name: string): Schema => ({
  required: [name],
  properties: { [name]: { not: { type: "null" } } },
});

/**
 * No field is sent under two of its names (each group: one field's names), as a schema can say
 * it: the engine accepts two names whose values agree (D25), and a second name sent as null
 * (D2); the schemas refuse both (stricter, never looser).
 */
export function oneNameEach(groups: readonly (readonly string[])[]): Schema[] {
  const pairs = groups.flatMap((names) => names.flatMap((a, i) => names.slice(i + 1).map((b) => [a, b])));
  // Each pair names its properties beside `required`, as strict validators and linters ask.
  const both = (pair: string[]): Schema => ({
    required: pair,
    properties: Object.fromEntries(pair.map((n) => [n, true])),
  });
  return pairs.length === 0 ? [] : [{ not: { anyOf: pairs.map(both) } }];
}

/** At least one of the alias names holds a non-null value. */
export const presentAny = (names: readonly string[]): Schema =>
  names.length === 1 ? present(names[0]!) : { anyOf: names.map(present) };
