/**
 * The Worker (api/workers/worker.ts, wrangler.jsonc) in workerd, as `bun run api:workers` serves it:
 * the shared runtime suite; the same answers as `bun run api` on the service's own paths, header
 * for header and byte for byte (compressed documents too, once each is compressed), save the
 * Date header that workerd leaves to Cloudflare's edge; the built site's files as the platform
 * serves them, with the headers site/public/_headers gives them; the content coding the Worker
 * picks is the one the platform sends; wrangler.jsonc's run_worker_first lists exactly the
 * service's paths; and the bundle `wrangler deploy` would upload (made offline with --dry-run)
 * passes the shared suite too.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { compress } from "../../api/host/compress.ts";
import { cryptoRandomHex } from "../../api/host/random-hex.ts";
import { platformCoding } from "../../api/workers/platform-compression.ts";
import type { RawResponse } from "../../scripts/harness/http-response.ts";
import { type LiveServer, ROOT, startServer } from "../../scripts/harness/live-server.ts";
import { exchange, rawRequest } from "../../scripts/harness/raw-http.ts";
import { runtimeTitle, startRuntime } from "../../scripts/harness/runtimes.ts";
import { DOCUMENT_CATALOG, KEY_SET } from "../../shared/documents/document-list.ts";
import { createService } from "../../shared/http/service.ts";
import { ENGINE_ROUTES, enginePath } from "../../shared/protocol/constants.ts";
import { ROUTE_BODIES } from "../support/fixtures.ts";
import { CREATE, mcpRequest } from "../support/helpers.ts";
import { operateSuite } from "./operate-suite.ts";
import { masked, runtimeSuite } from "./runtime-suite.ts";

/** The origin every server here publishes (SITE_URL), so Bun's and workerd's documents compare byte for byte. */
const SITE = "http://localhost:3000";

/** `bun run api:workers` on a free port (workerd starts in a few seconds; a loaded machine gets a minute). */
const startWorkerd = (env: Record<string, string> = {}): Promise<LiveServer> =>
  startRuntime("workerd", { SITE_URL: SITE, ...env });

runtimeSuite(runtimeTitle("workerd"), () => startWorkerd(), SITE);
// The rate limit through the local emulation of the rate limiting binding, which says nothing of what is left.
operateSuite(runtimeTitle("workerd"), startWorkerd, {
  drains: false,
  remainingKnown: false,
  logsByDefault: false,
});

const DOCUMENT_PATHS = DOCUMENT_CATALOG.flatMap((doc) => doc.paths);

/** A response's headers as compared: names lower-cased, without Date (workerd sends none: Cloudflare's edge adds it). */
const headersOf = (response: RawResponse, drop: string[] = []): Record<string, string> =>
  Object.fromEntries(Object.entries(response.headers).filter(([name]) => !["date", ...drop].includes(name)));

const decode = (response: RawResponse): Buffer => {
  const coding = response.headers["content-encoding"];
  return coding === "br"
    ? brotliDecompressSync(response.body)
    : coding === "gzip"
      ? gunzipSync(response.body)
      : response.body;
};

