/**
 * The opt-in rate limit (D23): memoryLimiter's fixed windows, the draft-ietf-httpapi-ratelimit
 * headers, the handler's gate (429 rate_limited with the catalog body and request id,
 * Retry-After, RateLimit-Policy and RateLimit; other clients unaffected; only the engines and
 * /mcp counted, so past the limit the page, its files and the documents still answer;
 * preflights not counted; a limiter that answers later or fails). A live server's limit is in
 * rate-limit.e2e.test.ts.
 */
import { describe, expect, test } from "bun:test";
import {
  limitHeader,
  memoryLimiter,
  policyHeader,
  type RateLimiter,
  type RateVerdict,
  retryAfter,
} from "../../shared/http/rate-limit.ts";
import { createService, type ServiceOptions } from "../../shared/http/service.ts";
import { ERROR_CATALOG } from "../../shared/protocol/errors.ts";
import { ROUTE_BODIES } from "../support/fixtures.ts";
import { mcpRequest, NOW } from "../support/helpers.ts";

const BASE = "http://localhost";
const RATE_LIMITED = ERROR_CATALOG.rate_limited.message;

describe("memoryLimiter (fixed windows)", () => {
  test("allows `requests` per window, then refuses, counting down what is left", () => {
    const limiter = memoryLimiter({ requests: 3, seconds: 60, now: () => NOW });
    const verdicts = Array.from({ length: 5 }, () => limiter.limit(new Request(BASE), "a") as RateVerdict);
    expect(verdicts.map((v) => [v.allowed, v.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
      [false, 0],
    ]);
  });

  test("reset is the whole seconds left in the window, at least 1", () => {
    let time = 120_000; // the start of a 60 s window
    const limiter = memoryLimiter({ requests: 1, seconds: 60, now: () => time });
    expect((limiter.limit(new Request(BASE), "a") as RateVerdict).reset).toBe(60);
    time = 120_000 + 17_400;
    expect((limiter.limit(new Request(BASE), "a") as RateVerdict).reset).toBe(43);
    time = 179_999;
    expect((limiter.limit(new Request(BASE), "a") as RateVerdict).reset).toBe(1);
  });

  test("a new window starts every count again", () => {
    let time = 0;
    const limiter = memoryLimiter({ requests: 1, seconds: 10, now: () => time });
    expect((limiter.limit(new Request(BASE), "a") as RateVerdict).allowed).toBe(true);
    expect((limiter.limit(new Request(BASE), "a") as RateVerdict).allowed).toBe(false);
    time = 10_000;
    expect((limiter.limit(new Request(BASE), "a") as RateVerdict).allowed).toBe(true);
  });

  test("each client has its own count", () => {
    const limiter = memoryLimiter({ requests: 1, seconds: 60, now: () => NOW });
    expect((limiter.limit(new Request(BASE), "a") as RateVerdict).allowed).toBe(true);
    expect((limiter.limit(new Request(BASE), "a") as RateVerdict).allowed).toBe(false);
    expect((limiter.limit(new Request(BASE), "b") as RateVerdict).allowed).toBe(true);
  });

  test("publishes its policy, named default", () => {
    expect(memoryLimiter({ requests: 100, seconds: 60, now: () => NOW }).policy).toEqual({
      name: "default",
      quota: 100,
      window: 60,
    });
  });

  test.each([
    [0, 60],
    [1.5, 60],
    [10, 0],
    [10, Number.NaN],
  ])("refuses %p requests per %p seconds", (requests, seconds) => {
    expect(() => memoryLimiter({ requests, seconds, now: () => NOW })).toThrow(RangeError);
  });
});

describe("the headers (draft-ietf-httpapi-ratelimit-headers-11)", () => {
  const policy = { name: "default", quota: 100, window: 60 };
  test('RateLimit-Policy: "default";q=100;w=60', () => {
    expect(policyHeader(policy)).toBe('"default";q=100;w=60');
  });
  test('RateLimit: "default";r=0;t=42, and without t when the reset is unknown', () => {
    expect(limitHeader(policy, { allowed: false, remaining: 0, reset: 42 })).toBe('"default";r=0;t=42');
    expect(limitHeader(policy, { allowed: true, remaining: 7 })).toBe('"default";r=7');
    expect(limitHeader(policy, { allowed: true })).toBeNull();
  });
  test("Retry-After is the reset, else a whole window", () => {
    expect(retryAfter(policy, { allowed: false, reset: 42 })).toBe(42);
    expect(retryAfter(policy, { allowed: false })).toBe(60);
  });
});

/**
 * A service limited to `requests` per minute per client, each request's client address (its
 * context, as a runtime's binding gives it) taken from its X-Client header.
 */
function limited(requests: number, overrides: Partial<ServiceOptions> = {}) {
  const errors: unknown[] = [];
  const limitedService = createService({
    now: () => NOW,
    randomHex: (length) => "a".repeat(length),
    limiter: memoryLimiter({ requests, seconds: 60, now: () => NOW }),
    onError: (error) => errors.push(error),
    ...overrides,
  });
  const service = {
    fetch: (request: Request) => limitedService.fetch(request, { clientAddress: request.headers.get("x-client") }),
  };
  return { service, errors };
}

/** A quote (an engine request, which the limit counts) from `client`. */
const quote = (client: string, id?: string) =>
  new Request(`${BASE}/api/v0/quote`, {
    method: "POST",
    body: JSON.stringify(ROUTE_BODIES.quote),
    headers: { "X-Client": client, ...(id && { "X-Request-Id": id }) },
  });

/** A GET (or HEAD) of `path` from `client`. */
const get = (client: string, path: string, method = "GET") =>
  new Request(`${BASE}${path}`, { method, headers: { "X-Client": client } });

describe("the handler with a limiter (D23)", () => {
  test("answers 429 rate_limited past the limit: catalog body with request_id, Retry-After, RateLimit headers", async () => {
    const { service } = limited(2);
    for (const remaining of [1, 0]) {
      const ok = await service.fetch(quote("a"));
      expect(ok.status).toBe(200);
      expect(ok.headers.get("ratelimit-policy")).toBe('"default";q=2;w=60');
      expect(ok.headers.get("ratelimit")).toMatch(new RegExp(`^"default";r=${remaining};t=\\d+$`));
    }
    const refused = await service.fetch(quote("a", "too-many-1"));
    expect(refused.status).toBe(429);
    const reset = Number(/;t=(\d+)$/.exec(refused.headers.get("ratelimit") ?? "")?.[1]);
    expect(Object.fromEntries(refused.headers)).toMatchObject({
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "access-control-allow-origin": "*",
      "retry-after": String(reset),
      "ratelimit-policy": '"default";q=2;w=60',
      ratelimit: `"default";r=0;t=${reset}`,
      "x-request-id": "too-many-1",
    });
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
    expect(await refused.text()).toBe(
      JSON.stringify({
        ok: false,
        mode: "demo",
        money: false,
        error: "rate_limited",
        message: RATE_LIMITED,
        request_id: "too-many-1",
      }),
    );
  });

  test("another client is unaffected", async () => {
    const { service } = limited(1);
    expect((await service.fetch(quote("a"))).status).toBe(200);
    expect((await service.fetch(quote("a"))).status).toBe(429);
    expect((await service.fetch(quote("b"))).status).toBe(200);
  });

  test("the engines and /mcp count; a refused engine request runs nothing", async () => {
    let engineRuns = 0;
    const { service } = limited(2, {
      now: () => {
        engineRuns++;
        return NOW;
      },
    });
    expect((await service.fetch(quote("c"))).status).toBe(200);
    const { headers, body } = mcpRequest("modern", "tools/list");
    const mcp = await service.fetch(
      new Request(`${BASE}/mcp`, { method: "POST", body, headers: { ...headers, "X-Client": "c" } }),
    );
    expect(mcp.status).toBe(200);
    expect(mcp.headers.get("ratelimit")).toMatch(/^"default";r=0;t=\d+$/);
    const runs = engineRuns;
    expect((await service.fetch(quote("c"))).status).toBe(429);
    expect(engineRuns).toBe(runs);
  });

  test("past the limit, the page, its files, the documents and the key set still answer, uncounted (they are cached)", async () => {
    const files: Record<string, string> = {
      "/": "<!doctype html>",
      "/_astro/index.css": "body{}",
      "/_astro/page.js": "",
    };
    const { service } = limited(1, {
      fallback: (_request, path) => (path in files ? new Response(files[path]) : null),
    });
    expect((await service.fetch(quote("d"))).status).toBe(200);
    expect((await service.fetch(quote("d"))).status).toBe(429);
    for (const path of [...Object.keys(files), "/api/settlement.json", "/SETTLEMENT.md", "/.well-known/jwks.json"]) {
      for (const method of ["GET", "HEAD"]) {
        const answer = await service.fetch(get("d", path, method));
        expect(answer.status, `${method} ${path}`).toBe(200);
        expect(answer.headers.get("ratelimit-policy"), path).toBeNull();
      }
    }
    // Nor are a path the service does not serve, or a method an engine does not take.
    expect((await service.fetch(get("d", "/nope"))).status).toBe(404);
    expect((await service.fetch(get("d", "/api/v0/quote"))).status).toBe(405);
    expect((await service.fetch(quote("d"))).status).toBe(429);
  });

  test("a CORS preflight is neither counted nor refused, and carries no RateLimit headers", async () => {
    const { service } = limited(1);
    const preflight = () => new Request(`${BASE}/api/v0/quote`, { method: "OPTIONS", headers: { "X-Client": "p" } });
    for (let i = 0; i < 5; i++) {
      const response = await service.fetch(preflight());
      expect(response.status).toBe(204);
      expect(response.headers.get("ratelimit")).toBeNull();
    }
    expect((await service.fetch(quote("p"))).status).toBe(200);
  });

  test("a request whose context names no client address counts as the one client unknown", async () => {
    const keys: string[] = [];
    const limiter: RateLimiter = {
      policy: { name: "default", quota: 1, window: 1 },
      limit: (_request, key) => {
        keys.push(key);
        return { allowed: true };
      },
    };
    const service = createService({ now: () => NOW, randomHex: (n) => "0".repeat(n), limiter });
    await service.fetch(new Request(`${BASE}/api/v0/quote`, { method: "POST", body: "{}" }));
    expect(keys).toEqual(["unknown"]);
  });

  test("a limiter that answers with a promise (a remote one) is awaited", async () => {
    const limiter: RateLimiter = {
      policy: { name: "edge", quota: 5, window: 10 },
      limit: async () => {
        await Bun.sleep(5);
        return { allowed: false, reset: 7 };
      },
    };
    const service = createService({ now: () => NOW, randomHex: (n) => "0".repeat(n), limiter });
    const response = await service.fetch(new Request(`${BASE}/api/v0/quote`, { method: "POST", body: "{}" }));
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("7");
    expect(response.headers.get("ratelimit-policy")).toBe('"edge";q=5;w=10');
    // It said nothing of what is left: no RateLimit header.
    expect(response.headers.get("ratelimit")).toBeNull();
  });

  test.each([
    [
      "throws",
      () => {
        throw new Error("limiter down");
      },
    ],
    ["rejects", () => Promise.reject(new Error("limiter down"))],
  ])("a limiter that %s lets the request through and reports it to onError", async (_name, limit) => {
    const errors: unknown[] = [];
    const service = createService({
      now: () => NOW,
      randomHex: (n) => "0".repeat(n),
      limiter: { policy: { name: "default", quota: 1, window: 1 }, limit },
      onError: (error) => errors.push(error),
    });
    const response = await service.fetch(quote("e"));
    expect(response.status).toBe(200);
    expect(response.headers.get("ratelimit-policy")).toBeNull();
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe("limiter down");
  });

  test("off by default: no limit, no RateLimit headers", async () => {
    const service = createService({ now: () => NOW, randomHex: (n) => "0".repeat(n) });
    for (let i = 0; i < 200; i++) {
      const response = await service.fetch(quote("f"));
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-policy")).toBeNull();
    }
  });
});
