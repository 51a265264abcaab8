import { describe, expect, test } from "bun:test";
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
});
