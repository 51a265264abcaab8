/**
 * The JSON Schemas of the engines' answers and of the error body (D8), for the OpenAPI document:
 * each is the row of protocol/answers.ts that states it, with every member's kind as a schema.
 * Every name here is one the engine catalog gives an engine as its response schema, or ErrorBody.
 */
import type { ResponseSchemaName } from "../engine/catalog.ts";
import { ANSWERS, type AnswerKind, type AnswerRow, ERROR_ANSWER } from "../protocol/answers.ts";
import {
  ENGINE_ROUTES,
  type EngineRoute,
  MODE,
  REQUEST_ID_PATTERN,
  STATUSES,
  TERMINALS,
} from "../protocol/constants.ts";
import { ERROR_CATALOG } from "../protocol/errors.ts";
import { INTEGRITY_MEMBERS, integrityMembersOf } from "../protocol/integrity-members.ts";
import type { Schema } from "./convert.ts";
import type { SchemaRefs } from "./field-components.ts";

const credits: Schema = { type: "integer", minimum: 0 };
const text: Schema = { type: "string" };

/** The schema of each kind of member; `steps` and the two composites depend on the document. */
function kindSchemas(refs: SchemaRefs, transitionResponse: Schema): Record<AnswerKind, Schema> {
  const job = refs.composite("Job");
  return {
    true: { const: true },
    false: { const: false },
    mode: { const: MODE },
    text,
    action: text,
    credits,
    flag: { type: "boolean" },
    status: { type: "string", enum: [...STATUSES] },
    terminal: { type: "string", enum: [...TERMINALS] },
    job,
    draft: refs.composite("QuoteJob"),
    receipt: refs.composite("Receipt"),
    steps: { type: "array", minItems: 4, maxItems: 4, items: transitionResponse },
    figures: { type: "object", properties: { fee: credits, agent_payout: credits, returned_to_payer: credits } },
    mismatches: {
      type: "array",
      items: { type: "object", properties: { field: text, expected: credits, received: credits } },
    },
    keyId: { type: "string", pattern: "^k_[0-9a-f]{12}$", description: "Present when a demo key header was sent." },
    keyOptional: { const: true, description: "Present when no demo key header was sent." },
    echo: { type: "string", description: "Echo of the sent key, trimmed." },
    code: { type: "string", enum: Object.keys(ERROR_CATALOG) },
    codes: { type: "array", items: text },
    // A union of whole types, not a type array: strict validators (MCP Inspector) read it better.
    nullableText: { anyOf: [{ type: "string" }, { type: "null" }] },
    schemaOrState: { type: "string", enum: ["schema", "state"], description: "validate only." },
    problems: {
      type: "array",
      description: "validate only: every problem found.",
      items: {
        type: "object",
        required: ["error", "message"],
        properties: { error: text, field: text, message: text },
      },
    },
    requestId: {
      type: "string",
      pattern: REQUEST_ID_PATTERN.source,
      description:
        "The request's id (D22), as its X-Request-Id header: on every error the HTTP service answers; not in MCP tool results.",
    },
  };
}

/** The verdicts' words (D27) on `engine`'s answer, by member, each after `prefix`. */
const verdictTexts = (engine: "validate" | "verify", prefix = ""): Record<string, string> =>
  Object.fromEntries(
    integrityMembersOf(engine).map((member) => [member, `${prefix}${INTEGRITY_MEMBERS[member].text}`]),
  );

/** Words some members of the error body carry in the document: validate's verdicts on a state problem too. */
const ERROR_TEXTS: Partial<Record<keyof typeof ERROR_ANSWER.members, string>> = {
  message:
    "The catalog message with placeholders filled; on invalid_field, the rule the field broke (settlement.json invalid_field_messages).",
  field: "The field, on missing_field and invalid_field.",
  ...verdictTexts("validate", "validate only, on a state problem (409). "),
};

/** The object schema of one answer row. */
function rowSchema(row: AnswerRow, kinds: Record<AnswerKind, Schema>, texts: Record<string, string> = {}): Schema {
  const properties: Record<string, Schema> = {};
  for (const [member, kind] of Object.entries(row.members)) {
    const description = texts[member];
    properties[member] = description === undefined ? kinds[kind] : { ...kinds[kind], description };
  }
  return { type: "object", required: [...row.required], properties };
}

const NO_REFS = { composite: () => ({}) } as unknown as SchemaRefs;

/** The error body of every refusal (D8). */
export const errorBodySchema = (): Schema => rowSchema(ERROR_ANSWER, kindSchemas(NO_REFS, {}), ERROR_TEXTS);

const schemaName = (route: string): ResponseSchemaName =>
  `${route[0]!.toUpperCase()}${route.slice(1)}Response` as ResponseSchemaName;

/** Words some members of an engine's answer carry: the verdicts of validate and verify (D27). */
const ANSWER_TEXTS: Partial<Record<EngineRoute, Record<string, string>>> = {
  validate: verdictTexts("validate"),
  verify: verdictTexts("verify"),
};

/** The success answer of each engine, by the name the engine catalog gives it. */
export function responseSchemas(refs: SchemaRefs, transitionResponse: Schema): Record<ResponseSchemaName, Schema> {
  const kinds = kindSchemas(refs, transitionResponse);
  return Object.fromEntries(
    ENGINE_ROUTES.map((route) => [schemaName(route), rowSchema(ANSWERS[route], kinds, ANSWER_TEXTS[route])]),
  ) as Record<ResponseSchemaName, Schema>;
}
