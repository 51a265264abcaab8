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
 * adds to the one before it. With OTHER=<checkout> (installed), that build's engine runs in the
 * same isolate as one more step, and the table ends with this build's run ÷ that one's. What the loop cannot show is what only load shows (the HTTP server,
 * the garbage of many requests at once): workerd-profile.ts, and `bun run bench` with
 * BENCH_WORKERD=1, measure the Worker under load.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
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

/** The loop Worker's entry: the Worker itself, or with `other` a module giving it that checkout's engine. */
function loopEntry(other: string | undefined): string {
  const loop = resolve(import.meta.dir, "workerd-loop-worker.ts");
  if (other === undefined) return loop;
  const entry = join(mkdtempSync(join(tmpdir(), "workerd-loop-")), "entry.ts");
  const from = (path: string): string => JSON.stringify(join(resolve(other), path));
  writeFileSync(
    entry,
    [
      `import loop, { setOther } from ${JSON.stringify(loop)};`,
      `import { run } from ${from("shared/engine/run.ts")};`,
      `import { HeaderTextReader } from ${from("shared/http/header-text.ts")};`,
      "setOther({ run, HeaderTextReader });",
      "export default loop;",
    ].join("\n"),
  );
  return entry;
}

/** The loop Worker in workerd, on a free port (with `other`, that checkout's engine too); `dispose` stops it. */
export async function startLoopWorker(cases: Record<string, { path: string; body: string }>, other?: string) {
  const entry = loopEntry(other);
  // The bundle is the script: a written entry's folder goes as soon as it is made.
  const script = await bundleWorker(entry).finally(() => {
    if (other !== undefined) rmSync(dirname(entry), { recursive: true, force: true });
  });
  return startLocalWorker({
    script,
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
  const other = process.env.OTHER?.trim() || undefined;
  const steps = [...Object.keys(STEPS), ...(other ? ["other"] : [])];
  const worker = await startLoopWorker(cases, other);
  const cpu = (): number => workerdChildren().reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
  try {
    for (const name of Object.keys(cases)) {
      const times: Record<string, number[]> = Object.fromEntries(steps.map((step) => [step, []]));
      for (let round = 0; round < rounds; round++) {
        for (const step of steps) {
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
      const { other: otherTimes, ...own } = times;
      for (const { step, micros, added } of stepTable(own)) {
        const { min, max } = extent(times[step]!);
        const range = `${min.toFixed(1)}–${max.toFixed(1)}`;
        console.log(`| ${step} | ${micros.toFixed(1)} | ${range} | ${added === null ? "–" : added.toFixed(1)} |`);
      }
      if (otherTimes) {
        const { min, max } = extent(otherTimes);
        const engine = (rounds: number[]): number => median(rounds) - median(times.read!);
        const ratio = (engine(times.run!) / engine(otherTimes)).toFixed(2);
        console.log(
          `| run, ${other}'s engine | ${median(otherTimes).toFixed(1)} | ${min.toFixed(1)}–${max.toFixed(1)} | – |`,
        );
        console.log(`this build's engine ÷ that one's (each run − read): ${ratio}`);
      }
    }
  } finally {
    await worker.dispose();
  }
}
