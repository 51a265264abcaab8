/**
 * Request ids (D22) over the wire from a live `api/bun/server.ts` (a child process), where the site's
 * files and Bun's routing answer too: the client's own id echoed, a fresh one otherwise, and the
 * header exposed to pages. Every kind of response in process is in request-id.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type LiveServer, startServer } from "../../scripts/harness/live-server.ts";

const FRESH = /^[0-9a-f]{16}$/;
/** The response headers pages may read (D22, D23). */
const EXPOSED = ["X-Request-Id", "Retry-After", "RateLimit", "RateLimit-Policy"];

describe("over the wire: a live api/bun/server.ts", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  test.each([
    ["an engine (Bun's route)", "POST", "/api/v0/quote", "{}"],
    ["a document (Bun's route)", "GET", "/api/errors.json", undefined],
    ["a site page (static file)", "GET", "/", undefined],
    ["a 404", "GET", "/nope", undefined],
    ["a preflight", "OPTIONS", "/api/v0/quote", undefined],
  ])("%s echoes the client's id, and gives a fresh one otherwise", async (_name, method, path, body) => {
    const echoed = await fetch(`${server.base}${path}`, { method, body, headers: { "X-Request-Id": "wire-7" } });
    expect(echoed.headers.get("x-request-id")).toBe("wire-7");
    const fresh = await fetch(`${server.base}${path}`, { method, body });
    expect(fresh.headers.get("x-request-id")).toMatch(FRESH);
    if (method !== "OPTIONS") expect(fresh.headers.get("access-control-expose-headers")).toBe(EXPOSED.join(", "));
  });
});
