/**
 * Request ids (D22): every kind of response carries X-Request-Id, the client's own when it is 1
 * to 128 characters of [A-Za-z0-9._:-], else a fresh 16-hex one; every error body ends with it
 * as request_id and no success body carries it; CORS allows the header in preflights and
 * exposes it. In process through the service's fetch; over the wire in
 * request-id.e2e.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { cryptoRandomHex } from "../../api/host/random-hex.ts";
import { requestIdOf } from "../../shared/http/request-id.ts";
import { createService } from "../../shared/http/service.ts";
import { LIMITS, REQUEST_ID_PATTERN } from "../../shared/protocol/constants.ts";
import { JOBS, ROUTE_BODIES } from "../support/fixtures.ts";
import { CREATE, NOW, rpcAnswer } from "../support/helpers.ts";

const BASE = "http://localhost";
const FRESH = /^[0-9a-f]{16}$/;
const MCP_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
/** The response headers pages may read (D22, D23). */
const EXPOSED = ["X-Request-Id", "Retry-After", "RateLimit", "RateLimit-Policy"];

/** A service on the fixed clock with live randomness, whose static fallback serves /file.txt and throws on /throws. */
function service() {
  return createService({
    now: () => NOW,
    randomHex: (length) =>
      Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => (byte % 16).toString(16)).join(""),
    fallback: (_request, pathname) => {
      if (pathname === "/throws") throw new Error("a bug");
      return pathname === "/file.txt" ? new Response("a file") : null;
    },
  });
}

const { fetch: handle } = service();

/** Every kind of response the handler gives, as (name, method, path, body, status, JSON error body?). */
const KINDS: [string, string, string, string | undefined, number, boolean][] = [
  ["an engine success", "POST", "/api/v0/transition", JSON.stringify(ROUTE_BODIES.transition), 200, false],
  ["an engine 400", "POST", "/api/v0/quote", "nope", 400, true],
  ["an engine 409", "POST", "/api/v0/transition", JSON.stringify({ action: "release", job: JOBS.open }), 409, true],
  ["an engine 405", "GET", "/api/v0/validate", undefined, 405, true],
  ["an engine HEAD 405", "HEAD", "/api/v0/validate", undefined, 405, false],
  ["an engine 413", "POST", "/api/v0/verify", " ".repeat(LIMITS.bodyBytesMax + 1), 413, true],
  ["an engine preflight", "OPTIONS", "/api/v0/simulate", undefined, 204, false],
  ["a document GET", "GET", "/api/settlement.json", undefined, 200, false],
  ["a document HEAD", "HEAD", "/api/health.json", undefined, 200, false],
  ["a document 405", "DELETE", "/api/health.json", undefined, 405, true],
  ["a document preflight", "OPTIONS", "/openapi.json", undefined, 204, false],
  ["a static file", "GET", "/file.txt", undefined, 200, false],
  ["a 404", "GET", "/nope", undefined, 404, true],
  ["a 500 (the fallback throws, D21)", "GET", "/throws", undefined, 500, true],
  ["an MCP answer", "POST", "/mcp", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }), 200, false],
  ["an MCP 405", "GET", "/mcp", undefined, 405, false],
  // A JSON-RPC error, like every /mcp refusal: the id is in the header only.
  ["an MCP 413", "POST", "/mcp", " ".repeat(LIMITS.bodyBytesMax + 1), 413, false],
  ["an MCP preflight", "OPTIONS", "/mcp", undefined, 204, false],
];

const send = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
  handle(
    new Request(`${BASE}${path}`, {
      method,
      body,
      headers: path === "/mcp" ? { ...MCP_HEADERS, ...headers } : headers,
    }),
  );

describe("X-Request-Id on every kind of response (D22)", () => {
  test.each(KINDS)("%s echoes a well-formed client id", async (_name, method, path, body, status, errorBody) => {
    const response = await send(method, path, body, { "X-Request-Id": "client-42.a:b_c" });
    expect(response.status).toBe(status);
    expect(response.headers.get("x-request-id")).toBe("client-42.a:b_c");
    if (errorBody) expect(((await response.json()) as { request_id: string }).request_id).toBe("client-42.a:b_c");
  });

  test.each(KINDS)("%s gets a fresh id when none is sent", async (_name, method, path, body, status, errorBody) => {
    const response = await send(method, path, body);
    expect(response.status).toBe(status);
    const id = response.headers.get("x-request-id") ?? "";
    expect(id).toMatch(FRESH);
    if (errorBody) expect(((await response.json()) as { request_id: string }).request_id).toBe(id);
  });
});

