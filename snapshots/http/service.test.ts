/**
 * HTTP behaviour of the service's one fetch (shared/http/service.ts), tested without a server (like hono's
 * app.request()): methods and Allow (D9), CORS preflight (D17), content types and caching
 * (D18), unknown paths (D9), the body size limit with and without Content-Length (D9), and the
 * health document. The real Bun server is in server.e2e.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { DOCUMENT_CATALOG } from "../../shared/documents/document-list.ts";
import { requestPath } from "../../shared/http/routes.ts";
import { createHandler } from "../../shared/http/service.ts";
import { ENGINE_ROUTES, enginePath, LIMITS, SERVICE } from "../../shared/protocol/constants.ts";
import { keyIdOf } from "../support/derived-ids.ts";
import { JOBS, ROUTE_BODIES } from "../support/fixtures.ts";
import { CREATE, fixedContext, testHandler } from "../support/helpers.ts";

const handle = testHandler();
const BASE = "http://localhost";
const ALLOW_HEADERS = "Content-Type, Authorization, X-Service-Key, Idempotency-Key, X-Request-Id";
const JSON_TYPE = "application/json; charset=utf-8";

/** Sends one request to the handler. */
const send = (method: string, path: string, init: RequestInit = {}): Promise<Response> =>
  handle(new Request(`${BASE}${path}`, { method, ...init }));

/** A request whose body is a stream: no Content-Length, so the handler must count as it reads. */
const streamed = (path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Request =>
  new Request(`${BASE}${path}`, { method: "POST", body, headers, duplex: "half" } as RequestInit);

/** `bytes` as a stream of `size`-byte chunks; `pulled` counts the chunks handed out. */
function chunkedStream(bytes: Uint8Array, size: number) {
  const state = { pulled: 0, cancelled: false };
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      state.pulled++;
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

/** A valid create body padded with trailing spaces to exactly `size` bytes. */
function createOfSize(size: number): string {
  const json = JSON.stringify({ action: "create", ...CREATE });
  return json + " ".repeat(size - json.length);
}

describe("engine methods", () => {
  test.each(ENGINE_ROUTES)("POST /api/v0/%s serves a valid body with 200", async (route) => {
    const response = await send("POST", enginePath(route), { body: JSON.stringify(ROUTE_BODIES[route]) });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
  });

  const others = ENGINE_ROUTES.flatMap((route) =>
    ["GET", "PUT", "DELETE", "PATCH", "HEAD"].map((method) => [method, route] as const),
  );
  test.each(others)("%s /api/v0/%s is 405 method_not_allowed with Allow: POST, OPTIONS", async (method, route) => {
    const response = await send(method, enginePath(route));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    if (method !== "HEAD") expect(((await response.json()) as { error: string }).error).toBe("method_not_allowed");
  });

  test.each(ENGINE_ROUTES)("OPTIONS /api/v0/%s is a 204 preflight with the D17 headers", async (route) => {
    const response = await send("OPTIONS", enginePath(route), {
      headers: { Origin: "https://agent.example", "Access-Control-Request-Method": "POST" },
    });
    expect(response.status).toBe(204);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      allow: "POST, OPTIONS",
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "POST, OPTIONS",
      "access-control-allow-headers": ALLOW_HEADERS,
      "access-control-max-age": "86400",
    });
    expect(await response.text()).toBe("");
  });
});

describe("headers on every response", () => {
  const oversize = " ".repeat(LIMITS.bodyBytesMax + 1);
  /** Answers of the engines and of the 404 path: JSON, never cached (D18). */
  const JSON_CASES: [string, () => Promise<Response>][] = [
    ["an engine success", () => send("POST", "/api/v0/transition", { body: JSON.stringify(ROUTE_BODIES.transition) })],
    ["an engine 400", () => send("POST", "/api/v0/transition", { body: "nope" })],
    [
      "an engine 409",
      () => send("POST", "/api/v0/transition", { body: JSON.stringify({ action: "release", job: JOBS.open }) }),
    ],
    ["an engine 405", () => send("GET", "/api/v0/quote")],
    ["an engine 413", () => send("POST", "/api/v0/verify", { body: oversize })],
    ["a 404", () => send("GET", "/nope")],
  ];
  const CASES: [string, () => Promise<Response>][] = [
    ...JSON_CASES,
    ["an engine preflight", () => send("OPTIONS", "/api/v0/simulate")],
    ["a document GET", () => send("GET", "/api/health.json")],
    ["a document HEAD", () => send("HEAD", "/api/health.json")],
    [
      "a document 304",
      async () => {
        const etag = (await send("GET", "/api/health.json")).headers.get("etag") ?? "";
        return send("GET", "/api/health.json", { headers: { "If-None-Match": etag } });
      },
    ],
    ["a document preflight", () => send("OPTIONS", "/api/health.json")],
    ["a document 405", () => send("POST", "/api/health.json")],
  ];

  test.each(CASES)("%s carries Access-Control-Allow-Origin: *", async (_name, request) => {
    expect((await request()).headers.get("access-control-allow-origin")).toBe("*");
  });

  test.each(JSON_CASES)(
    "%s is application/json; charset=utf-8 with Cache-Control: no-store",
    async (_name, request) => {
      const response = await request();
      expect(response.headers.get("content-type")).toBe(JSON_TYPE);
      expect(response.headers.get("cache-control")).toBe("no-store");
    },
  );
});

