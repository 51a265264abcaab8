/**
 * The operating suite every runtime's live server runs with the settings of `bun run api`
 * (Bun, Node, Deno, workerd): X-Request-Id on the wire (D22); the access log on stdout (the
 * fields, never the key, the query or the body) and LOG=off; RATE_LIMIT from two loopback
 * addresses (D23); HOST=127.0.0.1; a bad setting stopping the start with its one line; and,
 * where the runtime drains, SIGTERM answering the request in flight before exit 0.
 */
import { describe, expect, test } from "bun:test";
import type { LiveServer } from "../../scripts/harness/live-server.ts";
import { exchange, KeepAliveClient, open, rawRequest } from "../../scripts/harness/raw-http.ts";
import { TEST_JWKS } from "../../scripts/harness/test-key.ts";
import { ERROR_CATALOG } from "../../shared/protocol/errors.ts";
import { keyIdOf } from "../support/derived-ids.ts";
import { ROUTE_BODIES } from "../support/fixtures.ts";
import { CREATE } from "../support/helpers.ts";
import {
  connects,
  expectAnswered,
  logLines,
  refused,
  requestFrom,
  slowRequest,
  until,
  untilLogged,
} from "../support/wire-helpers.ts";

/** What differs between runtimes. */
export interface OperateOptions {
  /** SIGTERM drains the requests in flight (Bun, Node, Deno; not the local workerd emulation). */
  drains: boolean;
  /**
   * New connections are refused from the signal on, even while a request's body is still
   * arriving (not Deno 2.9, whose shutdown would cut that body off: it first lets the answers
   * begun before the signal be made, api/deno/server.ts).
   */
  refusesAtOnce?: boolean;
  /** The limiter knows what is left, so answers carry RateLimit (not a Workers binding). */
  remainingKnown: boolean;
  /** The access log is on without LOG (all but the Worker, whose deployment sets LOG off). */
  logsByDefault?: boolean;
  /**
   * What the runtime's HTTP server answers itself to a request head of `bytes` (a header that
   * long), before the handler sees it, as settlement.json's limits.before_the_service says.
   */
  oversizedHead?: { bytes: number; status: number };
}

const DEMO_KEY = "sk-operate-suite-9f1e2d";
/** A quote body: an engine request, which the rate limit counts (D23). */
const QUOTE = JSON.stringify(ROUTE_BODIES.quote);
const TITLE = "operate-suite-private-title";
const QUERY = "operate-suite-private-query";

/**
 * Settings a start refuses, each with the line it prints: an unreadable RATE_LIMIT; a misspelt
 * SEALS, which must fail closed (D27); a previous key that says it is for encryption (RFC 7517
 * §4.2), which the key set must not offer. `bun run api:workers` reads them as Bun does.
 */
const BAD_SETTINGS: [Record<string, string>, string][] = [
  [
    { RATE_LIMIT: "lots" },
    'RATE_LIMIT must be <requests>/<seconds> (e.g. 100/60), requests from 1 to 1000000000 and seconds from 1 to 86400, or off; got "lots".',
  ],
  [{ SEALS: "requierd" }, 'SEALS must be on, required or off; got "requierd".'],
  [
    { SIGNING_PREVIOUS_KEYS: JSON.stringify([{ ...TEST_JWKS.keys[0], use: "enc" }]) },
    `SIGNING_PREVIOUS_KEYS[0]'s "use" is not "sig"`,
  ],
];

