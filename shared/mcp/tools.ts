/**
 * The five engines as MCP tools (named and described as tools.json names and describes them):
 * each tool's input schema is the flat schema tools.json publishes for the engine's body (the
 * job's seal included, D27), plus an optional `demo_key`; its
 * output schema is the engine's answer or its error body, as the OpenAPI document states them,
 * written out whole.
 * A call runs the engine and answers its body as structuredContent and as JSON text, byte for
 * byte what the HTTP engine answers; a refusal is a result with isError and the error body.
 */

import { toolInputSchemas } from "../documents/tools-json.ts";
import { ENGINE_LIST, type EngineEntry } from "../engine/catalog.ts";
import type { EngineResult } from "../engine/context.ts";
import type { EngineRoute } from "../protocol/constants.ts";
import { errorBodySchema, responseSchemas } from "../schemas/answer-schemas.ts";
import { compositeSchema } from "../schemas/bodies.ts";
import type { Schema } from "../schemas/convert.ts";
import { inline } from "../schemas/field-components.ts";
import { ACTION_NEEDS } from "./tool-words.ts";

/** An MCP tool as tools/list gives it. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: Schema & { type: "object" };
  outputSchema?: Schema & { type: "object" };
  annotations: {
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
}

/** A tool result: the answer as structured content and as its JSON text. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The argument that carries a demo key, as the Authorization header would (D14). */
export const DEMO_KEY_ARGUMENT = "demo_key";

const demoKeyProperty: Schema = {
  type: "string",
  minLength: 1,
  description: "Optional demo key: answers and receipts carry its key_id, never the key (D14).",
};

/** The engines' success answers with every composite written out, as an MCP client needs them. */
export function inlinedAnswers() {
  const refs = inline(compositeSchema);
  return responseSchemas(refs, responseSchemas(refs, {}).TransitionResponse);
}

/**
 * The engines' answers, with every composite written out (an MCP client validates them alone):
 * the success answer or the error body (D8), since a refusal's error body is structured content
 * too, and clients (the SDK's among them) validate it against the same schema.
 */
function outputSchemas(): Record<EngineRoute, Schema> {
  const all = inlinedAnswers();
  const either = (success: Schema): Schema => ({ type: "object", anyOf: [success, errorBodySchema()] });
  return {
    transition: either(all.TransitionResponse),
    quote: either(all.QuoteResponse),
    validate: either(all.ValidateResponse),
    simulate: either(all.SimulateResponse),
    verify: either(all.VerifyResponse),
  };
}

const IDEMPOTENT_TEXT = ` With idempotency_key a repeated create gives the same job id (D15), so a retry is safe. ${ACTION_NEEDS}`;

const REFUSAL_TEXT =
  "A refusal is a result with isError true and the error body (error, message, field) as its structured content.";
/** validate's verdict on a body is its answer, not a failed call (toolResult). */
const VALIDATE_REFUSAL_TEXT =
  "A problem found in the body is the answer (ok false with its errors), not an error result; only a refused call (a bad demo key, a body over the limit) is a result with isError true.";

/** What is true of each engine as a tool: only transition changes the client's state. */
const readOnly = (route: EngineRoute): boolean => route !== "transition";

/** The tool of one engine. */
function engineTool(engine: EngineEntry, input: Schema, output: Schema): ToolDefinition {
  return {
    name: engine.tool,
    title: engine.title,
    description: `${engine.description}${engine.route === "transition" ? IDEMPOTENT_TEXT : ""} ${engine.route === "validate" ? VALIDATE_REFUSAL_TEXT : REFUSAL_TEXT}`,
    inputSchema: {
      ...input,
      type: "object",
      properties: { ...(input.properties as Record<string, Schema>), [DEMO_KEY_ARGUMENT]: demoKeyProperty },
    },
    outputSchema: { ...output, type: "object" },
    annotations: {
      readOnlyHint: readOnly(engine.route),
      destructiveHint: false,
      // The read-only engines answer a repeated call alike. A transition is idempotent only
      // when it carries an idempotency key (D15), which a static hint cannot say: false here,
      // and the description says when.
      idempotentHint: readOnly(engine.route),
      openWorldHint: false,
    },
  };
}

/** The five engine tools, in the engine catalog's order. */
export function engineTools(): ToolDefinition[] {
  const inputs = toolInputSchemas();
  const outputs = outputSchemas();
  return ENGINE_LIST.map((engine) => engineTool(engine, inputs[engine.route], outputs[engine.route]));
}

/** The route of an engine tool's name, if it is one. */
export const routeOfTool = (name: string): EngineRoute | undefined =>
  ENGINE_LIST.find((engine) => engine.tool === name)?.route;

/**
 * The result of an engine's answer: its JSON text is the HTTP body, byte for byte. A refusal is
 * an error result, except validate's verdict on the body it checked (its `errors`, schema or
 * state): finding a problem is what validate is for, so hosts must not take it for a failed call
 *; validate's own refusals (a demo key, the body limit, seals_unavailable) stay errors.
 */
export const toolResult = (result: EngineResult, route?: EngineRoute): ToolResult => ({
  content: [{ type: "text", text: JSON.stringify(result.body) }],
  structuredContent: result.body,
  ...(result.body.ok !== true && !(route === "validate" && Array.isArray(result.body.errors)) && { isError: true }),
});
