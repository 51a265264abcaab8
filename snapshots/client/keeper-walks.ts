/**
 * Random walks through the state keeper for the conservation property: steps of interleaved
 * jobs, top-ups and illegal steps (fast-check arbitraries, with a fixed seed so every run is the
 * same), a walk that checks after each step that payer credits + escrow + agent wallet + fees
 * paid equals the starting credits plus every top-up, that nothing goes negative and that a
 * refused step changes nothing (SETTLEMENT.md "What the client keeps"), and the outcomes every run of
 * walks must meet. Walks also receive jobs from another payer's handoff links, hand their own
 * jobs to a worker and take them back, and open forged links of their own jobs: received jobs
 * are in none of the four figures and a link never moves an own job's credits (D28). And they
 * import receipt links (receipt-steps.ts): a receipt vouched for settles the job it is the
 * receipt of, moving its credits as the action would have; others settle nothing.
 */
import { expect } from "bun:test";
import fc from "fast-check";
import {
  type Balances,
  type EscrowApi,
  EscrowKeeper,
  freshState,
  type JobStatus,
  packText,
  readPackText,
} from "../../client/index.ts";
import { STARTING_CREDITS } from "../../shared/protocol/constants.ts";
import { PROOF_URL } from "../support/helpers.ts";
import { isReceiptStep, type ReceiptStep, receiptStep, receiptStepArb } from "./receipt-steps.ts";

/** fast-check's seed for every walk, so each run makes the same walks. */
export const SEED = 20261124;

/** One step of a walk: on the job at `pick` (mod the jobs held) unless it makes or tops up. */
type Step =
  | { kind: "create"; amount: number }
  | { kind: "top_up"; amount: number }
  | { kind: "fund" | "submit" | "release" | "dispute"; pick: number; ttl?: number }
  | { kind: "wait"; seconds: number }
  | { kind: "unknown" }
  | { kind: "receive"; amount: number; depth: number }
  | { kind: "hand_back"; pick: number }
  | { kind: "forge"; pick: number; status: JobStatus }
  | ReceiptStep;

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
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("receive" as const),
      amount: fc.integer({ min: 1, max: 200 }),
      depth: fc.nat(3),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("hand_back" as const), pick: fc.nat(20) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("forge" as const),
      pick: fc.nat(20),
      status: fc.constantFrom<JobStatus>("open", "funded", "submitted", "released", "disputed"),
    }),
  },
  { weight: 2, arbitrary: receiptStepArb },
);

/** A job another payer (`other`) creates and takes `depth` steps (fund, submit, release), handed to `keeper`. */
async function receive(keeper: EscrowKeeper, other: EscrowKeeper, amount: number, depth: number) {
  const created = await other.create({ title: "Theirs", amount, criteria: "c" });
  if (!created.ok) return created;
  const id = created.job.id;
  if (depth > 0) await other.fund(id);
  if (depth > 1) await other.submit(id, { proof_url: PROOF_URL });
  if (depth > 2) await other.release(id);
  const link = other.handoffLink(id);
  return link.ok ? keeper.importLink(link.link) : link;
}

/** Hands own job `id` to a worker, who submits proof if it can, and takes back the worker's link. */
async function handBack(keeper: EscrowKeeper, api: EscrowApi, id: string) {
  const out = keeper.handoffLink(id);
  if (!out.ok) return out;
  const worker = new EscrowKeeper(api, { state: freshState() });
  worker.importLink(out.link);
  await worker.submit(id, { proof_url: PROOF_URL });
  const back = worker.handoffLink(id);
  return back.ok ? keeper.importLink(back.link) : back;
}

const total = (b: Balances): number => b.payerCredits + b.inEscrow + b.agentWallet + b.feesPaid;

/**
 * Runs `steps` on a fresh keeper over `api`, checking the properties after each; `advance` moves
 * the clock, if it can. Each step's outcome (`fund:ok`, `fund:insufficient_credits`) joins `seen`.
 */
export async function walk(
  api: EscrowApi,
  steps: Step[],
  advance: (seconds: number) => void,
  seen: Set<string>,
): Promise<void> {
  const keeper = new EscrowKeeper(api);
  const other = new EscrowKeeper(api);
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
    else if (step.kind === "receive") outcome = await receive(keeper, other, step.amount, step.depth);
    else if (isReceiptStep(step)) outcome = await receiptStep(keeper, api, step, ids);
    else {
      const id = ids.length === 0 ? "as_0000000000" : ids[step.pick % ids.length]!;
      const job = keeper.job(id);
      if (step.kind === "forge" && !job) continue;
      outcome =
        step.kind === "hand_back"
          ? await handBack(keeper, api, id)
          : step.kind === "forge"
            ? keeper.importLink({ kind: "handoff", job: { ...job!, status: step.status } })
            : step.kind === "submit"
              ? await keeper.submit(id, { proof_url: PROOF_URL })
              : step.kind === "fund"
                ? await keeper.fund(id, step.ttl === undefined ? {} : { ttl_seconds: step.ttl })
                : await keeper[step.kind](id);
    }
    seen.add(`${step.kind}:${outcome.ok ? "ok" : outcome.code}`);
    const balances = keeper.balances();
    if (!outcome.ok) expect(keeper.state).toBe(before);
    expect(total(balances)).toBe(STARTING_CREDITS + topUps);
    // The state records its top-ups, so its pack adds up and reads back whole.
    expect(keeper.state.toppedUp).toBe(topUps);
    expect(readPackText(packText(keeper.state))).toEqual({ ok: true, state: keeper.state });
    for (const figure of Object.values(balances)) expect(figure).toBeGreaterThanOrEqual(0);
  }
}

/** Walks of 5 to 40 steps. */
export const walksArb = fc.array(stepArb, { minLength: 5, maxLength: 40 });

/** What the walks must have met, so the property is never checked on walks that do nothing. */
export const MET = [
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
  "receive:ok",
  "release:not_payer",
  "dispute:not_payer",
  "hand_back:ok",
  "forge:invalid_input",
  "settle_theirs:ok",
  "settle_own:ok",
  "forge_receipt:invalid_input",
];
