/**
 * The one error boundary (D21): an exception anywhere in the handler (the engine, the handler's
 * own steps, a document, the static fallback, routing) answers 500 internal_error with the
 * catalog body with the request's id (D22), the JSON headers and CORS, and nothing of the exception; the host's onError
 * gets the exception; the same handler keeps serving. Tested without a server (createHandler)
 * and over real HTTP with api/bun/serve-options.ts's Bun.serve options on a free port, where the server's
 * log entry must name the exception and never the demo key.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { serveOptions } from "../../api/bun/serve-options.ts";
import { describeError, errorLog } from "../../shared/http/error-boundary.ts";
import { createHandler, createService, type ServiceOptions } from "../../shared/http/service.ts";
import { REQUEST_ID_PATTERN } from "../../shared/protocol/constants.ts";
import { CREATE, NOW, rpcAnswer } from "../support/helpers.ts";

const BASE = "http://localhost";
/** What every exception here says: none of it may reach a response body. */
const SECRET = "engine exploded at /srv/internal/escrow.ts:42 with token 9f8e7d";
/** A demo key that must never reach a log (D14). */
const DEMO_KEY = "demo-key-that-must-never-be-logged-51c7";
/** A title that must never reach a log: bodies are not logged. */
const TITLE = "A body that must never be logged";

/** D21's error body as the engine and MCP give it; over HTTP it ends with the request's id (D22). */
const INTERNAL_ERROR_BODY = {
  ok: false,
  mode: "demo",
  money: false,
  error: "internal_error",
  message: "Something went wrong on our side. Nothing was changed.",
};
/** The exact body of D21's answer over HTTP to the request whose id is `id`. */
const internalError = (id: string): string => JSON.stringify({ ...INTERNAL_ERROR_BODY, request_id: id });
/** The exact headers of D21's answer from the handler itself, to the request whose id is `id`. */
const internalErrorHeaders = (id: string) => ({
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "X-Request-Id, Retry-After, RateLimit, RateLimit-Policy",
  "cache-control": "no-store",
  "content-type": "application/json; charset=utf-8",
  "x-request-id": id,
});

/** The response's X-Request-Id, checked to be one (D22). */
function requestIdOf(response: Response): string {
  const id = response.headers.get("x-request-id") ?? "";
  expect(id).toMatch(REQUEST_ID_PATTERN);
  return id;
}

const boom = (): never => {
  throw new Error(SECRET);
};

const createBody = (extra: Record<string, unknown> = {}) => JSON.stringify({ action: "create", ...CREATE, ...extra });
const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  new Request(`${BASE}${path}`, { method: "POST", body, headers });

/** One reported exception: what onError was given. */
interface Report {
  error: unknown;
  request: Request;
}

/**
 * A handler with the fixed clock whose random source throws (so a create without an
 * idempotency key throws inside the engine), and whose static fallback throws on /throws and
 * rejects on /rejects. Every onError call is kept in `reports`.
 */
function breakable(overrides: Partial<ServiceOptions> = {}) {
  const reports: Report[] = [];
  const handle = createHandler({
    now: () => NOW,
    randomHex: boom,
    fallback: (_request, pathname) => {
      if (pathname === "/throws") boom();
      if (pathname === "/rejects") return Promise.reject(new Error(SECRET));
      return pathname === "/file.txt" ? new Response("a file") : null;
    },
    onError: (error, request) => reports.push({ error, request }),
    ...overrides,
  });
  return { handle, reports };
}

/** A Request whose headers throw when read: it stands in for a bug on a path that reads them. */
class HeadersThrow extends Request {
  override get headers(): Headers {
    return boom();
  }
}

/** A Request whose URL throws when read: routing is the first step to read it. */
class UrlThrows extends Request {
  override get url(): string {
    return boom();
  }
}

/**
 * Asserts D21's answer: status, exact headers (Content-Length that of the GET's body), exact
 * body (none for HEAD), nothing of the exception.
 */
async function expectInternalError(response: Response, head = false): Promise<void> {
  expect(response.status).toBe(500);
  const id = requestIdOf(response);
  // Both state the length of the GET's body: the answer's own, which a HEAD keeps without it.
  expect(Object.fromEntries(response.headers)).toEqual({
    ...internalErrorHeaders(id),
    "content-length": String(Buffer.byteLength(internalError(id))),
  });
  const text = await response.text();
  expect(text).toBe(head ? "" : internalError(id));
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain("exploded");
  expect(text).not.toContain("escrow.ts");
}

/** A stream that fails on its first read with `error` (by default a bug's). */
const failingStream = (error: unknown = new Error(SECRET)) =>
  new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.error(error);
    },
  });

