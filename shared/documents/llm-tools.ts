/**
 * Tool parameter schemas that LLM function calling takes as they are (tools.json `function_calling`),
 * derived from each tool's flat input schema. Written here because no library states these
 * providers' subsets; the subsets are the providers' documented ones, and the tests check every
 * schema against them (snapshots/documents/llm-tools.test.ts):
 *
 * - **OpenAI strict mode** (Structured Outputs, `strict: true`): every object lists all its
 *   properties in `required` and sets `additionalProperties: false`; an optional property is
 *   nullable instead (the engine reads null as not sent, D2); no `not`, `format`, `const`.
 * - **Gemini** (function declarations, the OpenAPI 3.0 schema subset): one `type` per schema, no
 *   `null` type (`nullable: true` instead), no `not`, `const` or `additionalProperties`.
 *
 * What a subset cannot state (a `not` pattern, D13a's authority rules) the engine still checks,
 * and answers with the field named.
 */
import type { Schema as Published } from "../schemas/convert.ts";

/** A schema as these functions rebuild it: any keyword, any value (the result is checked in the tests). */
// biome-ignore lint/suspicious/noExplicitAny: a schema rebuilt keyword by keyword
type Schema = Record<string, any>;

/** The keywords both providers' subsets take, and each one's own. */
const COMMON_KEYWORDS = [
  "type",
  "description",
  "properties",
  "required",
  "items",
  "enum",
  "anyOf",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
] as const;
export const OPENAI_KEYWORDS = [...COMMON_KEYWORDS, "additionalProperties"] as const;
export const GEMINI_KEYWORDS = [...COMMON_KEYWORDS, "nullable"] as const;

type Keywords = readonly string[];
const isNull = (schema: Schema): boolean => schema.type === "null";

/** `schema` with only `keywords`, `const` as a one-value enum, and its type stated (an enum alone is a string's). */
function pick(schema: Schema, keywords: Keywords): Schema {
  const out: Schema = {};
  for (const key of keywords) if (schema[key] !== undefined) out[key] = schema[key];
  if (schema.const !== undefined) out.enum = [schema.const];
  if (out.type === undefined && out.enum !== undefined && out.anyOf === undefined) {
    out.type = typeof (out.enum as unknown[])[0] === "number" ? "integer" : "string";
  }
  return out;
}

/** OpenAI's strict form of `schema`; `optional` makes it nullable. */
function openAi(schema: Schema, optional = false): Schema {
  const out = pick(schema, OPENAI_KEYWORDS);
  if (out.anyOf) out.anyOf = (out.anyOf as Schema[]).map((s) => openAi(s));
  if (out.items) out.items = openAi(out.items as Schema);
  if (out.properties) {
    const properties = out.properties as Record<string, Schema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([name, s]) => [name, openAi(s, !required.has(name))]),
    );
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  if (!optional) return out;
  if (out.anyOf) {
    const variants = out.anyOf as Schema[];
    return variants.some(isNull) ? out : { ...out, anyOf: [...variants, { type: "null" }] };
  }
  const type = out.type as string | string[] | undefined;
  const types = Array.isArray(type) ? type : type === undefined ? [] : [type];
  if (types.includes("null")) return out;
  const nullable: Schema = { ...out, type: [...types, "null"] };
  if (out.enum) nullable.enum = [...(out.enum as unknown[]), null];
  return nullable;
}

/** `schema` without its null unions (a type list with null, an anyOf variant of type null), and whether it had one. */
function withoutNull(schema: Schema): { source: Schema; nullable: boolean } {
  let source = schema;
  let nullable = false;
  for (;;) {
    if (Array.isArray(source.type)) {
      const types = (source.type as string[]).filter((t) => t !== "null");
      nullable ||= types.length < source.type.length;
      source = { ...source, type: types[0] };
      continue;
    }
    if (!Array.isArray(source.anyOf)) return { source, nullable };
    const variants = (source.anyOf as Schema[]).filter((s) => !isNull(s));
    nullable ||= variants.length < source.anyOf.length;
    if (variants.length !== 1) return { source: { ...source, anyOf: variants }, nullable };
    const { anyOf: _, ...rest } = source;
    source = { ...variants[0], ...rest };
  }
}

/** Gemini's form of `schema`: null unions become `nullable`, at every depth. */
function gemini(schema: Schema): Schema {
  const { source, nullable } = withoutNull(schema);
  const out = pick(source, GEMINI_KEYWORDS);
  if (nullable) out.nullable = true;
  if (out.anyOf) out.anyOf = (out.anyOf as Schema[]).map(gemini);
  if (out.items) out.items = gemini(out.items as Schema);
  if (out.properties) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties as Record<string, Schema>).map(([name, s]) => [name, gemini(s)]),
    );
  }
  return out;
}

/** The parameters of one tool for OpenAI's strict mode and for Gemini. */
export function functionCalling(input: Published): { openai_strict: Schema; gemini: Schema } {
  return { openai_strict: openAi(input), gemini: gemini(input) };
}
