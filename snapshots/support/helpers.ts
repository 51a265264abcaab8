/**
 * Shared test helpers: a fixed clock and a predictable random source (D13: time and randomness
 * are inputs), engine calls and the checks every answer gets, the create fields and proof URL
 * every fixture uses, and fixture jobs in every status, built by walking the real engine. The
 * bodies and tables built on these live in fixtures.ts.
 */

import { expect } from "bun:test";
import type { Balances, OwnFigure } from "../../client/balances.ts";
import type { EngineContext, EngineResult, HostContext } from "../../shared/engine/context.ts";
import { run } from "../../shared/engine/run.ts";
import { createHandler } from "../../shared/http/service.ts";
import { type EngineRoute, MCP_REVISIONS } from "../../shared/protocol/constants.ts";
import { ERROR_CATALOG, type ErrorCode } from "../../shared/protocol/errors.ts";

/** The fixed clock of every test: 2026-01-01T00:00:00.000Z. */
export const NOW = Date.parse("2026-01-01T00:00:00.000Z");

/** A context with the fixed clock (or `now`) and a random source that counts: 0000000001, ... */
export function fixedContext(now: number = NOW): EngineContext {
  let counter = 0;
  return {
    now,
    randomHex: (length) => (++counter).toString(16).padStart(length, "0").slice(-length),
  };
}

/** Runs one engine with a JSON body (objects are stringified; strings and bytes go as they are). */
export function call(
  route: EngineRoute,
  body: unknown,
  headers: Record<string, string> = {},
  ctx: HostContext = fixedContext(),
): EngineResult {
  const raw = typeof body === "string" || body instanceof Uint8Array ? body : JSON.stringify(body);
  return run(route, raw, new Headers(headers), ctx);
}

/** Asserts a success and returns its body. */
export function ok(result: EngineResult): Record<string, any> {
  expect(result.body.ok, JSON.stringify(result.body)).toBe(true);
  expect(result.status).toBe(200);
  return result.body as Record<string, any>;
}

/** Asserts a rejection with `error` (and `field` when given) and returns its body. */
export function rejected(result: EngineResult, error: string, field?: string): Record<string, any> {
  expect(result.body.error, JSON.stringify(result.body)).toBe(error);
  if (field !== undefined) expect(result.body.field).toBe(field);
  expect(result.body.ok).toBe(false);
  expect(result.body.mode).toBe("demo");
  expect(result.body.money).toBe(false);
  return result.body as Record<string, any>;
}

/**
 * Asserts what every engine answer is, whatever the input: the envelope (ok, mode, money; D8),
 * and for an error a code from the catalog that lists `route`, answered with its status.
 */
export function expectEnvelope(route: EngineRoute, status: number, body: Record<string, any>): void {
  expect(body.mode).toBe("demo");
  expect(body.money).toBe(false);
  expect(body.ok).toBe(status === 200);
  if (!body.ok) {
    const entry = ERROR_CATALOG[body.error as ErrorCode];
    expect(entry, `unknown error code ${body.error}`).toBeDefined();
    expect(entry.routes as readonly string[]).toContain(route);
    expect(status).toBe(entry.status);
  }
}

/** The create fields every fixture uses. */
export const CREATE = { title: "Summarise a paper", amount: 100, criteria: "Five bullet points" } as const;

/** The proof_url every fixture submits. */
export const PROOF_URL = "https://example.com/proof";

/** Fixture jobs in every status, each produced by the engine itself from CREATE. */
export function jobsByStatus(amount: number = CREATE.amount) {
  const open = ok(call("transition", { action: "create", ...CREATE, amount })).job;
  const funded = ok(call("transition", { action: "fund", job: open, payer_credits: 1000 })).job;
  const submitted = ok(call("transition", { action: "submit", job: funded, proof_url: PROOF_URL })).job;
  const released = ok(call("transition", { action: "release", job: submitted })).job;
  const disputed = ok(call("transition", { action: "dispute", job: submitted })).job;
  return { open, funded, submitted, released, disputed } as Record<
    "open" | "funded" | "submitted" | "released" | "disputed",
    Record<string, any>
  >;
}

/** A handler with the fixed clock, for HTTP-level tests without a server (like hono's app.request). */
export function testHandler(now: number = NOW) {
  const ctx = fixedContext(now);
  return createHandler({ now: () => ctx.now, randomHex: ctx.randomHex });
}

/**
 * The JSON-RPC message of an /mcp answer: its body, or the last message of an event stream (the
 * SDK answers a 2025-era request without a session as a short stream, a 2026-07-28 one as JSON).
 */
export async function rpcAnswer(response: Response): Promise<Record<string, any>> {
  const text = await response.text();
  if (text.startsWith("{")) return JSON.parse(text);
  const data = text.split("\n").filter((line) => line.startsWith("data: "));
  return JSON.parse(data.at(-1)!.slice(6));
}

/** The revision a 2026-07-28 client speaks, and what every one of its requests carries in `_meta`. */
export const MCP_MODERN = MCP_REVISIONS[0];
const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": MCP_MODERN,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "escrow-tests", version: "1" },
};

/** A JSON-RPC request to /mcp as a client of `era` sends it: its headers and body. */
export function mcpRequest(
  era: "modern" | "legacy",
  method: string,
  params: Record<string, unknown> = {},
  name?: string,
) {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
  };
  if (era === "modern") {
    headers["Mcp-Method"] = method;
    headers["Mcp-Protocol-Version"] = MCP_MODERN;
    if (name !== undefined) headers["Mcp-Name"] = name;
  }
  const body = { jsonrpc: "2.0", id: 7, method, params: era === "modern" ? { ...params, _meta: MODERN_META } : params };
  return { headers, body: JSON.stringify(body) };
}

/**
 * An answer's text with what the clock, the random ids and the request make masked: job ids,
 * times, request ids, and the seals and signatures over them (D27), which change with every id
 * and time. Seals and signatures themselves are checked against the key set where they matter.
 */
export const masked = (text: string): string =>
  text
    .replace(/as_[0-9a-f]{10}/g, "as_ID")
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, "TIME")
    .replace(/,"request_id":"[^"]*"/g, "")
    .replace(/"seal":"[A-Za-z0-9_-]+\.\.[A-Za-z0-9_-]+"/g, '"seal":"SEAL"')
    .replace(/"signature":"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+"/g, '"signature":"SIGNATURE"');

/** The balances of a state that holds no job received from another payer (D28): the four figures, and none received. */
export const own = (figures: Pick<Balances, OwnFigure>): Balances => ({ ...figures, receivedInEscrow: 0 });
