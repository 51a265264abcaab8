/**
 * The access log: the line shared/http/access-log.ts makes (time, request id, method, path
 * without query, status, body bytes when known, duration in µs, key_id when a demo key was
 * sent; never the key, the body or the query), the handler's onResponse hook that feeds it
 * (once per response, every kind) and api/host/log-lines.ts's writer (whole lines, at most 4 KiB per
 * write). A live `bun run api`'s log is in access-log.e2e.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { FLUSH_MS, lineWriter } from "../../api/host/log-lines.ts";
import { type AccessRecord, accessLogLine, encodeAccessLine } from "../../shared/http/access-log.ts";
import { createService, type ServiceOptions } from "../../shared/http/service.ts";
import { keyIdOf } from "../support/derived-ids.ts";
import { JOBS, ROUTE_BODIES } from "../support/fixtures.ts";
import { CREATE, NOW } from "../support/helpers.ts";

const BASE = "http://localhost";
/** A demo key, a title and a query value that must never reach the log. */
const DEMO_KEY = "demo-key-never-in-the-log-7f3e";
const QUERY = "query-never-in-the-log";

const record = (overrides: Partial<AccessRecord> = {}): AccessRecord => ({
  request: new Request(`${BASE}/api/v0/quote`, { method: "POST" }),
  requestId: "abc",
  method: "POST",
  path: "/api/v0/quote",
  status: 200,
  bytes: 812,
  time: NOW,
  micros: 345,
  ...overrides,
});

describe("accessLogLine (shared/http/access-log.ts)", () => {
  test("one JSON object: time, request_id, method, path, status, bytes, duration_us", () => {
    expect(accessLogLine(record())).toBe(
      '{"time":"2026-01-01T00:00:00.000Z","request_id":"abc","method":"POST","path":"/api/v0/quote","status":200,"bytes":812,"duration_us":345}',
    );
  });

  test("key_id when the request sent a demo key (either header, D14), never the key", () => {
    const both: Record<string, string>[] = [{ Authorization: `Bearer ${DEMO_KEY}` }, { "X-Service-Key": DEMO_KEY }];
    for (const headers of both) {
      const line = accessLogLine(record({ request: new Request(BASE, { headers }) }));
      expect(JSON.parse(line).key_id).toBe(keyIdOf(DEMO_KEY));
      expect(line).not.toContain(DEMO_KEY);
    }
  });

  test("no bytes member when they are not known", () => {
    expect(JSON.parse(accessLogLine(record({ bytes: null })))).not.toHaveProperty("bytes");
  });

  test("a path with quotes, backslashes, controls or non-ASCII stays one line of valid ASCII JSON", () => {
    const path = '/a"b\\c\nd\u00e9\u2028';
    const line = accessLogLine(record({ path, method: "M" }));
    expect(line).toMatch(/^[\x20-\x7e]+$/);
    expect(JSON.parse(line).path).toBe(path);
  });
});

/** A service whose onResponse keeps every record, on a clock that advances 0.25 ms per reading. */
function logged(overrides: Partial<ServiceOptions> = {}) {
  const records: AccessRecord[] = [];
  let ticks = 0;
  const service = createService({
    now: () => NOW,
    randomHex: (length) => "f".repeat(length),
    clock: () => 1000 + 0.25 * ticks++,
    onResponse: (entry) => records.push(entry),
    fallback: (_request, pathname) => {
      if (pathname === "/sized.txt") return new Response("sized", { headers: { "Content-Length": "5" } });
      if (pathname === "/stream.txt") return new Response("unsized");
      if (pathname === "/throws") throw new Error("a bug");
      return null;
    },
    ...overrides,
  });
  return { service, records };
}