describe("workerd answers as `bun run api` does", () => {
  let bun: LiveServer;
  let workerd: LiveServer;
  beforeAll(async () => {
    [bun, workerd] = await Promise.all([startServer({ SITE_URL: SITE }), startWorkerd()]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([bun?.stop(), workerd?.stop()]);
  });

  let sent = 0;
  /**
   * The same raw request to both servers: [Bun's answer, workerd's]. Both get the same
   * X-Request-Id, so that it and an error body's request_id (D22) agree too.
   */
  async function both(method: string, path: string, body: string | null = null, headers: Record<string, string> = {}) {
    const request = rawRequest(method, path, body, { "X-Request-Id": `side-by-side.${++sent}`, ...headers });
    const answers = await Promise.all(
      [bun, workerd].map(async (server) => (await exchange(server.port, request, 10_000, method === "HEAD")).response),
    );
    const [fromBun, fromWorkerd] = answers;
    if (!fromBun || !fromWorkerd)
      throw new Error(`${method} ${path}: no answer (bun ${!!fromBun}, workerd ${!!fromWorkerd})`);
    return [fromBun, fromWorkerd] as const;
  }

  /** Asserts one exchange gives the same status, headers (but Date) and bytes on both. */
  async function same(method: string, path: string, body: string | null = null, headers: Record<string, string> = {}) {
    const what = `${method} ${path} ${JSON.stringify(headers)}`;
    const [fromBun, fromWorkerd] = await both(method, path, body, headers);
    expect(fromWorkerd.status, what).toBe(fromBun.status);
    expect(headersOf(fromWorkerd), what).toEqual(headersOf(fromBun));
    expect(masked(fromWorkerd.text), what).toBe(masked(fromBun.text));
  }

  test("every document: GET, HEAD, 304, the preflight and 405, the same headers and bytes", async () => {
    for (const path of DOCUMENT_PATHS) {
      await same("GET", path);
      await same("HEAD", path);
      const [, { headers }] = await both("GET", path);
      await same("GET", path, null, { "If-None-Match": headers.etag! });
      await same("OPTIONS", path);
      await same("POST", path, "{}");
    }
  });

  test("every engine: its answer to a body, the preflight, GET and HEAD 405 (with the GET's Content-Length)", async () => {
    for (const route of ENGINE_ROUTES) {
      const path = enginePath(route);
      await same("POST", path, JSON.stringify(ROUTE_BODIES[route]), { "Content-Type": "application/json" });
      await same("OPTIONS", path);
      await same("GET", path);
      await same("HEAD", path);
      await same("PUT", path, "{}");
    }
  });

  test("refusals: invalid JSON, a chunked body, 413 by size, by declared length and chunked, 404 GET and HEAD", async () => {
    await same("POST", "/api/v0/transition", "{");
    await same("POST", "/api/v0/validate", '5\r\n{"act\r\n0\r\n\r\n', { "Transfer-Encoding": "chunked" });
    const big = JSON.stringify({ ...CREATE, action: "create", criteria: "x".repeat(70_000) });
    await same("POST", "/api/v0/validate", big);
    await same("POST", "/api/v0/quote", "", { "Content-Length": String(200 * 1024 * 1024) });
    const chunk = `8000\r\n${" ".repeat(0x8000)}\r\n`;
    await same("POST", "/api/v0/quote", chunk.repeat(3), { "Transfer-Encoding": "chunked" });
    for (const path of ["/no/such/path", "/api/v0/nope", "/mcp/x", "/_headers"]) {
      await same("GET", path);
      await same("HEAD", path);
      await same("OPTIONS", path);
    }
  });

  test("the key set: GET, HEAD, 304, the preflight and 405, the same headers and bytes", async () => {
    await same("GET", KEY_SET.path);
    await same("HEAD", KEY_SET.path);
    const [, { headers }] = await both("GET", KEY_SET.path);
    await same("GET", KEY_SET.path, null, { "If-None-Match": headers.etag! });
    // Never compressed, by the service or (for this type) by the platform.
    await same("GET", KEY_SET.path, null, { "Accept-Encoding": "gzip, br" });
    await same("OPTIONS", KEY_SET.path);
    await same("POST", KEY_SET.path, "{}");
  });

  test("/mcp: the tool list (2026-07-28 and 2025), GET 405 and the preflight", async () => {
    for (const era of ["modern", "legacy"] as const) {
      const { headers, body } = mcpRequest(era, "tools/list");
      await same("POST", "/mcp", body, headers);
    }
    await same("GET", "/mcp");
    await same("OPTIONS", "/mcp");
  });

  test("compressed documents: once each is compressed, the same coding, ETag, Vary and decoded bytes", async () => {
    // Which coded forms Bun offers: those its compressor makes smaller (the same service in process).
    const reference = createService({ now: Date.now, randomHex: cryptoRandomHex, compress });
    await reference.compressDocuments();
    const offered = async (path: string, coding: string) =>
      (
        await reference.fetch(new Request(`http://localhost${path}`, { headers: { "Accept-Encoding": coding } }))
      ).headers.get("content-encoding") === coding;
    const codings = ["gzip", "br"] as const;
    // The first request that accepts a coding starts each document's compression (Bun then
    // sends it as it is; the Worker waits for it): wait until Bun sends every coded form.
    for (const path of DOCUMENT_PATHS) {
      for (const coding of codings) {
        if (!(await offered(path, coding))) continue;
        for (let tries = 0; tries < 500; tries++) {
          const [fromBun] = await both("GET", path, null, { "Accept-Encoding": coding });
          if (fromBun.headers["content-encoding"] === coding) break;
          await Bun.sleep(10);
        }
      }
    }
    for (const path of DOCUMENT_PATHS) {
      for (const coding of codings) {
        const what = `${path} ${coding}`;
        const [fromBun, fromWorkerd] = await both("GET", path, null, { "Accept-Encoding": coding });
        expect(decode(fromWorkerd).equals(decode(fromBun)), what).toBe(true);
        if (!(await offered(path, coding))) {
          // Compressing saves nothing here, so the service offers the plain form only; on
          // Workers the platform still compresses it on the way out (under the plain ETag).
          expect(fromBun.headers["content-encoding"], what).toBeUndefined();
          expect(fromWorkerd.headers.etag, what).toBe(fromBun.headers.etag);
          continue;
        }
        expect(fromBun.headers["content-encoding"], what).toBe(coding);
        // Brotli's quality differs on larger bodies (11 on Bun, 5 in the Worker), and so the lengths.
        expect(headersOf(fromWorkerd, ["content-length"]), what).toEqual(headersOf(fromBun, ["content-length"]));
        expect(Number(fromWorkerd.headers["content-length"]), what).toBe(fromWorkerd.body.byteLength);
        const [headBun, headWorkerd] = await both("HEAD", path, null, { "Accept-Encoding": coding });
        expect(headersOf(headWorkerd, ["content-length"]), what).toEqual(headersOf(headBun, ["content-length"]));
        expect(headWorkerd.headers["content-length"], what).toBe(fromWorkerd.headers["content-length"]);
      }
    }
  }, 60_000);

  test("the built site's files: the platform serves them with the same bytes, CORS and caching (site/public/_headers)", async () => {
    // The build's .br/.gz copies are not files of the site: Bun sends them only as a coding of their file.
    const astro = readdirSync(join(ROOT, "site/dist/_astro"))
      .filter((name) => !/\.(br|gz)$/.test(name))
      .map((name) => `/_astro/${name}`);
    for (const path of ["/", "/reference/", ...astro]) {
      const [fromBun, fromWorkerd] = await both("GET", path);
      expect(fromWorkerd.status, path).toBe(200);
      expect(fromWorkerd.body.equals(fromBun.body), path).toBe(true);
      for (const name of ["access-control-allow-origin", "cache-control"])
        expect(fromWorkerd.headers[name], `${path} ${name}`).toBe(fromBun.headers[name]);
      const type = (response: RawResponse) => response.headers["content-type"]?.replace(/;\s*/, "; ");
      expect(type(fromWorkerd), path).toBe(type(fromBun));
    }
  });

  test("the coding the Worker picks (platformCoding) is the one the platform sends, as an engine's JSON shows", async () => {
    const accepts = [
      "gzip",
      "br",
      "gzip, deflate, br",
      "gzip, deflate, br, zstd",
      "br, gzip",
      "gzip;q=0.5, br",
      "br;q=0.5, gzip",
      "br;q=0, gzip",
      "gzip;q=0",
      "identity",
      "identity, gzip",
      "deflate",
      "x-gzip",
      "zstd, br",
      "*",
    ];
    // The Worker leaves an engine's answer alone: whatever coding it has, the platform gave it.
    const body = JSON.stringify({ ...CREATE, action: "create" });
    for (const accept of accepts) {
      const answer = (
        await exchange(workerd.port, rawRequest("POST", "/api/v0/validate", body, { "Accept-Encoding": accept }))
      ).response!;
      expect(answer.headers["content-encoding"] ?? null, accept).toBe(platformCoding(accept));
      expect(JSON.parse(decode(answer).toString()).ok, accept).toBe(true);
    }
  });
});

describe("wrangler.jsonc", () => {
  test("run_worker_first is exactly the service's own paths: the engines, /mcp, every document and the key set", async () => {
    const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
    const { workerOptions } = unstable_getMiniflareWorkerOptions(join(ROOT, "wrangler.jsonc"));
    const listed = (workerOptions.assets as { routerConfig?: { static_routing?: { user_worker?: string[] } } })
      .routerConfig?.static_routing?.user_worker;
    expect([...(listed ?? [])].sort()).toEqual(["/api/v0/*", "/mcp", ...DOCUMENT_PATHS, KEY_SET.path].sort());
    for (const route of ENGINE_ROUTES) expect(enginePath(route)).toStartWith("/api/v0/");
  });
});

describe("the bundle `wrangler deploy` uploads", () => {
  const outdir = mkdtempSync(join(tmpdir(), "escrow-wrangler-"));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));
  runtimeSuite(
    "workerd (wrangler deploy --dry-run's bundle)",
    async () => {
      // Wrangler's CLI wants Node.js 22.12 or later; under Bun it bundles (no account, offline).
      const wrangler = join(ROOT, "node_modules/wrangler/bin/wrangler.js");
      const build = Bun.spawnSync([process.execPath, "--bun", wrangler, "deploy", "--dry-run", "--outdir", outdir], {
        cwd: ROOT,
        env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
        stdout: "pipe",
        stderr: "pipe",
      });
      if (build.exitCode !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${build.stdout}\n${build.stderr}`);
      return startWorkerd({ WORKER_BUNDLE: join(outdir, "worker.js") });
    },
    SITE,
  );
});
