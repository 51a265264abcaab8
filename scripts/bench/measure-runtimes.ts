/**
 * The measured comparisons of a run between runtimes and process counts: WORKERS=2 against
 * WORKERS=1 on a few cases, and with BENCH_WORKERD every case on the Worker in workerd against a
 * bare Worker. Each server's answer is checked once before it is measured.
 */
import { alternate, ratioRange, roundRatio } from "./alternate.ts";
import { log } from "./bench-settings.ts";
import type { BenchCase } from "./cases.ts";
import type { LoadGenerator, Target } from "./load.ts";
import { asksCompressed, caseResult, expectStatus, targetOf } from "./measure.ts";
import type { CaseResult, WorkersResult } from "./results.ts";
import { type Server, startService, startWorkerd } from "./servers.ts";

/** The cases measured with WORKERS=2 against WORKERS=1. */
export const WORKERS_CASES = ["transition fund", "simulate"];

/** WORKERS=2 against WORKERS=1 on a few cases. */
export async function measureWorkers(
  generator: LoadGenerator,
  one: Server,
  cases: BenchCase[],
): Promise<WorkersResult[]> {
  const two = await startService(2);
  const results: WorkersResult[] = [];
  try {
    for (const c of cases) {
      const target = targetOf(c);
      await expectStatus(two, target, c.status, c.name, asksCompressed(c));
      const [a, b] = await alternate(
        generator,
        [
          { label: "WORKERS=1", server: one, target },
          { label: "WORKERS=2", server: two, target },
        ],
        `${c.name} (workers)`,
      );
      results.push({ name: c.name, one: a!, two: b!, ratio: roundRatio(b!, a!), ratioRange: ratioRange(b!, a!) });
    }
  } finally {
    await two.stop();
  }
  return results;
}

/**
 * BENCH_WORKERD: every case on the Worker in workerd (api/workers/local.ts) against the bare Worker
 * (scripts/bench/bare-worker.ts) served the same way (servers.ts, startWorkerd), in the same
 * run as Bun's figures. The bare Worker gets each case's own method, path, body and headers.
 */
export async function measureWorkerd(generator: LoadGenerator, cases: BenchCase[]): Promise<CaseResult[]> {
  const worker = await startWorkerd();
  let bare: Server | undefined;
  const results: CaseResult[] = [];
  try {
    bare = await startWorkerd(true);
    for (const c of cases) {
      const target = targetOf(c);
      const name = `${c.name} (workerd)`;
      await expectStatus(worker, target, c.status, name, asksCompressed(c));
      const bareTarget: Target = { ...target, ...(c.method === "POST" && { body: c.body ?? "{}" }) };
      await expectStatus(bare, bareTarget, 200, name);
      log(`${name}: Worker vs bare Worker`);
      const [s, b] = await alternate(
        generator,
        [
          { label: "Worker (workerd)", server: worker, target },
          { label: "bare Worker", server: bare, target: bareTarget },
        ],
        name,
      );
      results.push(caseResult(c, s!, b!));
    }
  } finally {
    await worker.stop();
    await bare?.stop();
  }
  return results;
}