describe("body parsing ignores Content-Type (D18)", () => {
  const body = JSON.stringify(ROUTE_BODIES.transition);
  test.each([
    ["application/json", "application/json"],
    ["text/plain", "text/plain;charset=UTF-8"],
    ["a form type", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["a nonsense type", "image/png"],
  ])("parses a JSON body sent as %s", async (_name, type) => {
    const response = await send("POST", "/api/v0/transition", { body, headers: { "Content-Type": type } });
    expect(response.status).toBe(200);
  });

  test("parses a JSON body sent with no Content-Type at all", async () => {
    const request = new Request(`${BASE}/api/v0/transition`, { method: "POST", body: new TextEncoder().encode(body) });
    expect(request.headers.get("content-type")).toBeNull();
    expect((await handle(request)).status).toBe(200);
  });
});

/** A string's UTF-8 bytes as Latin-1 characters: how HTTP servers hand over header bytes. */
const asHeaderBytes = (text: string) => String.fromCharCode(...new TextEncoder().encode(text));

describe("non-ASCII header values are read as UTF-8 (D14, D15)", () => {
  const create = JSON.stringify(ROUTE_BODIES.transition);

  test.each([
    ["Authorization", "Bearer "],
    ["X-Service-Key", ""],
  ])("a UTF-8 demo key in %s gets the key_id of its UTF-8 text", async (header, prefix) => {
    const response = await send("POST", "/api/v0/transition", {
      body: create,
      headers: { [header]: prefix + asHeaderBytes("clé-🔑") },
    });
    expect(((await response.json()) as { key_id: string }).key_id).toBe(keyIdOf("clé-🔑"));
  });

  test("a UTF-8 Idempotency-Key is echoed as its UTF-8 text", async () => {
    const response = await send("POST", "/api/v0/transition", {
      body: create,
      headers: { "Idempotency-Key": asHeaderBytes("commande-é") },
    });
    expect(((await response.json()) as { idempotency_key: string }).idempotency_key).toBe("commande-é");
  });

  test("bytes that are not UTF-8 are kept as Latin-1 text", async () => {
    const response = await send("POST", "/api/v0/transition", {
      body: create,
      headers: { "X-Service-Key": "cl\u00e9" },
    });
    expect(((await response.json()) as { key_id: string }).key_id).toBe(keyIdOf("cl\u00e9"));
  });
});

describe("the path a request is routed by (routes.ts requestPath)", () => {
  const fixed = [...ENGINE_ROUTES.map(enginePath), ...DOCUMENT_CATALOG.flatMap((doc) => doc.paths), "/mcp"];
  const spellings = (path: string) => [
    path,
    `${path}?x=1&y=/z`,
    `${path}#part`,
    `${path}/`,
    `/a/..${path}`,
    `/.${path}`,
    path.replace("/", "//"),
    path.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`),
    path.toUpperCase(),
  ];

  test.each(["http://localhost", "http://127.0.0.1:3000", "https://[::1]:8443", "http://u:p@example.com"])(
    "is the URL parser's pathname for every served path however spelled, on %s",
    (origin) => {
      for (const path of [...fixed.flatMap(spellings), "/", "/_astro/app.js", "/nope", "/a b", "/é"]) {
        const url = `${origin}${path}`;
        expect(requestPath(url), url).toBe(new URL(url).pathname);
      }
    },
  );
});

describe("unknown paths (D9)", () => {
  const PATHS = [
    "/nope",
    "/api/v0/transition/",
    "/api/v0/verify/",
    "/api/health.json/",
    "/api/v0",
    "/api/v0/",
    "/api/v1/transition",
    "/API/V0/TRANSITION",
    "/api/v0/transition.json",
    "//api/v0/transition",
  ];
  const cases = PATHS.flatMap((path) => ["GET", "POST", "OPTIONS", "DELETE"].map((method) => [method, path] as const));

  test.each(cases)("%s %s is 404 not_found", async (method, path) => {
    const response = await send(method, path, method === "POST" ? { body: "{}" } : {});
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe(JSON_TYPE);
    expect(((await response.json()) as { error: string }).error).toBe("not_found");
  });

  test.each(PATHS)("HEAD %s is 404 too, with no body and the GET's Content-Length", async (path) => {
    const response = await send("HEAD", path);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe(JSON_TYPE);
    const get = await (await send("GET", path)).arrayBuffer();
    expect(response.headers.get("content-length")).toBe(String(get.byteLength));
    expect(await response.text()).toBe("");
  });

  test.each(ENGINE_ROUTES)(
    "HEAD of the %s engine is 405 with Allow, no body and the GET's Content-Length",
    async (route) => {
      const response = await send("HEAD", enginePath(route));
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST, OPTIONS");
      const get = await (await send("GET", enginePath(route))).arrayBuffer();
      expect(response.headers.get("content-length")).toBe(String(get.byteLength));
      expect(await response.text()).toBe("");
    },
  );

  test("the site's files (fallback) answer GET and HEAD only: any other method is 404 not_found, not the file", async () => {
    const ctx = fixedContext();
    const seen: string[] = [];
    const site = createHandler({
      now: () => ctx.now,
      randomHex: ctx.randomHex,
      fallback: (request, pathname) => {
        seen.push(`${request.method} ${pathname}`);
        return pathname === "/index.html"
          ? new Response("<p>home</p>", { headers: { "Content-Type": "text/html" } })
          : null;
      },
    });
    const at = (method: string) =>
      site(new Request(`${BASE}/index.html`, { method, ...(method === "POST" ? { body: "{}" } : {}) }));
    expect(await (await at("GET")).text()).toBe("<p>home</p>");
    expect((await at("HEAD")).status).toBe(200);
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS"]) {
      const response = await at(method);
      expect(response.status, method).toBe(404);
      expect(((await response.json()) as { error: string }).error).toBe("not_found");
    }
    expect(seen).toEqual(["GET /index.html", "HEAD /index.html"]);
  });

  test("a query string does not change the route", async () => {
    const response = await send("POST", "/api/v0/transition?debug=1", {
      body: JSON.stringify(ROUTE_BODIES.transition),
    });
    expect(response.status).toBe(200);
  });
});

describe("body size limit (D9)", () => {
  const max = LIMITS.bodyBytesMax;
  const encode = (text: string) => new TextEncoder().encode(text);

  test.each([
    ["exactly 65,536 bytes is processed", max, 200],
    ["65,537 bytes is 413 payload_too_large", max + 1, 413],
  ])("with Content-Length: %s", async (_name, size, status) => {
    const body = encode(createOfSize(size));
    const response = await send("POST", "/api/v0/transition", { body, headers: { "Content-Length": String(size) } });
    expect(response.status).toBe(status);
    if (status === 413) expect(((await response.json()) as { error: string }).error).toBe("payload_too_large");
  });

  test.each([
    ["exactly 65,536 bytes is processed", max, 200],
    ["65,537 bytes is 413 payload_too_large", max + 1, 413],
  ])("streamed without Content-Length: %s", async (_name, size, status) => {
    const { stream } = chunkedStream(encode(createOfSize(size)), 1000);
    const request = streamed("/api/v0/transition", stream);
    expect(request.headers.get("content-length")).toBeNull();
    const response = await handle(request);
    expect(response.status).toBe(status);
  });

  test("stops reading an endless stream once it passes the limit", async () => {
    // 10 MiB in 8 KiB chunks: far more than the limit; the handler must give up after 9 chunks.
    const { stream, state } = chunkedStream(new Uint8Array(10 * 1024 * 1024).fill(32), 8192);
    const response = await handle(streamed("/api/v0/simulate", stream));
    expect(response.status).toBe(413);
    expect(state.pulled).toBeLessThan(12);
    expect(state.cancelled).toBe(true);
  });

  test("refuses a declared Content-Length over the limit before reading the body", async () => {
    const { stream, state } = chunkedStream(new Uint8Array(200_000).fill(32), 8192);
    const response = await handle(streamed("/api/v0/quote", stream, { "Content-Length": "200000" }));
    expect(response.status).toBe(413);
    expect(state.pulled).toBeLessThanOrEqual(1);
  });

  test("does not trust a Content-Length smaller than the body", async () => {
    const body = createOfSize(max + 4000);
    const response = await send("POST", "/api/v0/transition", { body, headers: { "Content-Length": "100" } });
    expect(response.status).toBe(413);
  });
});

describe("GET /api/health.json", () => {
  test("is 200 JSON with ok, service, version 0, demo mode and money false", async () => {
    const response = await send("GET", "/api/health.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(JSON_TYPE);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]+"$/);
    expect(await response.json()).toEqual({ ok: true, service: SERVICE, version: "0", mode: "demo", money: false });
  });

  test.each([
    ["the ETag", (etag: string) => etag],
    ["a weak form of the ETag", (etag: string) => `W/${etag}`],
    ["a list holding the ETag", (etag: string) => `"other", ${etag}`],
    ["*", () => "*"],
  ])("answers If-None-Match with %s by 304 and no body", async (_name, match) => {
    const etag = (await send("GET", "/api/health.json")).headers.get("etag") as string;
    const response = await send("GET", "/api/health.json", { headers: { "If-None-Match": match(etag) } });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(etag);
    expect(await response.text()).toBe("");
  });

  test("answers a stale If-None-Match with 200", async () => {
    const response = await send("GET", "/api/health.json", { headers: { "If-None-Match": '"stale"' } });
    expect(response.status).toBe(200);
  });

  test("HEAD is 200 with the GET headers and no body", async () => {
    const get = await send("GET", "/api/health.json");
    const head = await send("HEAD", "/api/health.json");
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    expect(head.headers.get("content-type")).toBe(JSON_TYPE);
    expect(await head.text()).toBe("");
  });

  test("OPTIONS is a 204 preflight allowing GET, HEAD, OPTIONS", async () => {
    const response = await send("OPTIONS", "/api/health.json");
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(response.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(response.headers.get("access-control-allow-headers")).toBe(ALLOW_HEADERS);
    expect(response.headers.get("access-control-max-age")).toBe("86400");
  });

  test.each(["POST", "PUT", "DELETE", "PATCH"])("%s is 405 with Allow: GET, HEAD, OPTIONS", async (method) => {
    const response = await send(method, "/api/health.json", { body: "{}" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(((await response.json()) as { error: string }).error).toBe("method_not_allowed");
  });
});

describe("a host that frames bodies by Content-Length (trustContentLength, as Bun.serve does)", () => {
  const ctx = fixedContext();
  const framed = createHandler({ now: () => ctx.now, randomHex: ctx.randomHex, trustContentLength: true });
  // The Content-Length a server would have framed the body by: a Request built in code carries none.
  const post = (body: string | Uint8Array<ArrayBuffer>) => {
    const length = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
    const request = new Request(`${BASE}/api/v0/transition`, {
      method: "POST",
      body,
      headers: { "Content-Length": String(length) },
    });
    expect(request.headers.get("content-length")).toBe(String(length));
    return framed(request);
  };
  const create = JSON.stringify(ROUTE_BODIES.transition);

  test("serves exactly 65,536 bytes and refuses 65,537 with 413 (D9)", async () => {
    expect((await post(create + " ".repeat(LIMITS.bodyBytesMax - create.length))).status).toBe(200);
    expect((await post(create + " ".repeat(LIMITS.bodyBytesMax + 1 - create.length))).status).toBe(413);
  });

  test("still answers invalid UTF-8 with invalid_json, although text decoding would hide it", async () => {
    const [head, tail] = create.split("Summarise") as [string, string];
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(head),
      0xff,
      ...new TextEncoder().encode(tail),
    ]) as Uint8Array<ArrayBuffer>;
    expect(((await (await post(bytes)).json()) as { error: string }).error).toBe("invalid_json");
  });

  test("keeps a real U+FFFD character in a title", async () => {
    const body = JSON.stringify({ ...ROUTE_BODIES.transition, title: "a\uFFFDb" });
    expect(((await (await post(body)).json()) as { job: { title: string } }).job.title).toBe("a\uFFFDb");
  });
});
