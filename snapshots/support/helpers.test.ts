/**
 * The test helpers themselves: the fixed random source, the fixture jobs of every status and
 * the frozen fixtures, so that a suite built on them fails for its own reasons, not theirs.
 */
import { describe, expect, test } from "bun:test";
import { ACTION_BODIES, JOBS, jobFieldsWith } from "./fixtures.ts";
import { fixedContext, jobsByStatus } from "./helpers.ts";

describe("test helpers", () => {
  test("the fixed random source counts up in hex", () => {
    const ctx = fixedContext();
    expect([ctx.randomHex(10), ctx.randomHex(10)]).toEqual(["0000000001", "0000000002"]);
  });

  test("fixture jobs reach every status through the engine", () => {
    const jobs = jobsByStatus();
    expect(Object.entries(jobs).map(([name, job]) => [name, job.status])).toEqual([
      ["open", "open"],
      ["funded", "funded"],
      ["submitted", "submitted"],
      ["released", "released"],
      ["disputed", "disputed"],
    ]);
  });

  test("shared fixtures are frozen, so no suite can change what another one reads", () => {
    expect(Object.isFrozen(JOBS.open)).toBe(true);
    expect(() => {
      (ACTION_BODIES.fund as Record<string, unknown>).payer_credits = 1;
    }).toThrow(TypeError);
    expect(ACTION_BODIES.fund.payer_credits).toBe(1000);
  });

  test("jobFieldsWith keeps the Job table's order whatever order the optional fields are named in", () => {
    expect(jobFieldsWith("expiresAt", "proofNote")).toEqual([
      "id",
      "title",
      "amount",
      "criteria",
      "proofUrl",
      "proofNote",
      "status",
      "createdAt",
      "fundedAt",
      "submittedAt",
      "resolvedAt",
      "fee",
      "agentPayout",
      "expiresAt",
    ]);
  });
});
