/**
 * The tools' input schemas as tools/list gives them are portable
 * (shared/mcp/portable-schema.ts): the OpenAI Agents SDK converts every one to strict mode (it
 * falls back to non-strict, silently, when it cannot), and each stays within the keywords both
 * providers' function calling take (shared/documents/llm-tools.ts), with no `not` and no pattern
 * RE2 cannot run. What they leave out the engine still refuses, naming the field. And every
 * description a model reads there is in the tools' words: no decision ids, HTTP headers, routes
 * or the contract; escrow_transition's says what each action needs (shared/mcp/tool-words.ts).
 */
import { describe, expect, test } from "bun:test";
import { mcpToFunctionTool } from "@openai/agents";
import { localApi } from "../../client/in-process.ts";
import { packOf } from "../../mcp/pack-file.ts";
import { walletBox } from "../../mcp/wallet-box.ts";
import { GEMINI_KEYWORDS, OPENAI_KEYWORDS } from "../../shared/documents/llm-tools.ts";
import type { Schema } from "../../shared/schemas/convert.ts";
import { call, fixedContext, mcpRequest, NOW, rpcAnswer, testHandler } from "../support/helpers.ts";

/** What tools/list answers over /mcp (the engine tools), and what the stdio server adds (the wallet tools, as createMcpServer lists them). */
async function listedTools(): Promise<{ name: string; description: string; inputSchema: Schema }[]> {
  const { headers, body } = mcpRequest("modern", "tools/list");
  const response = await testHandler()(new Request("http://escrow.test/mcp", { method: "POST", headers, body }));
  const engine = (await rpcAnswer(response)).result.tools;
  const { portableTools } = await import("../../shared/mcp/portable-schema.ts");
  const wallet = portableTools(walletBox(packOf({ ESCROW_PACK: "/nonexistent/pack.json" }), localApi()).box.tools);
  return [...engine, ...wallet];
}

/** The keywords OpenAI's strict mode takes, with the references it resolves. */
const OPENAI = new Set<string>([...OPENAI_KEYWORDS, "$ref", "$defs"]);
/**
 * What Gemini takes as a function's JSON Schema parameters (`parametersJsonSchema`, which hosts
 * give an MCP tool's input schema): its documented keywords, references to the root's `$defs`,
 * a type that is one name or one name and "null", enums of strings.
 */
const GEMINI = new Set<string>([
  ...GEMINI_KEYWORDS.filter((k) => k !== "nullable"),
  "additionalProperties",
  "$ref",
  "$defs",
]);
const RE2_UNSAFE = /\(\?<?[=!]|\\[1-9]/;

/** Every keyword of `schema` outside `keywords`, and every pattern RE2 cannot run, by path. */
function problems(schema: unknown, keywords: Set<string>, path = ""): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, i) => problems(item, keywords, `${path}[${i}]`));
  if (schema === null || typeof schema !== "object") return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties" || key === "$defs") {
      for (const [name, inner] of Object.entries(value as object))
        found.push(...problems(inner, keywords, `${path}.${name}`));
      continue;
    }
    if (!keywords.has(key)) found.push(`${path}: ${key}`);
    if (key === "pattern" && RE2_UNSAFE.test(value as string)) found.push(`${path}: pattern ${value}`);
    found.push(...problems(value, keywords, `${path}.${key}`));
  }
  return found;
}

/** What Gemini's parameters refuse beyond keywords: a reference to no definition of the root, `$defs` below the root, a type of two names, an enum of anything but strings. */
function geminiShapes(root: Schema): string[] {
  const defs = (root.$defs ?? {}) as Record<string, unknown>;
  const found: string[] = [];
  const walk = (node: unknown, path: string, top: boolean): void => {
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, `${path}[${i}]`, false);
      return;
    }
    if (node === null || typeof node !== "object") return;
    const schema = node as Record<string, unknown>;
    if (
      typeof schema.$ref === "string" &&
      !(schema.$ref.replace("#/$defs/", "") in defs && schema.$ref.startsWith("#/$defs/"))
    )
      found.push(`${path}: $ref ${schema.$ref}`);
    if (schema.$ref !== undefined && Object.keys(schema).length > 1) found.push(`${path}: $ref with siblings`);
    if (schema.$defs !== undefined && !top) found.push(`${path}: $defs below the root`);
    const type = schema.type;
    if (Array.isArray(type) && !(type.length === 2 && type.includes("null"))) found.push(`${path}: type ${type}`);
    if (Array.isArray(schema.enum) && schema.enum.some((v) => typeof v !== "string")) found.push(`${path}: enum`);
    for (const [key, inner] of Object.entries(schema)) {
      if (key === "properties" || key === "$defs")
        for (const [name, s] of Object.entries(inner as object)) walk(s, `${path}.${name}`, false);
      else walk(inner, `${path}.${key}`, false);
    }
  };
  walk(root, "", true);
  return found;
}

