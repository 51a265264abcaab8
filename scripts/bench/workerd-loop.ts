/**
 * `bun scripts/bench/workerd-loop.ts [case ...]`: where an engine request's CPU goes inside the
 * Worker's isolate, step by step (workerd-loop-worker.ts), on the engine cases of cases.ts whose
 * names contain one of the words given (all by default). The loop Worker runs in workerd as the
 * bench's Worker does (Miniflare, the service's wrangler.jsonc, the tests' key, seals on); each
 * step of each case is one request that repeats the step CALLS times (default 20,000), and the
 * CPU it took is workerd's, from /proc (Linux). ROUNDS rounds (default 5) take the steps in
 * turn, so each step meets the machine as the others do.
 *
 * Prints, per case, µs a call of each step (median of the rounds, their range) and what the step
 * adds to the one before it. What the loop cannot show is what only load shows (the HTTP server,
 * the garbage of many requests at once): workerd-profile.ts, and `bun run bench` with
 * BENCH_WORKERD=1, measure the Worker under load.
 */
import { resolve } from "node:path";
import { bundleWorker, startLocalWorker, workerdChildren } from "../../api/workers/miniflare.ts";
import { TEST_SIGNING_JWK } from "../harness/test-key.ts";
import { CASES } from "./cases.ts";
import { extent, median } from "./median.ts";
import { cpuSeconds } from "./process-usage.ts";
import { STEPS } from "./workerd-loop-worker.ts";

/** The engine cases, as the loop Worker's LOOP_CASES binding gives them. */
export const loopCases = (words: readonly string[]): Record<string, { path: string; body: string }> =>
  Object.fromEntries(
    CASES.filter((c) => c.body !== undefined && c.seals !== undefined)
      .filter((c) => words.length === 0 || words.some((word) => c.name.includes(word)))
      .map((c) => [c.name, { path: c.path, body: c.body! }]),
  );

/** The loop Worker in workerd, on a free port; `dispose` stops it. */
export async function startLoopWorker(cases: Record<string, { path: string; body: string }>) {
  return startLocalWorker({
    script: await bundleWorker(resolve(import.meta.dir, "workerd-loop-worker.ts")),
    port: 0,
    assets: false,
    direct: true,
    vars: { SEALS: "on", SIGNING_KEY: JSON.stringify(TEST_SIGNING_JWK), LOOP_CASES: JSON.stringify(cases) },
  });
}

/** Each step's µs a call (rounds' medians) and what it adds to the step before it. */
export function stepTable(times: Record<string, number[]>): { step: string; micros: number; added: number | null }[] {
  let before: number | null = null;
  return Object.entries(times).map(([step, rounds]) => {
    const micros = median(rounds);
    const row = { step, micros, added: before === null ? null : micros - before };
    before = micros;
    return row;
  });
}

if (import.meta.main) {
  const cases = loopCases(process.argv.slice(2));
  const calls = Number(process.env.CALLS ?? 20_000);
  const rounds = Number(process.env.ROUNDS ?? 5);
  const worker = await startLoopWorker(cases);
  const cpu = (): number => workerdChildren().reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
  try {
    for (const name of Object.keys(cases)) {
      const times: Record<string, number[]> = Object.fromEntries(Object.keys(STEPS).map((step) => [step, []]));
      for (let round = 0; round < rounds; round++) {
        for (const step of Object.keys(STEPS)) {
          const started = cpu();
          const query = new URLSearchParams({ step, case: name, n: String(calls) });
          const answer = await fetch(new URL(`/?${query}`, worker.url));
          if (!answer.ok) throw new Error(`${name}, ${step}: ${answer.status} ${await answer.text()}`);
          await answer.arrayBuffer();
          times[step]!.push(((cpu() - started) * 1e6) / calls);
        }
      }
      console.log(`\n${name}: workerd CPU µs a call, median of ${rounds} rounds of ${calls} calls`);
      console.log("| step | µs | rounds' min–max | adds |\n|---|--:|--:|--:|");
      for (const { step, micros, added } of stepTable(times)) {
        const { min, max } = extent(times[step]!);
        const range = `${min.toFixed(1)}–${max.toFixed(1)}`;
        console.log(`| ${step} | ${micros.toFixed(1)} | ${range} | ${added === null ? "–" : added.toFixed(1)} |`);
      }
    }
  } finally {
    await worker.dispose();
  }
}