/** The suite against servers `start` starts with the settings in `env`. */
export function operateSuite(
  name: string,
  start: (env: Record<string, string>) => Promise<LiveServer>,
  options: OperateOptions,
): void {
  describe(`${name}: operating`, () => {
    test("request ids (D22), and one access log line per request: never the key, the body or the query", async () => {
      const server = await start(options.logsByDefault === false ? { LOG: "on" } : {});
      try {
        const before = (await untilLogged(server, 1)).length; // the start-up probe
        const created = await fetch(`${server.base}/api/v0/transition?note=${QUERY}`, {
          method: "POST",
          headers: { Authorization: `Bearer ${DEMO_KEY}`, "X-Request-Id": "operate-1" },
          body: JSON.stringify({ action: "create", ...CREATE, title: TITLE }),
        });
        const refusedBody = await fetch(`${server.base}/api/v0/quote`, { method: "POST", body: "{" });
        const missing = await fetch(`${server.base}/nope?q=${QUERY}`, { method: "DELETE" });
        expect(created.headers.get("x-request-id")).toBe("operate-1");
        const createdText = await created.text();
        expect(JSON.parse(createdText)).not.toHaveProperty("request_id");
        const fresh = refusedBody.headers.get("x-request-id");
        expect(fresh).toMatch(/^[0-9a-f]{16}$/);
        expect(JSON.parse(await refusedBody.text())).toMatchObject({ error: "invalid_json", request_id: fresh });
        expect((await missing.json()).request_id).toBe(missing.headers.get("x-request-id"));

        const lines = (await untilLogged(server, before + 3)).slice(before);
        expect(lines).toHaveLength(3);
        expect(lines[0]).toMatchObject({
          request_id: "operate-1",
          method: "POST",
          path: "/api/v0/transition",
          status: 200,
          key_id: keyIdOf(DEMO_KEY),
          bytes: Buffer.byteLength(createdText),
        });
        expect(lines[1]).toMatchObject({ request_id: fresh, method: "POST", path: "/api/v0/quote", status: 400 });
        expect(lines[2]).toMatchObject({ method: "DELETE", path: "/nope", status: 404 });
        for (const line of lines) expect(line.duration_us).toBeGreaterThanOrEqual(0);
        const output = server.stdout() + server.stderr();
        for (const secret of [DEMO_KEY, TITLE, QUERY]) expect(output).not.toContain(secret);
      } finally {
        await server.stop();
      }
    }, 90_000);

    test("a client that closes mid-body: logged as 499, no internal_error, and the server goes on", async () => {
      const server = await start(options.logsByDefault === false ? { LOG: "on" } : {});
      try {
        const before = (await untilLogged(server, 1)).length; // the start-up probe
        const body = JSON.stringify({ action: "create", ...CREATE });
        const head = rawRequest("POST", "/api/v0/transition", null, {
          "X-Request-Id": "aborted-1",
          "Content-Type": "application/json",
          "Content-Length": String(body.length + 4096),
        });
        const socket = await open(server.port);
        socket.write(Buffer.concat([head, Buffer.from(body)]));
        await Bun.sleep(300); // the handler has the request and waits for the rest of its body
        socket.destroy();
        const health = await fetch(`${server.base}/api/health.json`, { headers: { "X-Request-Id": "after-1" } });
        expect(health.status).toBe(200);
        await health.arrayBuffer();
        const lines = (await untilLogged(server, before + 2)).slice(before);
        const aborted = lines.find((line) => line.request_id === "aborted-1");
        expect(aborted, JSON.stringify(lines)).toMatchObject({
          method: "POST",
          path: "/api/v0/transition",
          status: 499,
        });
        expect(lines.some((line) => line.request_id === "after-1" && line.status === 200)).toBe(true);
        await Bun.sleep(100);
        expect(server.stderr()).not.toMatch(/internal_error|exception|^\s+at /im);
      } finally {
        await server.stop();
      }
    }, 90_000);

    test(`${options.logsByDefault === false ? "without LOG" : "LOG=off"}: no access log line, however many requests`, async () => {
      const server = await start(options.logsByDefault === false ? {} : { LOG: "off" });
      try {
        for (let i = 0; i < 10; i++) await (await fetch(`${server.base}/api/health.json`)).arrayBuffer();
        await Bun.sleep(300);
        expect(logLines(server)).toEqual([]);
      } finally {
        await server.stop();
      }
    }, 90_000);

    test("RATE_LIMIT=3/60: a client past 3 engine requests gets 429 rate_limited with the headers; its page, files and documents still load; another address goes on", async () => {
      const server = await start({ RATE_LIMIT: "3/60", LOG: "off" });
      const quote = (from: string) => requestFrom(server, from, "/api/v0/quote", QUOTE);
      try {
        // Windows are fixed spans of the epoch (ours, and the binding's local emulation): start well
        // inside one, so the requests below share it. Ours tells what is left (t=); the binding
        // does not, so the wall clock does.
        const probe = await quote("127.0.0.6");
        const told = /;t=(\d+)$/.exec(probe?.headers.ratelimit ?? "")?.[1];
        const leftMs = told === undefined ? 60_000 - (Date.now() % 60_000) : Number(told) * 1000;
        if (leftMs < 5000) await Bun.sleep(leftMs + 200);
        const answers = [];
        for (let i = 0; i < 5; i++) answers.push(await quote("127.0.0.3"));
        expect(answers.map((answer) => answer?.status)).toEqual([200, 200, 200, 429, 429]);
        const refusal = answers[3]!;
        expect(refusal.headers["ratelimit-policy"]).toBe('"default";q=3;w=60');
        expect(Number(refusal.headers["retry-after"])).toBeWithin(1, 61);
        expect(JSON.parse(refusal.text)).toMatchObject({
          ok: false,
          error: "rate_limited",
          message: ERROR_CATALOG.rate_limited.message,
          request_id: refusal.headers["x-request-id"],
        });
        if (options.remainingKnown) {
          expect(refusal.headers.ratelimit).toBe(`"default";r=0;t=${refusal.headers["retry-after"]}`);
          expect(answers[0]!.headers.ratelimit).toMatch(/^"default";r=2;t=\d+$/);
        } else expect(refusal.headers.ratelimit).toBeUndefined();
        // D23: only the engines count. The page, its stylesheet and script, and the documents
        // still load for the refused client (a reload shows the page, not a 429's JSON).
        const page = await requestFrom(server, "127.0.0.3", "/");
        expect(page?.status).toBe(200);
        const files = [...page!.text.matchAll(/(?:href|src)="(\/_astro\/[^"]+\.(?:css|js))"/g)].map((m) => m[1]!);
        expect(files.some((file) => file.endsWith(".css")) && files.some((file) => file.endsWith(".js"))).toBe(true);
        for (const path of [...files, "/api/settlement.json", "/api/health.json", "/nope"]) {
          const answer = await requestFrom(server, "127.0.0.3", path);
          expect(answer?.status, path).toBe(path === "/nope" ? 404 : 200);
          expect(answer?.headers["ratelimit-policy"], path).toBeUndefined();
        }
        expect((await quote("127.0.0.3"))?.status).toBe(429);
        const other = await quote("127.0.0.4");
        expect(other?.status).toBe(200);
        expect(other?.headers["ratelimit-policy"]).toBe('"default";q=3;w=60');
      } finally {
        await server.stop();
      }
    }, 90_000);

    test("HOST: unset, 127.0.0.1 only; HOST=0.0.0.0, every interface", async () => {
      // Another loopback address (127.0.0.2) reaches a socket bound to every interface only.
      for (const [env, reachesOther] of [
        [{}, false],
        [{ HOST: "0.0.0.0" }, true],
      ] as const) {
        const server = await start({ ...env, LOG: "off" });
        try {
          expect(await connects("127.0.0.1", server.port)).toBe(true);
          expect(await connects("127.0.0.2", server.port), JSON.stringify(env)).toBe(reachesOther);
        } finally {
          await server.stop();
        }
      }
    }, 90_000);

    test("a bad setting stops the start with its one line, no stack trace", async () => {
      for (const [env, line] of BAD_SETTINGS) {
        const failed = await start(env).then(
          async (server) => {
            await server.stop();
            return null;
          },
          (error: Error) => error.message,
        );
        expect(failed, JSON.stringify(env)).toContain(line);
        expect(failed).not.toMatch(/^\s+at /m);
      }
    }, 90_000);

    const { oversizedHead } = options;
    if (oversizedHead !== undefined)
      test(`a request head of ${oversizedHead.bytes} bytes gets ${oversizedHead.status} from the runtime itself`, async () => {
        const server = await start({ LOG: "off" });
        try {
          const headers = { "X-Big": "a".repeat(oversizedHead.bytes) };
          const { response } = await exchange(server.port, rawRequest("GET", "/api/health.json", null, headers));
          expect(response?.status).toBe(oversizedHead.status);
          // Under the limit, the same request is the handler's.
          const small = await exchange(server.port, rawRequest("GET", "/api/health.json", null, { "X-Big": "a" }));
          expect(small.response?.status).toBe(200);
        } finally {
          await server.stop();
        }
      }, 90_000);

    if (!options.drains) return;

    test("SIGTERM: new connections refused, the request in flight answered, then exit 0 with its log line", async () => {
      const server = await start({});
      const slow = await slowRequest(server.port, "in-flight-1");
      await Bun.sleep(200); // the server has the request and waits for its last byte
      process.kill(server.serverPid(), "SIGTERM");
      if (options.refusesAtOnce !== false) await until(() => refused(server.port), 3_000, "new connections refused");
      else await Bun.sleep(300);
      expect(server.alive()).toBe(true);
      expectAnswered(await slow.finish(), "in-flight-1");
      expect(await server.exited).toBe(0);
      expect(await refused(server.port)).toBe(true);
      expect(logLines(server).some((line) => line.request_id === "in-flight-1" && line.status === 200)).toBe(true);
      expect(server.stderr()).not.toContain("cut off");
      slow.socket.destroy();
    }, 90_000);

    test("SIGTERM: an idle keep-alive connection does not hold the exit up", async () => {
      const server = await start({ LOG: "off" });
      const client = await KeepAliveClient.connect(server.port);
      expect((await client.request(rawRequest("GET", "/api/health.json", null))).status).toBe(200);
      const asked = Date.now();
      process.kill(server.serverPid(), "SIGTERM");
      expect(await server.exited).toBe(0);
      expect(Date.now() - asked).toBeLessThan(3_000);
      client.close();
    }, 90_000);
  });
}
