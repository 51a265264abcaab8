/**
 * The bench's seals comparison (scripts/bench/seals.ts), on made-up sides: ratios and added CPU are
 * taken round by round, the targets of issue 31 are checked as stated, the answers are screened,
 * and the table prints what it measured. No server starts; nothing here measures time.
 */
import { describe, expect, test } from "bun:test";
import type { CaseResult, Side, SignatureResult } from "../../scripts/bench/results.ts";
import {
  cpuDifferences,
  sealsAnswerProblem,
  sealsChecks,
  sealsComparison,
  sealsTable,
} from "../../scripts/bench/seals.ts";

/** A side whose rounds have these req/s and CPU µs per request. */
const side = (label: string, rounds: [number, number | null][]): Side => ({
  label,
  rps: rounds[0]![0],
  p50Ms: 1,
  p99Ms: 3,
  worstP99Ms: 3,
  cpuUsPerRequest: rounds[0]![1],
  errors: 0,
  non2xx: 0,
  rounds: rounds.map(([rps, cpu]) => ({ rps, p50Ms: 1, p99Ms: 3, cpuUsPerRequest: cpu })),
});

const signature: SignatureResult = { method: "test", bytes: 622, runs: [16, 17, 18], median: 17, min: 16, max: 18 };

const caseOf = (name: string, seals: CaseResult["seals"], on: Side): CaseResult => ({
  name,
  request: "POST /api/v0/transition",
  target: 0.75,
  service: on,
  baseline: side("same-answer floor", [[70_000, 12]]),
  ratio: 0.5,
  ...(seals && { seals }),
});

describe("seals comparison", () => {
  test("ratios and added CPU are per round, medians with their range", () => {
    const on = side("service", [
      [40_000, 30],
      [30_000, 40],
      [36_000, 34],
    ]);
    const off = side("service SEALS=off", [
      [40_000, 20],
      [40_000, 22],
      [40_000, 21],
    ]);
    const result = sealsComparison("signatures", on, off);
    expect(result.ratio).toBeCloseTo(0.9);
    expect(result.ratioRange).toEqual({ min: 0.75, max: 1 });
    expect(result.addedCpuUs).toBe(13);
    expect(result.addedCpuRange).toEqual({ min: 10, max: 18 });
    expect(result.offToBefore).toBeUndefined();
  });

  test("no CPU figure on a side gives no added CPU (off Linux)", () => {
    expect(cpuDifferences(side("a", [[1, null]]), side("b", [[1, 3]]))).toBeNull();
  });

  test("with a before side, SEALS=off is compared with it round by round", () => {
    const one = side("x", [
      [40_000, 20],
      [44_000, 20],
    ]);
    const before = side("before", [
      [50_000, 20],
      [40_000, 20],
    ]);
    const result = sealsComparison("keep", one, one, before);
    expect(result.offToBefore).toBeCloseTo(0.95);
    expect(result.offToBeforeRange).toEqual({ min: 0.8, max: 1.1 });
  });

  test("the targets: 0.85 of SEALS=off for keep, 2 signatures of added CPU for signatures", () => {
    const off = side("off", [[40_000, 20]]);
    const cases = [
      caseOf("fund", sealsComparison("keep", side("service", [[34_000, 24]]), off), side("service", [[34_000, 24]])),
      caseOf("quote", sealsComparison("keep", side("service", [[33_900, 24]]), off), side("service", [[33_900, 24]])),
      caseOf("release", sealsComparison("signatures", side("s", [[20_000, 54]]), off), side("s", [[20_000, 54]])),
      caseOf("simulate", sealsComparison("signatures", side("s", [[20_000, 54.1]]), off), side("s", [[20_000, 54.1]])),
      caseOf("error", sealsComparison("none", side("s", [[40_000, 20]]), off), side("s", [[40_000, 20]])),
      caseOf("document", undefined, side("s", [[40_000, 20]])),
    ];
    const checks = sealsChecks(cases, signature);
    expect(checks.map((check) => [check.name.split(":")[0], check.met])).toEqual([
      ["fund", true],
      ["quote", false],
      ["release", true],
      ["simulate", false],
    ]);
    expect(checks[2]!.target).toBe("<= 2 × 17.0 = 34.0");
    expect(sealsChecks(cases, null).length).toBe(2);
    expect(sealsTable(cases, signature)).toMatchSnapshot();
  });

  test("answers that would not measure seals are named", () => {
    expect(sealsAnswerProblem("keep", '{"job":{"seal":"x"}}', '{"job":{}}')).toBeNull();
    expect(sealsAnswerProblem("keep", '{"seal_valid":false}', "{}")).toMatch(/refused/);
    expect(sealsAnswerProblem("signatures", '{"receipt":{}}', "{}")).toMatch(/no signature/);
    expect(sealsAnswerProblem("signatures", '{"signature_valid":true}', "{}")).toBeNull();
    expect(sealsAnswerProblem("keep", "{}", '{"job":{"seal":"x"}}')).toMatch(/SEALS=off/);
  });
});