/** What each runtime's body read throws when its client closes the connection mid-body. */
const clientAborts: [string, () => unknown][] = [
  [
    "Bun (an AbortError DOMException, with an empty stack)",
    () => new DOMException("The connection was closed.", "AbortError"),
  ],
  ["Node (Error aborted, code ECONNRESET)", () => Object.assign(new Error("aborted"), { code: "ECONNRESET" })],
  [
    "Deno (BadResource)",
    () =>
      Object.assign(new Error("Cannot read request body as underlying resource unavailable"), { name: "BadResource" }),
  ],
  ["workerd (Network connection lost.)", () => new Error("Network connection lost.")],
];

describe("the handler turns an unexpected exception into 500 internal_error (D21)", () => {
  const cases: [string, () => Request, ServiceOptions["trustContentLength"]?][] = [
    [
      "the engine throws (create without an idempotency key, random source broken)",
      () => post("/api/v0/transition", createBody()),
    ],
    [
      "the engine throws inside simulate",
      () => post("/api/v0/simulate", createBody({ payer_credits: 500, proof_url: "https://example.com/p" })),
    ],
    [
      "the request body fails while it is read",
      () =>
        new Request(`${BASE}/api/v0/quote`, { method: "POST", body: failingStream(), duplex: "half" } as RequestInit),
    ],
    [
      "the framed body fails while it is read (trustContentLength)",
      () =>
        new Request(`${BASE}/api/v0/quote`, {
          method: "POST",
          body: failingStream(),
          duplex: "half",
          headers: { "Content-Length": "10" },
        } as RequestInit),
      true,
    ],
    [
      "the engine path cannot read the request's headers",
      () => new HeadersThrow(`${BASE}/api/v0/validate`, { method: "POST", body: "{}" }),
    ],
    ["a document cannot read the request's headers", () => new HeadersThrow(`${BASE}/api/health.json`)],
    ["the static fallback throws", () => new Request(`${BASE}/throws`)],
    ["the static fallback rejects", () => new Request(`${BASE}/rejects`)],
    ["routing cannot read the request's URL", () => new UrlThrows(`${BASE}/api/health.json`)],
  ];

  test.each(cases)(
    "when %s: the catalog body, JSON and CORS headers, onError called with the exception",
    async (_name, request, trustContentLength) => {
      const { handle, reports } = breakable({ trustContentLength });
      await expectInternalError(await handle(request()));
      expect(reports).toHaveLength(1);
      expect(reports[0]!.error).toBeInstanceOf(Error);
      expect((reports[0]!.error as Error).message).toBe(SECRET);
    },
  );

  test("onError receives the very exception that was thrown, and the request it broke", async () => {
    const thrown = new Error(SECRET);
    const reports: Report[] = [];
    const handle = createHandler({
      now: () => {
        throw thrown;
      },
      randomHex: () => "0",
      onError: (error, request) => reports.push({ error, request }),
    });
    const request = post("/api/v0/quote", createBody());
    await expectInternalError(await handle(request));
    expect(reports).toHaveLength(1);
    expect(reports[0]!.error).toBe(thrown);
    expect(reports[0]!.request).toBe(request);
  });

  test("the same handler then answers normal requests with 200", async () => {
    const { handle, reports } = breakable();
    await expectInternalError(await handle(post("/api/v0/transition", createBody())));
    await expectInternalError(await handle(new Request(`${BASE}/throws`)));

    const create = await handle(post("/api/v0/transition", createBody(), { "Idempotency-Key": "order-1" }));
    expect(create.status).toBe(200);
    expect(((await create.json()) as { job: { status: string } }).job.status).toBe("open");
    expect((await handle(new Request(`${BASE}/api/health.json`))).status).toBe(200);
    expect(await (await handle(new Request(`${BASE}/file.txt`))).text()).toBe("a file");
    expect(reports).toHaveLength(2);
  });

  test.each([
    ["a document", () => new HeadersThrow(`${BASE}/api/health.json`, { method: "HEAD" })],
    ["the static fallback", () => new Request(`${BASE}/throws`, { method: "HEAD" })],
  ])("HEAD of %s that throws gets the status and headers without the body", async (_name, request) => {
    const { handle } = breakable();
    await expectInternalError(await handle(request()), true);
  });

  test("without onError the answer is the same", async () => {
    const handle = createHandler({ now: () => NOW, randomHex: boom });
    await expectInternalError(await handle(post("/api/v0/transition", createBody())));
  });

  test("an onError that throws in turn still gets the client the catalog answer", async () => {
    const { handle } = breakable({ onError: boom });
    await expectInternalError(await handle(post("/api/v0/transition", createBody())));
  });

  test("an engine POST that throws before its body is read (trustContentLength reads the declared length first)", async () => {
    const reports: Report[] = [];
    const service = createService({
      now: () => NOW,
      randomHex: () => "0123456789",
      trustContentLength: true,
      onError: (error, request) => reports.push({ error, request }),
    });
    const request = new HeadersThrow(`${BASE}/api/v0/transition`, { method: "POST", body: createBody() });
    await expectInternalError(await service.fetch(request));
    expect(reports).toHaveLength(1);
  });
});