describe("encodeAccessLine: the same line, written as bytes into a buffer", () => {
  const cases: [string, Partial<AccessRecord>][] = [
    ["a plain request", {}],
    ["a demo key", { request: new Request(BASE, { headers: { "X-Service-Key": DEMO_KEY } }) }],
    ["a path to escape", { path: '/a"b\\c\nd\u00e9\u2028\u0000\u007f\ud83d\ude00' }],
    ["unknown bytes", { bytes: null }],
    ["large figures", { bytes: Number.MAX_SAFE_INTEGER, micros: 123_456_789 }],
  ];

  test.each(cases)("%s: accessLogLine's bytes and a newline, after what the buffer held", (_name, overrides) => {
    const out = new Uint8Array(1024).fill(33);
    const end = encodeAccessLine(record(overrides), out, 7);
    expect(out.subarray(0, 7)).toEqual(new Uint8Array(7).fill(33));
    expect(new TextDecoder().decode(out.subarray(7, end))).toBe(`${accessLogLine(record(overrides))}\n`);
  });

  test("answers -1 and writes nothing where the line might not fit", () => {
    const out = new Uint8Array(300).fill(33);
    expect(encodeAccessLine(record({ path: "/p".repeat(200) }), out, 0)).toBe(-1);
    expect(out).toEqual(new Uint8Array(300).fill(33));
  });
});

describe("the service's onResponse hook", () => {
  const { service, records } = logged();
  const send = async (method: string, path: string, init: RequestInit = {}) => {
    records.length = 0;
    const response = await service.fetch(new Request(`${BASE}${path}`, { method, ...init }));
    const body = new Uint8Array(await response.arrayBuffer());
    expect(records).toHaveLength(1);
    return { response, body, entry: records[0]! };
  };

  test("reports the id, method, path without the query, status, time and duration", async () => {
    const { response, entry } = await send("POST", `/api/v0/quote?secret=${QUERY}`, {
      body: JSON.stringify(ROUTE_BODIES.quote),
      headers: { "X-Request-Id": "req-1" },
    });
    expect(entry).toMatchObject({ requestId: "req-1", method: "POST", path: "/api/v0/quote", status: 200 });
    expect(entry.requestId).toBe(response.headers.get("x-request-id")!);
    expect(entry.time).toBe(NOW);
    expect(entry.micros).toBe(250);
  });

  test.each([
    ["an engine answer", "POST", "/api/v0/transition", { body: JSON.stringify({ action: "create", ...CREATE }) }],
    [
      "an engine answer with a non-ASCII title",
      "POST",
      "/api/v0/transition",
      { body: JSON.stringify({ action: "create", ...CREATE, title: "Résumé ✓ 🚀" }) },
    ],
    ["an engine error", "POST", "/api/v0/transition", { body: JSON.stringify({ action: "release", job: JOBS.open }) }],
    ["a 413", "POST", "/api/v0/verify", { body: " ".repeat(70_000) }],
    ["a 405", "GET", "/api/v0/quote", {}],
    ["a 404", "GET", "/nope", {}],
    ["a 500", "GET", "/throws", {}],
    ["a document", "GET", "/api/settlement.json", {}],
    ["a static file that states its length", "GET", "/sized.txt", {}],
  ] as const)("the bytes of %s are the body's bytes", async (_name, method, path, init) => {
    const { body, entry } = await send(method, path, init);
    expect(entry.bytes).toBe(body.byteLength);
  });

  test.each([
    ["HEAD of a document", "HEAD", "/api/health.json", {}],
    ["HEAD of an engine path (405)", "HEAD", "/api/v0/quote", {}],
    ["a preflight", "OPTIONS", "/api/v0/quote", {}],
  ] as const)("%s sends no body: 0 bytes", async (_name, method, path, init) => {
    expect((await send(method, path, init)).entry.bytes).toBe(0);
  });

  test("a 304 sends no body: 0 bytes", async () => {
    const etag = (await send("GET", "/api/health.json")).response.headers.get("etag")!;
    expect((await send("GET", "/api/health.json", { headers: { "If-None-Match": etag } })).entry).toMatchObject({
      status: 304,
      bytes: 0,
    });
  });

  test("a host's response that does not state its length: bytes unknown (null)", async () => {
    expect((await send("GET", "/stream.txt")).entry.bytes).toBeNull();
  });

  test("once per request, with the path it was routed by, whatever the kind of answer", async () => {
    records.length = 0;
    await service.fetch(new Request(`${BASE}/api/v0/validate`, { method: "POST", body: "{}" }));
    await service.fetch(new Request(`${BASE}/api/health.json`));
    await service.fetch(new Request(`${BASE}/api/v0/../health.json?x=1`, { method: "HEAD" }));
    await service.fetch(new Request(`${BASE}/api/v0/quote`, { method: "OPTIONS" }));
    expect(records.map((entry) => [entry.method, entry.path, entry.status])).toEqual([
      ["POST", "/api/v0/validate", 400],
      ["GET", "/api/health.json", 200],
      ["HEAD", "/api/health.json", 200],
      ["OPTIONS", "/api/v0/quote", 204],
    ]);
  });

  test("an onResponse that throws changes no answer", async () => {
    const { service: throwing } = logged({
      onResponse: () => {
        throw new Error("the log broke");
      },
    });
    const response = await throwing.fetch(new Request(`${BASE}/api/health.json`));
    expect(response.status).toBe(200);
  });

  test("without onResponse nothing is measured: the clock is never read", async () => {
    let readings = 0;
    const quiet = createService({
      now: () => NOW,
      randomHex: (length) => "0".repeat(length),
      clock: () => readings++,
    });
    await quiet.fetch(new Request(`${BASE}/api/health.json`));
    expect(readings).toBe(0);
  });
});

