/**
 * The access log of a live `bun run api` (api/bun/server.ts, a child process): one line per request
 * on stdout with the fields and the response's id, never the key, the body or the query; on by
 * default, silent with LOG=off, and whole lines from both processes with WORKERS=2. The line,
 * the hook and the writer in process are in access-log.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type LiveServer, startServer } from "../../scripts/harness/live-server.ts";
import { keyIdOf } from "../support/derived-ids.ts";
import { ROUTE_BODIES } from "../support/fixtures.ts";
import { CREATE } from "../support/helpers.ts";
import { untilLogged } from "../support/wire-helpers.ts";

/** A demo key, a title and a query value that must never reach the log. */
const DEMO_KEY = "demo-key-never-in-the-log-7f3e";
const TITLE = "A title never in the log";
const QUERY = "query-never-in-the-log";

const FIELDS = ["time", "request_id", "method", "path", "status", "bytes", "duration_us", "key_id"];

describe("bun run api's access log (a live server)", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  test("one line per request on stdout, with the fields and the response's id; never the key, the body or the query", async () => {
    const before = (await untilLogged(server, 1)).length; // the start-up probe of /api/health.json
    const headers = { Authorization: `Bearer ${DEMO_KEY}`, "X-Request-Id": "live-1" };
    const created = await fetch(`${server.base}/api/v0/transition?note=${QUERY}`, {
      method: "POST",
      headers,
      body: JSON.stringify({ action: "create", ...CREATE, title: TITLE }),
    });
    const page = await fetch(`${server.base}/?q=${QUERY}`);
    const missing = await fetch(`${server.base}/nope`, { method: "DELETE" });
    for (const response of [created, page, missing]) await response.arrayBuffer();

    const lines = (await untilLogged(server, before + 3)).slice(before);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      for (const name of Object.keys(line)) expect(FIELDS).toContain(name);
      expect(new Date(line.time as string).toISOString()).toBe(line.time as string);
      expect(line.duration_us).toBeGreaterThanOrEqual(0);
    }
    expect(lines[0]).toMatchObject({
      request_id: "live-1",
      method: "POST",
      path: "/api/v0/transition",
      status: 200,
      key_id: keyIdOf(DEMO_KEY),
    });
    expect(lines[0]!.bytes).toBe(Number(created.headers.get("content-length")));
    expect(lines[1]).toMatchObject({
      method: "GET",
      path: "/",
      status: 200,
      request_id: page.headers.get("x-request-id"),
    });
    expect(lines[1]).not.toHaveProperty("key_id");
    expect(lines[2]).toMatchObject({ method: "DELETE", path: "/nope", status: 404 });

    const output = server.stdout() + server.stderr();
    for (const secret of [DEMO_KEY, TITLE, QUERY]) expect(output).not.toContain(secret);
  });
});

describe("LOG=off", () => {
  test("stdout holds the start line and nothing else, however many requests", async () => {
    const server = await startServer({ LOG: "off" });
    try {
      for (let i = 0; i < 20; i++) await (await fetch(`${server.base}/api/health.json`)).arrayBuffer();
      await Bun.sleep(100);
      expect(server.stdout().trimEnd().split("\n")).toEqual([expect.stringContaining("listening on")]);
    } finally {
      await server.stop();
    }
  });
});

describe("WORKERS=2 share stdout", () => {
  test("the lines of both processes never cut into each other", async () => {
    const server = await startServer({ WORKERS: "2" });
    try {
      const body = JSON.stringify(ROUTE_BODIES.simulate);
      // Many connections at once, so the kernel hands them to both processes.
      await Promise.all(
        Array.from({ length: 40 }, async () => {
          for (let i = 0; i < 25; i++) {
            const response = await fetch(`${server.base}/api/v0/simulate`, {
              method: "POST",
              body,
              headers: { Connection: "close" },
              keepalive: false,
            });
            await response.arrayBuffer();
          }
        }),
      );
      // Every line parses (logLines), and none is missing.
      const lines = await untilLogged(server, 1000, (line) => line.path === "/api/v0/simulate");
      expect(lines).toHaveLength(1000);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