describe("which ids are taken (D22)", () => {
  test.each([
    ["one character", "a"],
    ["128 characters", "x".repeat(128)],
    ["every allowed kind of character", "AZaz09._:-"],
    ["a UUID", "9b2f1c3e-8d4a-4f6b-9c1e-2a3b4c5d6e7f"],
  ])("keeps %s", async (_name, id) => {
    expect((await send("GET", "/api/health.json", undefined, { "X-Request-Id": id })).headers.get("x-request-id")).toBe(
      id,
    );
  });

  test.each([
    ["129 characters", "x".repeat(129)],
    ["a space inside", "a b"],
    ["a slash", "a/b"],
    ["a quote", 'a"b'],
    ["a comma (two ids folded into one header)", "a,b"],
    ["a character beyond ASCII", "caf\u00e9"],
    ["only spaces", "   "],
  ])("replaces %s with a fresh id", async (_name, id) => {
    const response = await send("POST", "/api/v0/quote", "{}", { "X-Request-Id": id });
    const fresh = response.headers.get("x-request-id") ?? "";
    expect(fresh).toMatch(FRESH);
    expect(((await response.json()) as { request_id: string }).request_id).toBe(fresh);
  });

  test("an empty header gets a fresh id", () => {
    expect(requestIdOf(new Request(BASE, { headers: { "X-Request-Id": "" } }), () => "0123456789abcdef")).toBe(
      "0123456789abcdef",
    );
  });

  test("fresh ids differ from request to request", async () => {
    const ids = await Promise.all(
      Array.from({ length: 50 }, async () => (await send("GET", "/api/health.json")).headers.get("x-request-id")),
    );
    expect(new Set(ids).size).toBe(50);
  });

  test("a random source that throws still gives an id: the handler's next use of it is where the bug shows", () => {
    const id = requestIdOf(new Request(BASE), () => {
      throw new Error("no randomness");
    });
    expect(id).toMatch(REQUEST_ID_PATTERN);
  });
});

describe("api/host/random-hex.ts, the server's source of fresh ids", () => {
  test("gives lowercase hex of the length asked, odd lengths too", () => {
    for (const length of [1, 10, 15, 16, 33])
      expect(cryptoRandomHex(length)).toMatch(new RegExp(`^[0-9a-f]{${length}}$`));
  });

  test("1,000 ids of 16, all different", () => {
    const ids = Array.from({ length: 1000 }, () => cryptoRandomHex(16));
    expect(new Set(ids).size).toBe(1000);
  });

  test("a long one too", () => {
    expect(cryptoRandomHex(10_000)).toMatch(/^[0-9a-f]{10000}$/);
  });
});

describe("request_id in bodies (D22)", () => {
  test("an error body ends with request_id, after the catalog's members", async () => {
    const response = await send("POST", "/api/v0/transition", JSON.stringify({ action: "release", job: JOBS.open }), {
      "X-Request-Id": "abc",
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).at(-1)).toBe("request_id");
    expect(body).toMatchObject({ ok: false, error: "illegal_transition", action: "release", request_id: "abc" });
  });

  test("validate's error body too, after kind and errors", async () => {
    const response = await send("POST", "/api/v0/validate", JSON.stringify({ action: "pay" }), { "X-Request-Id": "v" });
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).slice(-3)).toEqual(["kind", "errors", "request_id"]);
  });

  test("a success body carries none, so identical requests get identical bodies", async () => {
    const body = JSON.stringify({ action: "create", ...CREATE, idempotency_key: "same" });
    const first = await send("POST", "/api/v0/transition", body);
    const second = await send("POST", "/api/v0/transition", body);
    expect(first.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));
    const text = await first.text();
    expect(text).not.toContain("request_id");
    expect(await second.text()).toBe(text);
  });

  test("an MCP tool's refusal is the engine's body, without request_id (it is not an HTTP body)", async () => {
    const call = { name: "escrow_quote", arguments: { action: "pay" } };
    const response = await send(
      "POST",
      "/mcp",
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: call }),
      {
        "X-Request-Id": "mcp-1",
      },
    );
    expect(response.headers.get("x-request-id")).toBe("mcp-1");
    const { result } = await rpcAnswer(response);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).not.toHaveProperty("request_id");
  });
});

describe("CORS for the request id (D17, D22)", () => {
  test.each(["/api/v0/quote", "/api/health.json", "/mcp"])("the preflight of %s allows X-Request-Id", async (path) => {
    const response = await send("OPTIONS", path);
    expect(response.headers.get("access-control-allow-headers")).toContain("X-Request-Id");
  });

  // (The static fallback here is the test's own; the server's, api/host/static-files.ts, is checked live below.)
  test.each(KINDS.filter(([name, method]) => method !== "OPTIONS" && name !== "a static file"))(
    "%s exposes X-Request-Id and the rate-limit headers to pages",
    async (_name, method, path, body) => {
      const exposed = (await send(method, path, body)).headers.get("access-control-expose-headers") ?? "";
      for (const name of EXPOSED) expect(exposed.split(", ")).toContain(name);
    },
  );
});