describe("a client that closes the connection mid-body is no internal_error: 499, nothing reported", () => {
  test.each(clientAborts)("the body read fails as on %s", async (_name, abort) => {
    for (const trustContentLength of [false, true]) {
      const statuses: number[] = [];
      const { handle, reports } = breakable({
        trustContentLength,
        onResponse: (record) => statuses.push(record.status),
      });
      const request = new Request(`${BASE}/api/v0/quote`, {
        method: "POST",
        body: failingStream(abort()),
        duplex: "half",
        headers: { "Content-Length": "10" },
      } as RequestInit);
      const response = await handle(request);
      expect(response.status).toBe(499);
      expect(statuses).toEqual([499]);
      expect(reports).toEqual([]);
    }
  });

  test("the request's signal aborted: 499 whatever the read threw", async () => {
    const controller = new AbortController();
    const { handle, reports } = breakable();
    const request = new Request(`${BASE}/api/v0/quote`, {
      method: "POST",
      body: failingStream(new TypeError("stream errored")),
      duplex: "half",
      signal: controller.signal,
    } as RequestInit);
    controller.abort();
    expect((await handle(request)).status).toBe(499);
    expect(reports).toEqual([]);
  });

  test("any other failure of the body read stays a reported internal_error", async () => {
    const { handle, reports } = breakable();
    const request = post("/api/v0/quote", failingStream(Object.assign(new Error("reset"), { code: "ECONNRESET" })));
    await expectInternalError(await handle(request));
    expect(reports).toHaveLength(1);
  });
});

describe("/mcp behind the boundary (D21)", () => {
  const rpc = (body: unknown, headers: Record<string, string> = {}) =>
    post("/mcp", JSON.stringify(body), {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...headers,
    });

  test("a tool call whose engine throws is an isError result with internal_error, reported, with nothing of the exception", async () => {
    const { handle, reports } = breakable();
    const call = { name: "escrow_transition", arguments: { action: "create", ...CREATE } };
    const response = await handle(rpc({ jsonrpc: "2.0", id: 1, method: "tools/call", params: call }));
    expect(response.status).toBe(200);
    const answer = await rpcAnswer(response);
    expect(JSON.stringify(answer)).not.toContain(SECRET);
    const result = answer.result;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual(INTERNAL_ERROR_BODY);
    expect(reports).toHaveLength(1);
    expect((reports[0]!.error as Error).message).toBe(SECRET);
    expect(new URL(reports[0]!.request.url).pathname).toBe("/mcp");
  });

  test("an exception on /mcp outside a tool is the catalog's 500, and the next call is served", async () => {
    const { handle, reports } = breakable();
    await expectInternalError(await handle(new UrlThrows(`${BASE}/mcp`, { method: "POST", body: "{}" })));
    expect(reports).toHaveLength(1);
    const ping = await handle(rpc({ jsonrpc: "2.0", id: 2, method: "ping" }));
    expect(await rpcAnswer(ping)).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
  });
});

