/**
 * The input schemas tools/list gives, as the models behind MCP hosts take them. Hosts
 * pass a tool's inputSchema to a model's function calling: OpenAI's strict mode (the Agents SDK
 * converts every MCP tool to it, and falls back to non-strict, silently, when it cannot) and
 * Gemini refuse `not`, and RE2-based validators cannot run lookaround or backreferences. The
 * schemas the documents publish state those rules (tools.json, OpenAPI, the JSON Schemas); the
 * tools' input schemas leave them out, and the engine still checks every rule and names the
 * field it refuses. Computed once per list of tools.
 */
import type { Schema } from "../schemas/convert.ts";
import { RULE_PARTS, withDefs } from "./schema-defs.ts";
import { toolWords, withoutDecisions } from "./tool-words.ts";

/** A pattern RE2 cannot run: lookahead, lookbehind, or a backreference. */
const RE2_UNSAFE = /\(\?<?[=!]|\\[1-9]/;

/** `schema` without `not` and without patterns RE2 cannot run, at every depth. */
function portableSchema<S extends Schema>(schema: S): S {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === "not") continue;
      if (key === "pattern" && typeof inner === "string" && RE2_UNSAFE.test(inner)) continue;
      // Under `properties`, the keys are member names, never keywords.
      out[key] =
        key === "properties"
          ? Object.fromEntries(Object.entries(inner as object).map(([k, v]) => [k, walk(v)]))
          : walk(inner);
    }
    return out;
  };
  return walk(schema) as S;
}

/** The parts a tool's input schema may state once (schema-defs.ts), portable as the schema is. */
const PARTS = Object.fromEntries(Object.entries(RULE_PARTS).map(([name, part]) => [name, portableSchema(part)]));

const PORTABLE = new WeakMap<object, unknown[]>();

/**
 * `tools` as tools/list gives them, made once per list: portable input schemas, their repeated
 * parts stated once (schema-defs.ts), and every description in the tools' words (tool-words.ts).
 */
export function portableTools<T extends { description: string; inputSchema: Schema }>(tools: readonly T[]): T[] {
  let made = PORTABLE.get(tools) as T[] | undefined;
  if (made === undefined) {
    made = tools.map((tool) => ({
      ...tool,
      description: withoutDecisions(tool.description),
      inputSchema: withDefs(toolWords(portableSchema(tool.inputSchema)), PARTS),
    }));
    PORTABLE.set(tools, made);
  }
  return made;
}
