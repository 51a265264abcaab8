/**
 * Property: over random walks of interleaved jobs, top-ups and illegal steps (keeper-walks.ts),
 * the state keeper conserves credits in process, on a clock the walk moves: payer credits +
 * escrow + agent wallet + fees paid always equals the starting credits plus every top-up,
 * nothing goes negative, and a refused step changes nothing (SETTLEMENT.md "What the client keeps").
 * fast-check with a fixed seed, so every run is the same. The same walks over HTTP against a
 * live server are in keeper-walks.e2e.test.ts.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { localApi } from "../../client/index.ts";
import { NOW } from "../support/helpers.ts";
import { MET, SEED, walk, walksArb } from "./keeper-walks.ts";

describe("random walks through the state keeper conserve credits", () => {
  test("in process, on a clock the walk moves (holds expire: hold_expired refusals)", async () => {
    let now = NOW;
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(walksArb, async (steps) => {
        now = NOW;
        await walk(
          localApi({ now: () => now }),
          steps,
          (seconds) => {
            now += seconds * 1000;
          },
          seen,
        );
      }),
      { seed: SEED, numRuns: 150 },
    );
    expect([...seen]).toEqual(expect.arrayContaining([...MET, "release:hold_expired"]));
  });
});