describe("the real server (api/bun/serve-options.ts's Bun.serve options) behind the boundary", () => {
  const log: string[] = [];
  const reports: Report[] = [];
  let server: ReturnType<typeof Bun.serve>;
  let base = "";

  beforeAll(() => {
    const service = createService({
      now: () => NOW,
      randomHex: boom,
      fallback: (_request, pathname) => (pathname === "/throws" ? boom() : null),
      trustContentLength: true,
      onError: (error, request) => {
        reports.push({ error, request });
        errorLog((entry) => log.push(entry))(error, request);
      },
    });
    server = Bun.serve(serveOptions(service, { port: 0, reusePort: false, log: (entry) => log.push(entry) }));
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.stop(true));

  /** D21's answer over the wire: Bun adds Content-Length and Date, nothing of the exception. */
  async function expectWireError(response: Response, head = false): Promise<void> {
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    if (head)
      expect(response.headers.get("content-length")).toBe(
        String(Buffer.byteLength(internalError(requestIdOf(response)))),
      );
    const text = await response.text();
    expect(text).toBe(head ? "" : internalError(requestIdOf(response)));
    expect(text).not.toContain("exploded");
  }

  test("a create whose engine throws is 500 internal_error, and the server keeps serving", async () => {
    log.length = 0;
    reports.length = 0;
    const headers = { Authorization: `Bearer ${DEMO_KEY}`, "X-Service-Key": DEMO_KEY };
    await expectWireError(
      await fetch(`${base}/api/v0/transition`, { method: "POST", headers, body: createBody({ title: TITLE }) }),
    );
    expect(reports).toHaveLength(1);
    expect((reports[0]!.error as Error).message).toBe(SECRET);

    const create = await fetch(`${base}/api/v0/transition`, {
      method: "POST",
      headers: { ...headers, "Idempotency-Key": "order-1" },
      body: createBody(),
    });
    expect(create.status).toBe(200);
    expect(((await create.json()) as { ok: boolean }).ok).toBe(true);
    expect((await fetch(`${base}/api/health.json`)).status).toBe(200);
  });

  test("the log entry names the method, the path and the exception, never the demo key or the body", async () => {
    log.length = 0;
    const headers = { Authorization: `Bearer ${DEMO_KEY}`, "X-Service-Key": DEMO_KEY };
    await expectWireError(
      await fetch(`${base}/api/v0/transition?key=${DEMO_KEY}`, {
        method: "POST",
        headers,
        body: createBody({ title: TITLE }),
      }),
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toStartWith("internal_error POST /api/v0/transition: Error: ");
    expect(log[0]).toContain(SECRET);
    expect(log[0]).not.toContain(DEMO_KEY);
    expect(log[0]).not.toContain(TITLE);
  });

  test("a static fallback that throws is 500 internal_error on GET and HEAD", async () => {
    log.length = 0;
    await expectWireError(await fetch(`${base}/throws`));
    await expectWireError(await fetch(`${base}/throws`, { method: "HEAD" }), true);
    // Answered by the handler's boundary (it names the request), not by Bun's last guard.
    expect(log.map((entry) => entry.split(":")[0])).toEqual([
      "internal_error GET /throws",
      "internal_error HEAD /throws",
    ]);
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
  });

  test("an exception that escapes the handler itself meets Bun's error callback: the same catalog answer", async () => {
    const guardLog: string[] = [];
    const service = createService({ now: () => NOW, randomHex: () => "0123456789" });
    // A broken binding: its fetch throws outside the service's boundary.
    const broken = { ...service, fetch: boom };
    const guarded = Bun.serve(
      serveOptions(broken, { port: 0, reusePort: false, log: (entry) => guardLog.push(entry) }),
    );
    try {
      const at = `http://127.0.0.1:${guarded.port}`;
      await expectWireError(await fetch(`${at}/anything`));
      await expectWireError(await fetch(`${at}/api/health.json`));
      await expectWireError(await fetch(`${at}/api/health.json`, { method: "HEAD" }), true);
      expect(guardLog).toHaveLength(3);
      expect(guardLog[0]).toStartWith("internal_error (outside the handler): Error: ");
      expect(guardLog[0]).toContain(SECRET);
      // The server itself keeps answering.
      await expectWireError(await fetch(`${at}/api/v0/transition`, { method: "POST", body: createBody() }));
      expect(guardLog).toHaveLength(4);
    } finally {
      guarded.stop(true);
    }
  });
});

describe("errorLog: the entry every runtime's binding logs (D21)", () => {
  test("method, path and the exception; never the query, the headers or the body", () => {
    const entries: string[] = [];
    const request = new Request("http://x/api/v0/quote?secret=q", {
      method: "POST",
      headers: { Authorization: `Bearer ${SECRET}` },
      body: "{}",
    });
    errorLog((entry) => entries.push(entry))(new TypeError("exploded"), request);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toStartWith("internal_error POST /api/v0/quote: TypeError: exploded\n");
    expect(entries[0]).not.toContain("secret=q");
    expect(entries[0]).not.toContain(SECRET);
  });

  test("what is not an Error: a string as it is, an object as JSON, a cyclic one as its text", () => {
    expect(describeError("plain")).toBe("plain");
    expect(describeError(42)).toBe("42");
    expect(describeError({ code: "E1" })).toBe('{"code":"E1"}');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeError(cyclic)).toBe("[object Object]");
    expect(describeError(undefined)).toBe("undefined");
    expect(describeError("")).toBe('""');
  });

  test("an Error is never empty after the colon: its name and message, then its stack when it has one", () => {
    const entries: string[] = [];
    const bunAbort = new DOMException("The connection was closed.", "AbortError");
    Object.defineProperty(bunAbort, "stack", { value: "" });
    const request = new Request("http://x/api/v0/quote", { method: "POST" });
    errorLog((entry) => entries.push(entry))(bunAbort, request);
    expect(entries).toEqual(["internal_error POST /api/v0/quote: AbortError: The connection was closed."]);
    const stackless = new Error("");
    stackless.stack = undefined;
    expect(describeError(stackless)).toBe("Error");
    const foreign = new RangeError("out of range");
    foreign.stack = "    at somewhere (file.ts:1:1)";
    expect(describeError(foreign)).toBe("RangeError: out of range\n    at somewhere (file.ts:1:1)");
  });
});
