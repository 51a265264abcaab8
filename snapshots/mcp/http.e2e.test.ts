/**
 * POST /mcp (Streamable HTTP, stateless) with the SDK's own (v2) Client against a live
 * `bun run api` (a child process), as a client pinned to 2026-07-28 and as a 2025-era one,
 * where discovery, resources, the prompt, the body limit, bad JSON-RPC messages and the methods
 * the endpoint refuses are checked on the wire. The tools in process are in http.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { compactVerify, createLocalJWKSet } from "jose";
import { type LiveServer, startServer } from "../../scripts/harness/live-server.ts";
import { masked } from "../support/helpers.ts";
import { connect, ERAS, engineBody, TOOL_CALLS, TOOL_ERRORS } from "./mcp-fixtures.ts";

const JSON_RPC_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

let server: LiveServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe.each(ERAS.map((e) => e.era))("POST /mcp on a live server (bun run api), a %s client", (era) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(new StreamableHTTPClientTransport(new URL(`${server.base}/mcp`)), era);
  });
  afterAll(() => client.close());

  test("every tool succeeds and each catalog error is an isError result, as the live engine answers (ids and times aside)", async () => {
    const live = async (route: string, body: unknown) =>
      (await fetch(`${server.base}/api/v0/${route}`, { method: "POST", body: JSON.stringify(body) })).text();
    for (const { route, tool, body } of TOOL_CALLS) {
      const result = await client.callTool({ name: tool, arguments: body });
      expect(result.isError).toBeUndefined();
      expect(masked((result.content as { text: string }[])[0]!.text)).toBe(masked(await live(route, body)));
    }
    for (const { code, route, body } of TOOL_ERRORS) {
      const result = await client.callTool({ name: `escrow_${route}`, arguments: body });
      expect(result.isError, code).toBe(route === "validate" ? undefined : true);
      expect((result.content as { text: string }[])[0]!.text).toBe(engineBody(await live(route, body)));
    }
  });

  test("walks a job, carrying it from each answer to the next call: create, fund, submit, release, verify", async () => {
    const step = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, name).toBeUndefined();
      return result.structuredContent as Record<string, any>;
    };
    const create = { action: "create", title: "Logo", amount: 100, criteria: "SVG" };
    const created = await step("escrow_transition", create);
    const funded = await step("escrow_transition", { action: "fund", job: created.job, payer_credits: 1000 });
    expect(funded).toMatchObject({ payer_credits: 900, job: { status: "funded" } });
    const proof = { action: "submit", job: funded.job, proof_url: "https://example.com/logo.svg" };
    const submitted = await step("escrow_transition", proof);
    const quote = await step("escrow_quote", { action: "release", job: submitted.job });
    const released = await step("escrow_transition", { action: "release", job: submitted.job });
    expect(released).toMatchObject({
      fee: quote.fee,
      agent_payout: 95,
      job: { id: created.job.id, status: "released" },
    });
    expect(await step("escrow_verify", { receipt: released.receipt })).toMatchObject({
      ok: true,
      valid: true,
      signature_valid: true,
    });
    // The tools pass seals and signatures through (D27). Only the service checks a seal:
    // escrow_validate says seal_valid for each job as it came (a 409 state problem says it too).
    for (const answer of [created, funded, submitted, released]) {
      const checked = await client.callTool({
        name: "escrow_validate",
        arguments: { action: "dispute", job: answer.job },
      });
      expect((checked.structuredContent as Record<string, unknown>).seal_valid, answer.job.status).toBe(true);
    }
    // Anyone checks the receipt's signature, with jose and the service's JWKS alone.
    const jwks = createLocalJWKSet(await (await fetch(`${server.base}/.well-known/jwks.json`)).json());
    const { payload, protectedHeader } = await compactVerify(released.receipt.signature, jwks);
    const { signature: _, ...signed } = released.receipt;
    expect(protectedHeader.typ).toBe("escrow-receipt+jws");
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(signed);
  });

  test("knows the service, stateless: no session id", async () => {
    expect(client.getServerVersion()).toMatchObject({ name: "agent-escrow-demo", version: "0" });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, prompts: {} });
    expect(client.getInstructions()).toContain("escrow_quote");
    const response = await fetch(`${server.base}/mcp`, {
      method: "POST",
      headers: JSON_RPC_HEADERS,
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("mcp-session-id")).toBeNull();
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  test("every resource reads as the GET document at its URI path, with its media type", async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.name)).toEqual([
      "settlement",
      "settlement_md",
      "openapi",
      "errors",
      "fees",
      "quickstart",
      "llms",
    ]);
    for (const resource of resources) {
      const { contents } = await client.readResource({ uri: resource.uri });
      const served = await fetch(`${server.base}${new URL(resource.uri).pathname}`);
      expect(contents[0]).toEqual({
        uri: resource.uri,
        mimeType: served.headers.get("content-type")!.replace("; charset=utf-8", ""),
        text: await served.text(),
      });
    }
  });

  test("the walk prompt names the tools in order", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(["walk_a_job"]);
    const prompt = await client.getPrompt({
      name: "walk_a_job",
      arguments: { title: "Logo", amount: "100", criteria: "SVG" },
    });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text.indexOf("escrow_quote")).toBeLessThan(text.indexOf("escrow_transition"));
    expect(text).toContain('"Logo"');
  });
});

describe("POST /mcp on a live server, the raw wire", () => {
  test("a malformed JSON-RPC message gets the protocol's error; a body past 65,536 bytes gets 413 (D9)", async () => {
    const post = (body: string) => fetch(`${server.base}/mcp`, { method: "POST", headers: JSON_RPC_HEADERS, body });
    const notJson = await post("{nope");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 }, id: null });
    const notRpc = await post(JSON.stringify({ hello: "world" }));
    expect(notRpc.status).toBe(400);
    expect(await notRpc.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32600 }, id: null });
    const big = await post(
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(70_000) } }),
    );
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      jsonrpc: "2.0",
      error: { code: -32000, message: "Body must be at most 65536 bytes." },
      id: null,
    });
  });

  test("GET and DELETE answer 405 (no stream, no sessions); OPTIONS allows the MCP headers", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(`${server.base}/mcp`, { method, headers: { Accept: "text/event-stream" } });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST, OPTIONS");
      expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
    }
    const preflight = await fetch(`${server.base}/mcp`, { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Mcp-Protocol-Version");
  });
});
