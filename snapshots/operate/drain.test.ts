/**
 * drain (api/host/stop.ts), what SIGTERM runs, on a Bun.serve in this process: it resolves at once
 * when nothing is in flight, and past the grace period it closes what is left. SIGTERM to a live
 * server is in shutdown.e2e.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { drain } from "../../api/host/stop.ts";
import { collect, open, rawRequest } from "../../scripts/harness/raw-http.ts";
import { refused } from "../support/wire-helpers.ts";

/** A Bun server as api/bun/server.ts hands it to the stop. */
const bunListener = (server: ReturnType<typeof Bun.serve>) => ({
  close: () => server.stop(false),
  cut: () => server.stop(true),
});

describe("drain (api/host/stop.ts)", () => {
  test("resolves true at once when nothing is in flight, and the port is closed", async () => {
    const server = Bun.serve({ port: 0, fetch: () => new Response("ok") });
    const port = server.port as number;
    expect(await drain(bunListener(server), 5_000)).toBe(true);
    expect(await refused(port)).toBe(true);
  });

  test("past the grace period it closes what is left and resolves false", async () => {
    const server = Bun.serve({ port: 0, fetch: () => new Promise<Response>(() => {}) });
    const socket = await open(server.port as number);
    const closed = collect(socket, 5_000, () => socket.write(rawRequest("GET", "/", null)));
    await Bun.sleep(100);
    const started = Date.now();
    expect(await drain(bunListener(server), 300)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await closed).closed).toBe(true);
  });
});
