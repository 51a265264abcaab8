/**
 * The bench's seals comparison (scripts/bench/seals.ts), on made-up sides: ratios and added CPU are
 * taken round by round, the seals targets are checked as stated, the answers are screened,
 * and the table prints what it measured. No server starts; nothing here measures time.
 */
import { describe, expect, test } from "bun:test";
import { CASES, signer } from "../../scripts/bench/cases.ts";
import type { CaseResult, Side, SignatureResult } from "../../scripts/bench/results.ts";
import {
  cpuDifferences,
  sealsAnswerProblem,
  sealsChecks,
  sealsComparison,
  sealsTable,
} from "../../scripts/bench/seals.ts";
import { createHandler } from "../../shared/http/service.ts";
import { NOW } from "../support/helpers.ts";
import { testSigner } from "../support/test-signer.ts";

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
    expect(checks[2]!.target).toBe("added <= 2 × 17.0 = 34.0");
    expect(sealsChecks(cases, null).length).toBe(2);
    expect(sealsTable(cases, signature)).toMatchSnapshot();
  });

  test("a printed figure never reads as meeting a goal it missed: rounded against the case", () => {
    const off = side("off", [[40_000, 20]]);
    const [quote, simulate, bare] = sealsChecks(
      [
        caseOf("quote", sealsComparison("keep", side("s", [[33_999, 24]]), off), side("s", [[33_999, 24]])),
        caseOf(
          "simulate",
          sealsComparison("signatures", side("s", [[20_000, 54.01]]), off),
          side("s", [[20_000, 54.01]]),
        ),
        caseOf("bare", sealsComparison("signatures", side("s", [[20_000, null]]), off), side("s", [[20_000, null]])),
      ],
      signature,
    );
    // 0.849975 would print 0.85 against ">= 0.85"; 34.01 would print 34.0 against "<= 34.0".
    expect([quote!.value.split(" ")[0], quote!.met]).toEqual(["0.84", false]);
    expect([simulate!.value.split(" ")[0], simulate!.met]).toEqual(["+34.1", false]);
    // A signing case with no CPU figure (off Linux) is not silently dropped: it is not met.
    expect([bare!.value, bare!.met]).toEqual(["n/a", false]);
  });

  test("with BENCH_BEFORE, SEALS=off must be at least as fast as the other build", () => {
    const off = side("off", [[40_000, 20]]);
    const check = (beforeRps: number) =>
      sealsChecks(
        [caseOf("fund", sealsComparison("keep", off, off, side("before", [[beforeRps, 20]])), off)],
        signature,
      ).find((c) => c.name.includes("before"))!;
    expect(check(40_000)).toMatchObject({ value: "1.00 (1.00–1.00)", met: true });
    expect(check(40_100)).toMatchObject({ value: "0.99 (0.99–0.99)", met: false });
  });

  test("answers that would not measure seals are named", () => {
    expect(sealsAnswerProblem(['"seal":"'], '{"job":{"seal":"x"}}', '{"job":{}}')).toBeNull();
    expect(sealsAnswerProblem(['"seal":"'], '{"job":{}}', "{}")).toMatch(/holds no "seal":"/);
    expect(sealsAnswerProblem(['"seal_valid":true'], '{"seal_valid":false}', "{}")).toMatch(/did not hold/);
    expect(sealsAnswerProblem(['"seal":"', '"signature":"'], '{"job":{"seal":"x"},"receipt":{}}', "{}")).toMatch(
      /signature/,
    );
    expect(sealsAnswerProblem([], "{}", '{"job":{"seal":"x"}}')).toMatch(/SEALS=off/);
  });

  test("every engine case's seals-on answer holds its marks, at the engine sealing with the servers' key", async () => {
    const on = createHandler({ now: () => NOW, randomHex: (n) => "1".repeat(n), sealing: { mode: "on", signer } });
    const off = createHandler({ now: () => NOW, randomHex: (n) => "1".repeat(n) });
    const engines = CASES.filter((c) => c.seals);
    expect(engines.map((c) => c.name)).toContain("transition fund");
    for (const c of engines) {
      const ask = async (handler: typeof on) =>
        (await handler(new Request(`http://localhost${c.path}`, { method: "POST", body: c.body }))).text();
      expect(sealsAnswerProblem(c.sealsMarks ?? [], await ask(on), await ask(off)), c.name).toBeNull();
      if (c.seals !== "none" && c.name !== "quote") expect(c.sealsMarks?.length, c.name).toBeGreaterThan(0);
    }
    // A body sealed with another key is caught: fund's job then comes back unsealed.
    const fund = engines.find((c) => c.name === "transition fund")!;
    const stranger = createHandler({
      now: () => NOW,
      randomHex: (n) => "1".repeat(n),
      sealing: { mode: "on", signer: testSigner() },
    });
    const answer = await (
      await stranger(new Request(`http://localhost${fund.path}`, { method: "POST", body: fund.body }))
    ).text();
    expect(sealsAnswerProblem(fund.sealsMarks!, answer, "{}")).toMatch(/holds no "seal":"/);
  });
});
