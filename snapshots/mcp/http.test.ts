/**
 * POST /mcp (Streamable HTTP, stateless) with the SDK's own (v2) Client, in process through the
 * handler on the fixed clock, once as a client pinned to the 2026-07-28 revision and once as a
 * 2025-era client: every tool's answer is compared byte for byte with the HTTP engine's answer
 * to the same body, clock and key. A live server's /mcp is in http.e2e.test.ts; what only the
 * 2026-07-28 wire carries (cache hints, discovery) and the protocol's refusals are in
 * protocol.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { type Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { ENGINE_ROUTES } from "../../shared/protocol/constants.ts";
import { JOBS } from "../support/fixtures.ts";
import { NOW, testHandler } from "../support/helpers.ts";
import { connect, ERAS, type Era, engineBody, expectValidOutput, TOOL_CALLS, TOOL_ERRORS } from "./mcp-fixtures.ts";

const URL_OF = "http://escrow.test/mcp";
/**
 * Sent on every request in process: a request that names its id takes none from the handler's
 * counting random source (D22), which is then left to job ids alone, as in the engine.
 */
const REQUEST_ID = { "X-Request-Id": "mcp-test" };

/** A client of `era` over /mcp of a handler on clock `now`, sending `headers` with every request. */
export function inProcessOf(era: Era, now: number, headers: Record<string, string> = {}): Promise<Client> {
  const handler = testHandler(now);
  return connect(
    new StreamableHTTPClientTransport(new URL(URL_OF), {
      requestInit: { headers: { ...REQUEST_ID, ...headers } },
      fetch: (url, init) => handler(new Request(url, init)),
    }),
    era,
  );
}

/** The HTTP engine's body for `body` on a fresh handler with the same clock and key. */
async function engineAnswer(route: string, body: unknown, now: number, key?: string): Promise<string> {
  const headers: Record<string, string> = key ? { ...REQUEST_ID, Authorization: `Bearer ${key}` } : REQUEST_ID;
  const response = await testHandler(now)(
    new Request(`http://escrow.test/api/v0/${route}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  return engineBody(await response.text());
}

describe.each(ERAS.map((e) => e.era))("POST /mcp in process, on the fixed clock, a %s client", (era) => {
  const inProcess = (now: number, headers: Record<string, string> = {}) => inProcessOf(era, now, headers);

  test("lists the five engine tools by tools.json's names, with titles, input and output schemas and true annotations", async () => {
    const client = await inProcess(NOW);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(ENGINE_ROUTES.map((r) => `escrow_${r}`).sort());
    for (const tool of tools) {
      expect(tool.title).toBeString();
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.inputSchema.properties).toHaveProperty("demo_key");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.annotations).toEqual({
        readOnlyHint: tool.name !== "escrow_transition",
        destructiveHint: false,
        idempotentHint: tool.name !== "escrow_transition",
        openWorldHint: false,
      });
    }
    await client.close();
  });

  test("every tool answers the HTTP engine's body byte for byte, as text and as structuredContent valid by its output schema", async () => {
    const { tools } = await (await inProcess(NOW)).listTools();
    for (const key of [undefined, "demo_mcp_key"]) {
      for (const { route, tool, body } of TOOL_CALLS) {
        // A fresh handler per call, so its counting random source gives the same ids as the engine's.
        const client = await inProcess(NOW);
        const args = key ? { ...body, demo_key: key } : body;
        const result = await client.callTool({ name: tool, arguments: args });
        const expected = await engineAnswer(route, body, NOW, key);
        const text = (result.content as { type: string; text: string }[])[0]!.text;
        expect(text).toBe(expected);
        expect(result.structuredContent).toEqual(JSON.parse(expected));
        expect(result.isError).toBeUndefined();
        expect(text).not.toContain("demo_mcp_key");
        expectValidOutput(tools.find((t) => t.name === tool)!.outputSchema, result.structuredContent, tool);
        await client.close();
      }
    }
  }, 30_000);

  test("the demo key and Idempotency-Key of the MCP request's own headers count as on the engines (D14, D15)", async () => {
    const headers = { Authorization: "Bearer demo_header_key", "Idempotency-Key": "same-key" };
    const client = await inProcess(NOW, headers);
    const body = TOOL_CALLS[0]!.body;
    const result = await client.callTool({ name: "escrow_transition", arguments: body });
    const response = await testHandler(NOW)(
      new Request("http://escrow.test/api/v0/transition", {
        method: "POST",
        headers: { ...REQUEST_ID, ...headers },
        body: JSON.stringify(body),
      }),
    );
    expect((result.content as { text: string }[])[0]!.text).toBe(await response.text());
    expect(result.structuredContent).toMatchObject({ idempotency_key: "same-key", key_id: expect.any(String) });
    await client.close();
  });

  test("each catalog error a tool can give is a result with isError and the engine's error body, never a protocol error", async () => {
    for (const { code, route, body, now } of TOOL_ERRORS) {
      const client = await inProcess(now);
      // Listed first, so the SDK's client checks the result against the tool's output schema too.
      const { tools } = await client.listTools();
      const result = await client.callTool({ name: `escrow_${route}`, arguments: body });
      expect(result.isError, code).toBe(route === "validate" ? undefined : true);
      expectValidOutput(tools.find((t) => t.name === `escrow_${route}`)!.outputSchema, result.structuredContent, code);
      expect(result.structuredContent).toMatchObject({ ok: false, error: code });
      expect((result.content as { text: string }[])[0]!.text).toBe(await engineAnswer(route, body, now));
      await client.close();
    }
  }, 30_000);

  test("escrow_validate's verdict on a body is a successful result, its own refusals are errors", async () => {
    const client = await inProcess(NOW);
    const problems = [
      { action: "create", title: "t", amount: 0, criteria: "c" },
      { action: "release", job: JOBS.open },
      { action: "pay" },
    ];
    for (const args of problems) {
      const result = await client.callTool({ name: "escrow_validate", arguments: args });
      expect(result.isError, JSON.stringify(args)).toBeUndefined();
      expect(result.structuredContent).toMatchObject({ ok: false, errors: [expect.any(Object)] });
    }
    // validate's own refusal (its arguments past D9's limit) is an error: stdio.e2e, over stdio, where no HTTP limit comes first.
    const refused = await client.callTool({ name: "escrow_quote", arguments: problems[1] });
    expect(refused.isError).toBe(true);
    await client.close();
  });

  test("an unknown tool is a JSON-RPC error", async () => {
    const client = await inProcess(NOW);
    await expect(client.callTool({ name: "escrow_pay", arguments: {} })).rejects.toThrow(/Unknown tool: escrow_pay/);
    await client.close();
  });
});
