/**
 * The tools' input schemas as tools/list gives them are portable (issue 33 item 2,
 * shared/mcp/portable-schema.ts): the OpenAI Agents SDK converts every one to strict mode (it
 * falls back to non-strict, silently, when it cannot), and each stays within the keywords both
 * providers' function calling take (shared/documents/llm-tools.ts), with no `not` and no pattern
 * RE2 cannot run. What they leave out the engine still refuses, naming the field. And every
 * description a model reads there is in the tools' words: no decision ids, HTTP headers, routes
 * or SPEC; escrow_transition's says what each action needs (shared/mcp/tool-words.ts).
 */
import { describe, expect, test } from "bun:test";
import { mcpToFunctionTool } from "@openai/agents-core";
import { localApi } from "../../client/local.ts";
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

const KEYWORDS = new Set<string>([...OPENAI_KEYWORDS, ...GEMINI_KEYWORDS]);
const RE2_UNSAFE = /\(\?<?[=!]|\\[1-9]/;

/** Every keyword of `schema` outside the providers' subset, and every `not` or pattern RE2 cannot run, by path. */
function problems(schema: unknown, path = ""): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, i) => problems(item, `${path}[${i}]`));
  if (schema === null || typeof schema !== "object") return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties") {
      for (const [name, inner] of Object.entries(value as object)) found.push(...problems(inner, `${path}.${name}`));
      continue;
    }
    if (!KEYWORDS.has(key)) found.push(`${path}: ${key}`);
    if (key === "pattern" && RE2_UNSAFE.test(value as string)) found.push(`${path}: pattern ${value}`);
    found.push(...problems(value, `${path}.${key}`));
  }
  return found;
}

describe("the tools' input schemas, as tools/list gives them (issue 33)", () => {
  test("the OpenAI Agents SDK converts every one to strict mode, none falling back", async () => {
    const tools = await listedTools();
    expect(tools.length).toBe(15);
    const server = { name: "escrow" } as never;
    for (const tool of tools) expect(mcpToFunctionTool(tool as never, server, true).strict, tool.name).toBe(true);
  });

  test("each stays within the keywords both providers take: no not, no pattern RE2 cannot run", async () => {
    for (const tool of await listedTools()) expect(problems(tool.inputSchema), tool.name).toEqual([]);
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

describe("the words a model reads in tools/list (issue 33 item 3)", () => {
  test("no tool or argument description cites a decision id, an HTTP header, a route or SPEC", async () => {
    const unread = /\bD\d+[a-z]?\b|header|Authorization|Idempotency-Key|\broute\b|\/api\/|SPEC/;
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
    const { toolInputSchemas } = await import("../../shared/documents/tools.ts");
    const properties = toolInputSchemas().transition.properties as Record<string, { description: string }>;
    expect(properties.idempotency_key!.description).toContain("Idempotency-Key header");
  });
});
