/**
 * Property: the random walks of keeper-walks.ts conserve credits through the state keeper over
 * HTTP against a live `api/bun/server.ts` (a child process), on the server's real clock: payer
 * credits + escrow + agent wallet + fees paid always equals the starting credits plus every
 * top-up, nothing goes negative, and a refused step changes nothing. The same walks in process
 * are in keeper-walks.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { httpApi } from "../../client/index.ts";
import { type LiveServer, startServer } from "../../scripts/harness/live-server.ts";
import { MET, SEED, walk, walksArb } from "./keeper-walks.ts";

describe("random walks through the state keeper conserve credits", () => {
  describe("over HTTP against a live server", () => {
    let server: LiveServer;
    beforeAll(async () => {
      server = await startServer();
    });
    afterAll(async () => {
      await server.stop();
    });

    test("on the server's real clock", async () => {
      const seen = new Set<string>();
      await fc.assert(
        fc.asyncProperty(walksArb, (steps) => walk(httpApi({ baseUrl: server.base }), steps, () => {}, seen)),
        { seed: SEED, numRuns: 150 },
      );
      expect([...seen]).toEqual(expect.arrayContaining(MET));
    }, 60_000);
  });
});
