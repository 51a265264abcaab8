/**
 * JSON-RPC batches on /mcp (shared/mcp/http/batch.ts): answered only for a
 * client of a revision that has them (2025-03-26 and earlier, which send no later
 * Mcp-Protocol-Version), refused for a later one before any call runs, and each call in a batch
 * counts toward the rate limit (D23).
 */
import { describe, expect, test } from "bun:test";
import { memoryLimiter } from "../../shared/http/rate-limit.ts";
import { createHandler } from "../../shared/http/service.ts";
import { BATCH_REVISIONS } from "../../shared/mcp/http/batch.ts";
import { fixedContext, NOW } from "../support/helpers.ts";

const HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
const pings = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "ping" }));

function handler(limit?: number) {
  const ctx = fixedContext(NOW);
  return createHandler({
    now: () => ctx.now,
    randomHex: ctx.randomHex,
    ...(limit !== undefined && { limiter: memoryLimiter({ requests: limit, seconds: 60, now: () => NOW }) }),
  });
}

const post = (fetch: ReturnType<typeof handler>, body: unknown, revision?: string) =>
  fetch(
    new Request("http://escrow.test/mcp", {
      method: "POST",
      headers: { ...HEADERS, ...(revision && { "Mcp-Protocol-Version": revision }) },
      body: JSON.stringify(body),
    }),
  );

/** The JSON-RPC messages of an answer: its JSON body, or the data lines of its event stream. */
async function messages(response: Response): Promise<unknown[]> {
  const text = await response.text();
  if (text.startsWith("{") || text.startsWith("[")) return [JSON.parse(text)].flat();
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .flatMap((line) => [JSON.parse(line.slice(6))].flat());
}

describe("JSON-RPC batches on /mcp", () => {
  test("the revisions that have them are 2025-03-26 and earlier", () => {
    expect(BATCH_REVISIONS).toEqual(["2025-03-26", "2024-11-05", "2024-10-07"]);
  });

  test.each(["2026-07-28", "2025-11-25", "2025-06-18"])(
    "a batch naming %s is Invalid Request, answered before any of its calls",
    async (revision) => {
      const response = await post(handler(), pings(100), revision);
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body).toEqual({ jsonrpc: "2.0", error: { code: -32600, message: expect.any(String) }, id: null });
      expect(body.error.message).toBe(
        `Invalid Request: a JSON-RPC batch (an array of messages) is part of MCP 2025-03-26, 2024-11-05, 2024-10-07 only; this request names "${revision}" in Mcp-Protocol-Version. Send each message as a request of its own.`,
      );
    },
  );

  test.each([undefined, "2025-03-26"])(
    "a batch of a 2025-03-26 client (%p) is answered, call by call",
    async (revision) => {
      const response = await post(handler(), pings(3), revision);
      expect(response.status).toBe(200);
      expect((await messages(response)).map((m) => (m as { id: number }).id).sort()).toEqual([1, 2, 3]);
    },
  );

  test("each call in a batch counts toward the rate limit: 10 calls under a limit of 5 are refused with 429", async () => {
    const fetch = handler(5);
    const refused = await post(fetch, pings(10));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      jsonrpc: "2.0",
      error: {
        code: -32000,
        message: `Too many requests: each call of a batch counts (D23). Retry after ${refused.headers.get("retry-after")} s.`,
      },
      id: null,
    });
    // The window is spent: a single message is refused too.
    expect((await post(fetch, pings(1)[0])).status).toBe(429);
  });

  test("a batch within the limit is answered and spends one request per call", async () => {
    const fetch = handler(5);
    expect((await post(fetch, pings(4))).status).toBe(200);
    expect((await post(fetch, pings(1)[0])).status).toBe(200);
    expect((await post(fetch, pings(1)[0])).status).toBe(429);
  });
});
