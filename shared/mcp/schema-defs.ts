/**
 * A tool's input schema with its repeated parts stated once, under `$defs`: every date-time
 * member of a job or a receipt is the same schema (the date-time rule's), written out four to
 * sixteen times per tool. Each part named here that a schema holds more than once, exactly and
 * with no description of its own, becomes a `$ref` to its definition, which OpenAI's strict mode
 * and Gemini's JSON Schema parameters both resolve. The names come from the rules they state;
 * the parts are given in the form the schema holds them (portable-schema.ts makes both portable).
 */
import { dateTime } from "../protocol/rules.ts";
import { fieldSchema, type Schema } from "../schemas/convert.ts";

/** The parts a tool's schema may define once, by name: each rule's schema. */
export const RULE_PARTS: Record<string, Schema> = {
  date_time: fieldSchema(dateTime("date_time", false)),
  utc_date_time: fieldSchema(dateTime("utc_date_time", true)),
};

/** `schema` with each named part it repeats stated once under `$defs` and referred to by `$ref`. */
export function withDefs<S extends Schema>(schema: S, parts: Record<string, Schema>): S {
  const texts = new Map(Object.entries(parts).map(([name, part]) => [JSON.stringify(part), name]));
  const counts = new Map<string, number>();
  const count = (value: unknown): void => {
    if (value === null || typeof value !== "object") return;
    const name = Array.isArray(value) ? undefined : texts.get(JSON.stringify(value));
    if (name !== undefined) counts.set(name, (counts.get(name) ?? 0) + 1);
    else for (const inner of Object.values(value)) count(inner);
  };
  count(schema);
  const repeated = new Set([...counts].filter(([, n]) => n > 1).map(([name]) => name));
  if (repeated.size === 0) return schema;
  const refer = (value: unknown): unknown => {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map(refer);
    const name = texts.get(JSON.stringify(value));
    if (name !== undefined && repeated.has(name)) return { $ref: `#/$defs/${name}` };
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, refer(inner)]));
  };
  const $defs = Object.fromEntries([...repeated].map((name) => [name, parts[name]]));
  return { ...(refer(schema) as S), $defs };
}
