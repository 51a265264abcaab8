/**
 * /mcp on the wire, in process: raw JSON-RPC as a 2026-07-28 client sends it (the revision and
 * capabilities in `_meta`, the Mcp-Method and Mcp-Name headers) and as a 2025-era client does.
 * The lists carry caching hints, discovery names the revision, and the protocol's refusals
 * (unknown resource, bad prompt arguments, arguments that are not an object, a client that does
 * not accept both media types) get the right code and a message that says what to send.
 */
import { describe, expect, test } from "bun:test";
import { DOCUMENT_CACHE_SECONDS } from "../../shared/protocol/constants.ts";
import { MCP_MODERN, mcpRequest, rpcAnswer, testHandler } from "../support/helpers.ts";

/** One JSON-RPC request as `era` sends it, and the JSON-RPC answer. */
async function rpc(era: "modern" | "legacy", method: string, params: Record<string, unknown> = {}, name?: string) {
  const { headers, body } = mcpRequest(era, method, params, name);
  const response = await testHandler()(new Request("http://escrow.test/mcp", { method: "POST", headers, body }));
  return { status: response.status, answer: await rpcAnswer(response) };
}

const LISTS = ["tools/list", "resources/list", "resources/templates/list", "prompts/list"];
const ERAS = ["modern", "legacy"] as const;

describe("/mcp on the wire", () => {
  test("2026-07-28: server/discover names the revision; every list may be kept as long as the documents (public)", async () => {
    const { answer } = await rpc("modern", "server/discover");
    expect(answer.result.supportedVersions).toContain(MCP_MODERN);
    expect(answer.result.capabilities).toMatchObject({ tools: {}, resources: {}, prompts: {} });
    for (const method of LISTS) {
      const { status, answer: list } = await rpc("modern", method);
      expect(status, method).toBe(200);
      expect(list.result, method).toMatchObject({ ttlMs: DOCUMENT_CACHE_SECONDS * 1000, cacheScope: "public" });
    }
  });

  test("a 2025-era client gets the same lists without the 2026-07-28 members", async () => {
    for (const method of LISTS) {
      const { answer } = await rpc("legacy", method);
      expect(answer.result, method).not.toHaveProperty("ttlMs");
    }
    expect((await rpc("legacy", "resources/templates/list")).answer.result).toEqual({ resourceTemplates: [] });
  });

  test("walk_a_job on /mcp walks with the engine tools only, each one it names listed (no wallet here)", async () => {
    const tools = (await rpc("modern", "tools/list")).answer.result.tools as { name: string }[];
    const { answer } = await rpc(
      "modern",
      "prompts/get",
      { name: "walk_a_job", arguments: { title: "Audit", amount: "200", criteria: "All" } },
      "walk_a_job",
    );
    const named = new Set<string>(answer.result.messages[0].content.text.match(/\b(?:wallet|escrow)_[a-z_]+/g));
    expect([...named].sort()).toEqual(["escrow_quote", "escrow_transition", "escrow_verify"]);
    for (const name of named) expect(tools.map((t) => t.name)).toContain(name);
  });

  test.each(ERAS)("%s: an unknown resource is invalid params with its URI", async (era) => {
    const uri = "https://escrow.test/nothing.json";
    const { answer } = await rpc(era, "resources/read", { uri }, uri);
    expect(answer.error).toEqual({ code: -32602, message: `Resource not found: ${uri}`, data: { uri } });
  });

  test.each(ERAS)(
    "%s: walk_a_job refuses missing, blank, negative or fractional arguments with the field's rule",
    async (era) => {
      const get = (args: Record<string, string>) =>
        rpc(era, "prompts/get", { name: "walk_a_job", arguments: args }, "walk_a_job");
      const good = { title: "Logo", amount: "100", criteria: "SVG" };
      const cases: [Record<string, string>, string][] = [
        [{ amount: "100", criteria: "SVG" }, "walk_a_job needs the argument title."],
        [{ ...good, title: "   " }, "title must be a string of 1 to 80 characters."],
        [{ ...good, amount: "-5" }, "amount must be an integer >= 1."],
        [{ ...good, amount: "0" }, "amount must be an integer >= 1."],
        [{ ...good, amount: "2.5" }, "amount must be an integer >= 1."],
        [{ ...good, criteria: "" }, "criteria must be a non-empty string."],
      ];
      for (const [args, message] of cases) {
        const { answer } = await get(args);
        expect(answer.error, JSON.stringify(args)).toEqual({ code: -32602, message });
      }
      const { answer } = await get({ ...good, title: ' "Logo" ' });
      expect(answer.result.messages[0].content.text).toContain('title "\\"Logo\\"", amount 100 credits');
    },
  );

  test.each(ERAS)("%s: arguments that are not an object are invalid params saying what to send", async (era) => {
    for (const [args, what] of [
      [[1, 2], "an array"],
      ["x", "string"],
      [null, "null"],
    ] as const) {
      const { status, answer } = await rpc(
        era,
        "tools/call",
        { name: "escrow_quote", arguments: args },
        "escrow_quote",
      );
      expect(status).toBe(200);
      expect(answer).toMatchObject({ id: 7, error: { code: -32602 } });
      expect(answer.error.message).toBe(
        `params.arguments must be an object of named arguments, not ${what}; tools/list gives each tool's inputSchema.`,
      );
    }
  });

  test("a client that does not accept both JSON and an event stream gets 406, as the OpenAPI document says", async () => {
    const response = await testHandler()(
      new Request("http://escrow.test/mcp", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      }),
    );
    expect(response.status).toBe(406);
    expect((await response.json()).error.message).toContain("application/json and text/event-stream");
  });

  test("2026-07-28: an Mcp-Method header that does not match the body is refused before anything runs", async () => {
    // The body says prompts/list; the header says tools/list.
    const { headers, body } = mcpRequest("modern", "prompts/list");
    headers["Mcp-Method"] = "tools/list";
    const response = await testHandler()(new Request("http://escrow.test/mcp", { method: "POST", headers, body }));
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBeNumber();
  });
});

describe("what the OpenAPI document says of /mcp", () => {
  test("a client must accept JSON and an event stream, and the 406 is listed", async () => {
    const openapi = await (await testHandler()(new Request("http://escrow.test/settlement.openapi.json"))).json();
    const post = openapi.paths["/mcp"].post;
    expect(post.description).toContain("Accept: application/json, text/event-stream (both; 406 otherwise)");
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(["403", "406"]));
    expect(post.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["Mcp-Protocol-Version", "Mcp-Method", "Mcp-Name"]),
    );
  });
});