describe("the tools' input schemas, as tools/list gives them", () => {
  test("the OpenAI Agents SDK converts every one to strict mode, none falling back", async () => {
    const tools = await listedTools();
    expect(tools.length).toBe(15);
    const server = { name: "escrow" } as never;
    for (const tool of tools) expect(mcpToFunctionTool(tool as never, server, true).strict, tool.name).toBe(true);
  });

  test("each stays within the keywords OpenAI's strict mode takes: no not, no pattern RE2 cannot run", async () => {
    for (const tool of await listedTools()) expect(problems(tool.inputSchema, OPENAI), tool.name).toEqual([]);
  });

  test("each is what Gemini takes as JSON Schema parameters: its keywords, references to the root's $defs, one type or one and null", async () => {
    for (const tool of await listedTools()) {
      expect(problems(tool.inputSchema, GEMINI), tool.name).toEqual([]);
      expect(geminiShapes(tool.inputSchema), tool.name).toEqual([]);
    }
  });

  test("the checks above find what the providers refuse: not, lookaround, a dangling or decorated $ref, nested $defs, two types", () => {
    const bad = {
      type: "object",
      properties: {
        a: { type: "string", not: { pattern: "x" } },
        b: { type: "string", pattern: "^(?!x)" },
        c: { $ref: "#/$defs/none" },
        d: { $ref: "#/$defs/date_time", description: "when" },
        e: { type: "object", $defs: { x: { type: "string" } } },
        f: { type: ["string", "integer"] },
      },
      $defs: { date_time: { type: "string" } },
    } as unknown as Schema;
    expect(problems(bad, OPENAI)).toEqual([".a: not", ".b: pattern ^(?!x)"]);
    expect(geminiShapes(bad)).toEqual([
      ".c: $ref #/$defs/none",
      ".d: $ref with siblings",
      ".e: $defs below the root",
      ".f: type string,integer",
    ]);
  });

  test("the parts a schema repeats are stated once under $defs: the job's and receipt's date-time once per tool", async () => {
    const tools = await listedTools();
    const transition = tools.find((t) => t.name === "escrow_transition")!.inputSchema;
    expect(Object.keys(transition.$defs as object)).toEqual(["date_time"]);
    for (const tool of tools) {
      const offsets = JSON.stringify(tool.inputSchema).split("[+-]([01]\\\\d|2[0-3]):[0-5]\\\\d)$");
      expect(offsets.length - 1, tool.name).toBeLessThanOrEqual(1);
    }
  });

  test("what they leave out the engine still refuses, naming the field (a callback_url the not-pattern excluded)", () => {
    const answer = call(
      "validate",
      { action: "create", title: "t", amount: 1, criteria: "c", callback_url: "https://a.example:99999/x" },
      undefined,
      fixedContext(NOW),
    );
    expect(answer.body).toMatchObject({ ok: false, errors: [{ error: "invalid_field", field: "callback_url" }] });
  });
});

/** Every description in `schema`, at any depth. */
const descriptions = (schema: unknown): string[] =>
  Array.isArray(schema)
    ? schema.flatMap(descriptions)
    : schema !== null && typeof schema === "object"
      ? Object.entries(schema).flatMap(([key, value]) =>
          key === "description" && typeof value === "string" ? [value] : descriptions(value),
        )
      : [];

describe("the words a model reads in tools/list", () => {
  test("no tool or argument description cites a decision id, an HTTP header, a route or a document by name", async () => {
    const unread = /\bD\d+[a-z]?\b|header|Authorization|Idempotency-Key|\broute\b|\/api\/|\bas [A-Z][\w.]* says\b/;
    for (const tool of await listedTools())
      for (const text of [tool.description, ...descriptions(tool.inputSchema)])
        expect(unread.exec(text)?.[0], `${tool.name}: ${text}`).toBeUndefined();
  });

  test("escrow_transition's description says which fields each action needs; validate's, that a problem found is its answer", async () => {
    const tools = await listedTools();
    const description = (name: string) => tools.find((t) => t.name === name)!.description;
    expect(description("escrow_transition")).toContain(
      "Each action needs: create: title, amount, criteria; fund: job, payer_credits; submit: job, proof_url; release: job; dispute: job.",
    );
    expect(description("escrow_validate")).toContain(
      "A problem found in the body is the answer (ok false with its errors), not an error result",
    );
  });

  test("the documents keep their own words: tools.json's idempotency_key names the header", async () => {
    const { toolInputSchemas } = await import("../../shared/documents/tools-json.ts");
    const properties = toolInputSchemas().transition.properties as Record<string, { description: string }>;
    expect(properties.idempotency_key!.description).toContain("Idempotency-Key header");
  });
});
