/**
 * /api/tools.json: the callable surfaces with an input schema per tool that a function-calling
 * or MCP client can use as is: a flat object schema over the canonical field names (no aliases,
 * no conditionals), each property generated from its rule, and the same parameters in the forms
 * OpenAI's strict mode and Gemini take (llm-tools.ts). The engine still applies every rule of the
 * body schema linked beside it, and answers a field error with the field named.
 * Names, texts and paths come from the engine catalog; the fields from the request shape.
 */
import { ENGINES } from "../engine/catalog.ts";
import { absolute } from "../lib/absolute-url.ts";
import { ACTIONS, type EngineRoute, MCP_PATH, MODE, MONEY, TERMINALS } from "../protocol/constants.ts";
import { FIELD_NAMES, FIELDS, type FieldName } from "../protocol/fields.ts";
import { integrityMembersOf } from "../protocol/integrity-members.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS } from "../protocol/job-members.ts";
import { CLAIMS } from "../protocol/receipt-members.ts";
import { ACTION_FIELDS, type BodyField, SIMULATE_FIELDS } from "../protocol/request-shape.ts";
import { compositeSchema, receiptSchema } from "../schemas/bodies.ts";
import { fieldSchema, type Schema } from "../schemas/convert.ts";
import { inline } from "../schemas/field-components.ts";
import { integritySchema } from "../schemas/integrity.ts";
import { BODY_SCHEMA_PATH } from "./document-paths.ts";
import { REQUEST_FIELDS } from "./documented-fields.ts";
import { functionCalling } from "./llm-tools.ts";

/** The order tools are listed in: quote first, as an agent should call it before transition. */
const TOOL_ORDER: readonly EngineRoute[] = ["quote", "transition", "simulate", "verify", "validate"];

const describe = (name: string): string => REQUEST_FIELDS.find((f) => f.name === name)?.rule ?? "";

const field = (name: FieldName): Schema => ({ ...fieldSchema(FIELDS[name].rule), description: describe(name) });
/** The flat schemas of `names`, each with its rule in words (tools.json, the MCP wallet tools). */
export const fieldsOf = (names: readonly FieldName[]): Record<string, Schema> =>
  Object.fromEntries(names.map((name) => [name, field(name)]));

/**
 * The job as a flat object schema (response names), its seal last (D27): optional, and nullable
 * (null counts as no seal, D2), so OpenAI's strict form and Gemini's both take a job that has none.
 */
function flatJob(): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const member of JOB_MEMBER_NAMES) {
    properties[member] = fieldSchema(JOB_MEMBERS[member].rule);
    if (JOB_MEMBERS[member].required) required.push(member);
  }
  for (const member of integrityMembersOf("job"))
    properties[member] = { ...integritySchema(member), type: ["string", "null"] };
  return { type: "object", description: describe("job"), properties, required };
}

const objectOf = (properties: Record<string, Schema>, required: readonly string[] = []): Schema => ({
  type: "object",
  properties,
  ...(required.length > 0 && { required: [...required] }),
});

/** Every field some action takes, in the field table's order. */
const ACTION_FIELD_NAMES = FIELD_NAMES.filter((name) =>
  ACTIONS.some((action) => {
    const { required, optional } = ACTION_FIELDS[action];
    return ([...required, ...optional] as readonly BodyField[]).includes(name);
  }),
);

const actionFields = (): Record<string, Schema> => ({
  action: { type: "string", enum: [...ACTIONS], description: describe("action") },
  job: flatJob(),
  ...fieldsOf(ACTION_FIELD_NAMES),
});

/** The flat input schema of each tool. */
export function toolInputSchemas(): Record<EngineRoute, Schema> {
  return {
    quote: objectOf(actionFields(), ["action"]),
    transition: objectOf(actionFields(), ["action"]),
    validate: objectOf(actionFields(), ["action"]),
    simulate: objectOf(fieldsOf([...SIMULATE_FIELDS.required, ...SIMULATE_FIELDS.optional]), SIMULATE_FIELDS.required),
    verify: objectOf({
      receipt: {
        ...receiptSchema(inline(compositeSchema)),
        description: "A receipt from a release or dispute. Send this, or job.",
      },
      job: {
        ...flatJob(),
        description:
          "A released or disputed job, or a submitted job with action, exactly as the last answer gave it, seal included (the answer says seal_valid, D27). Send this, or receipt.",
      },
      action: {
        type: "string",
        enum: [...TERMINALS],
        description: "With a submitted job: the action whose figures to check.",
      },
      ...fieldsOf(CLAIMS.map(({ claim }) => claim)),
    }),
  };
}

/** The tools document. */
export function tools(siteUrl: string) {
  const schemas = toolInputSchemas();
  return {
    mode: MODE,
    money: MONEY,
    note: "Each tool is POST JSON to its url, or an MCP tool of the same name at discovery.mcp (Streamable HTTP). Authentication is optional (Authorization: Bearer <API_KEY> or X-Service-Key); Idempotency-Key is optional. input_schema is flat and client-friendly; body_schema, the JSON Schema of the body, states every rule the schemas can; function_calling holds the parameters OpenAI's strict mode (every property required, optional ones nullable, no extra properties) and Gemini (nullable, no null types) take as they are. Those subsets state fewer rules: the engine checks them all and names the field it refuses. A job must come back exactly as the service wrote it to keep its seal (D27); a model in OpenAI's strict mode sends every job member, null for the absent ones, which keeps the seal for the members the service leaves out while unset (D2), as long as every other member comes back as it was: where a program holds the job, passing it through unchanged is safer.",
    tools: TOOL_ORDER.map((route) => ENGINES[route]).map((engine) => ({
      name: engine.tool,
      title: engine.title,
      description: engine.description,
      method: "POST",
      path: engine.path,
      url: absolute(siteUrl, engine.path),
      input_schema: schemas[engine.route],
      body_schema: absolute(siteUrl, BODY_SCHEMA_PATH[engine.route]),
      function_calling: functionCalling(schemas[engine.route]),
    })),
    discovery: {
      agent_card: absolute(siteUrl, "/.well-known/agent.json"),
      openapi: absolute(siteUrl, "/openapi.json"),
      settlement: absolute(siteUrl, "/api/settlement.json"),
      quickstart: absolute(siteUrl, "/api/quickstart.json"),
      errors: absolute(siteUrl, "/api/errors.json"),
      llms_txt: absolute(siteUrl, "/llms.txt"),
      mcp: absolute(siteUrl, MCP_PATH),
    },
  };
}
