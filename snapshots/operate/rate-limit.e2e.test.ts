/**
 * The opt-in rate limit (D23) on a live `bun run api` (a child process): with RATE_LIMIT=3/60 a
 * client past 3 engine requests gets 429 with the headers while another loopback address keeps
 * its own count, and the refused client's documents still answer; off by default. The limiter
 * and the handler's gate in process are in rate-limit.test.ts; every runtime's live limit in
 * runtimes/operate-suite.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type LiveServer, startServer } from "../../scripts/harness/live-server.ts";
import { ERROR_CATALOG } from "../../shared/protocol/errors.ts";
import { ROUTE_BODIES } from "../support/fixtures.ts";
import { requestFrom } from "../support/wire-helpers.ts";

const RATE_LIMITED = ERROR_CATALOG.rate_limited.message;
const QUOTE = JSON.stringify(ROUTE_BODIES.quote);

describe("RATE_LIMIT=3/60 on a live server", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT: "3/60", LOG: "off" });
  });
  afterAll(() => server.stop());
  const quote = (from: string) => requestFrom(server, from, "/api/v0/quote", QUOTE);

  test("a client past 3 engine requests gets 429 with the headers; its documents still answer; another address is unaffected", async () => {
    // Windows are fixed: start well inside one, so the five requests below share it.
    const probe = await quote("127.0.0.6");
    const left = Number(/;t=(\d+)$/.exec(probe!.headers.ratelimit ?? "")?.[1]);
    if (left < 3) await Bun.sleep(left * 1000 + 100);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await quote("127.0.0.3"));
    expect(answers.map((answer) => answer!.status)).toEqual([200, 200, 200, 429, 429]);
    const refused = answers[3]!;
    expect(refused.headers["ratelimit-policy"]).toBe('"default";q=3;w=60');
    expect(refused.headers.ratelimit).toBe(`"default";r=0;t=${refused.headers["retry-after"]}`);
    expect(JSON.parse(refused.text)).toMatchObject({ ok: false, error: "rate_limited", message: RATE_LIMITED });
    expect(answers[0]!.headers.ratelimit).toMatch(/^"default";r=2;t=\d+$/);

    const document = await requestFrom(server, "127.0.0.3", "/api/settlement.json");
    expect(document!.status).toBe(200);
    expect(document!.headers["ratelimit-policy"]).toBeUndefined();

    const other = await quote("127.0.0.4");
    expect(other!.status).toBe(200);
    expect(other!.headers.ratelimit).toMatch(/^"default";r=2;t=\d+$/);
  });
});

describe("without RATE_LIMIT (the default) on a live server", () => {
  test("no request is refused and none carries RateLimit headers", async () => {
    const server = await startServer({ LOG: "off" });
    try {
      for (let i = 0; i < 50; i++) {
        const answer = await requestFrom(server, "127.0.0.5", "/api/v0/quote", QUOTE);
        expect(answer!.status).toBe(200);
        expect(answer!.headers["ratelimit-policy"]).toBeUndefined();
      }
    } finally {
      await server.stop();
    }
  });
});