/** A sink that keeps each write as text. */
const into = (writes: string[]) => (bytes: Uint8Array, length: number) => {
  writes.push(new TextDecoder().decode(bytes.subarray(0, length)));
};

describe("the writer (api/host/log-lines.ts)", () => {
  /** The line of a record named by its path, with a newline: what the writer must write for it. */
  const lineOf = (path: string) => `${accessLogLine(record({ path }))}\n`;

  test("writes whole lines, at most 4,096 bytes a write, in order, within FLUSH_MS", async () => {
    const writes: string[] = [];
    const writer = lineWriter(into(writes));
    const paths = Array.from({ length: 300 }, (_, i) => `/p/${i}/${"x".repeat(i % 90)}`);
    for (const path of paths) writer.access(record({ path }));
    await Bun.sleep(FLUSH_MS + 20);
    expect(writes.join("")).toBe(paths.map(lineOf).join(""));
    for (const chunk of writes) {
      expect(chunk.length).toBeLessThanOrEqual(4096);
      expect(chunk.endsWith("\n")).toBe(true);
    }
    expect(writes.length).toBeGreaterThan(1);
    expect(writes.length).toBeLessThan(30);
  });

  test("a line longer than 4 KiB goes alone, whole, after what waited and before what follows", () => {
    const writes: string[] = [];
    const writer = lineWriter(into(writes));
    const long = `/${"y".repeat(5000)}`;
    for (const path of ["/before", long, "/after"]) writer.access(record({ path }));
    writer.flush();
    expect(writes).toEqual([lineOf("/before"), lineOf(long), lineOf("/after")]);
  });

  test("flush writes what waits at once", () => {
    const writes: string[] = [];
    const writer = lineWriter(into(writes));
    writer.access(record({ path: "/one" }));
    expect(writes).toEqual([]);
    writer.flush();
    expect(writes).toEqual([lineOf("/one")]);
  });

  test("a stdout that is gone (EPIPE) stops the log; the caller never sees the error", () => {
    let calls = 0;
    const writer = lineWriter(() => {
      calls++;
      throw Object.assign(new Error("broken pipe"), { code: "EPIPE" });
    });
    writer.access(record({ path: "/one" }));
    writer.flush();
    writer.access(record({ path: "/two" }));
    writer.flush();
    expect(calls).toBe(1);
  });

  test("a full non-blocking stdout (EAGAIN) keeps the lines and tries again", async () => {
    const writes: string[] = [];
    let full = true;
    const writer = lineWriter((bytes, length) => {
      if (full) throw Object.assign(new Error("try again"), { code: "EAGAIN" });
      into(writes)(bytes, length);
    });
    writer.access(record({ path: "/kept" }));
    writer.flush();
    full = false;
    await Bun.sleep(30);
    expect(writes).toEqual([lineOf("/kept")]);
  });
});
