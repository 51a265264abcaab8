/**
 * Property: over random walks of interleaved jobs, top-ups and illegal steps, the state keeper
 * conserves credits through both transports (in-process, and HTTP against a live
 * `api/server.ts`): payer credits + escrow + agent wallet + fees paid always equals the starting
 * credits plus every top-up, nothing goes negative, and a refused step changes nothing
 * (SPEC "Client-side conventions"). fast-check with a fixed seed, so every run is the same.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { type Balances, type EscrowApi, EscrowKeeper, httpApi, localApi } from "../../client/index.ts";
import { type LiveServer, startServer } from "../../scripts/harness/live-server.ts";
import { STARTING_CREDITS } from "../../shared/protocol/constants.ts";
import { NOW, PROOF_URL } from "../support/helpers.ts";

const SEED = 20261124;

/** One step of a walk: on the job at `pick` (mod the jobs held) unless it makes or tops up. */
type Step =
  | { kind: "create"; amount: number }
  | { kind: "top_up"; amount: number }
  | { kind: "fund" | "submit" | "release" | "dispute"; pick: number; ttl?: number }
  | { kind: "wait"; seconds: number }
  | { kind: "unknown" };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("create" as const), amount: fc.integer({ min: 1, max: 900 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("top_up" as const), amount: fc.integer({ min: -5, max: 600 }) }),
  },
  {
    weight: 8,
    arbitrary: fc.record(
      {
        kind: fc.constantFrom("fund" as const, "submit" as const, "release" as const, "dispute" as const),
        pick: fc.nat(20),
        ttl: fc.integer({ min: 1, max: 120 }),
      },
      { requiredKeys: ["kind", "pick"] },
    ),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("wait" as const), seconds: fc.integer({ min: 1, max: 90 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("unknown" as const) }) },
);

const total = (b: Balances): number => b.payerCredits + b.inEscrow + b.agentWallet + b.feesPaid;

/**
 * Runs `steps` on a fresh keeper over `api`, checking the properties after each; `advance` moves
 * the clock, if it can. Each step's outcome (`fund:ok`, `fund:insufficient_credits`) joins `seen`.
 */
async function walk(
  api: EscrowApi,
  steps: Step[],
  advance: (seconds: number) => void,
  seen: Set<string>,
): Promise<void> {
  const keeper = new EscrowKeeper(api);
  let topUps = 0;
  for (const step of steps) {
    const before = keeper.state;
    const ids = before.jobs.map((j) => j.id);
    let outcome: { ok: true } | { ok: false; code: string };
    if (step.kind === "create") outcome = await keeper.create({ title: "Walk", amount: step.amount, criteria: "c" });
    else if (step.kind === "top_up") {
      outcome = keeper.topUp(step.amount);
      if (outcome.ok) topUps += step.amount;
    } else if (step.kind === "wait") {
      advance(step.seconds);
      continue;
    } else if (step.kind === "unknown") outcome = await keeper.release("as_ffffffffff");
    else {
      const id = ids.length === 0 ? "as_0000000000" : ids[step.pick % ids.length]!;
      outcome =
        step.kind === "submit"
          ? await keeper.submit(id, { proof_url: PROOF_URL })
          : step.kind === "fund"
            ? await keeper.fund(id, step.ttl === undefined ? {} : { ttl_seconds: step.ttl })
            : await keeper[step.kind](id);
    }
    seen.add(`${step.kind}:${outcome.ok ? "ok" : outcome.code}`);
    const balances = keeper.balances();
    if (!outcome.ok) expect(keeper.state).toBe(before);
    expect(total(balances)).toBe(STARTING_CREDITS + topUps);
    for (const figure of Object.values(balances)) expect(figure).toBeGreaterThanOrEqual(0);
  }
}

const walksArb = fc.array(stepArb, { minLength: 5, maxLength: 40 });

/** What the walks must have met, so the property is never checked on walks that do nothing. */
const MET = [
  "create:ok",
  "fund:ok",
  "submit:ok",
  "release:ok",
  "dispute:ok",
  "top_up:ok",
  "fund:insufficient_credits",
  "release:illegal_transition",
  "top_up:invalid_input",
  "unknown:unknown_job",
];

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
        { seed: SEED, numRuns: 80 },
      );
      expect([...seen]).toEqual(expect.arrayContaining(MET));
    }, 60_000);
  });
});
