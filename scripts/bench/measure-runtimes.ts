/**
 * The measured comparisons of a run between runtimes and process counts: WORKERS=2 against
 * WORKERS=1 on a few cases, and with BENCH_WORKERD every case on the Worker in workerd against a
 * bare Worker. Each server's answer is checked once before it is measured.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { alternate, type Contender, ratioRange, roundRatio } from "./alternate.ts";
import { log } from "./bench-settings.ts";
import type { BenchCase } from "./cases.ts";
import type { LoadGenerator } from "./load.ts";
import { asksCompressed, caseResult, expectStatus, floorAnswer, targetOf } from "./measure.ts";
import { extent, median } from "./median.ts";
import type { Side, WorkerdCaseResult, WorkersResult } from "./results.ts";
import { type Server, startBareWorker, startService, startWorkerd } from "./servers.ts";

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

/** The most server CPU the Worker may spend per request, as a multiple of the bare Worker's: an engine case. */
export const WORKERD_ENGINE_TARGET = 1.5;
/** The same on a document, as it is or compressed. */
export const WORKERD_DOCUMENT_TARGET = 1.3;

/** Server CPU per request of `a` ÷ `b` in each round (adjacent slices); null off Linux. */
const cpuRatios = (a: Side, b: Side): number[] | null => {
  const ratios = a.rounds.map((round, i) => {
    const other = b.rounds[i]!.cpuUsPerRequest;
    return round.cpuUsPerRequest === null || other === null ? null : round.cpuUsPerRequest / other;
  });
  return ratios.every((r) => r !== null) ? (ratios as number[]) : null;
};

/** A case's workerd result: req/s and server CPU, each against the bare Worker. */
function workerdResult(c: BenchCase, worker: Side, bare: Side, before?: Side): WorkerdCaseResult {
  const cpu = cpuRatios(worker, bare);
  const then = before && cpuRatios(before, bare);
  return {
    ...caseResult(c, worker, bare, before),
    cpuRatio: cpu && median(cpu),
    cpuRatioRange: cpu && extent(cpu),
    cpuTarget: c.seals ? WORKERD_ENGINE_TARGET : WORKERD_DOCUMENT_TARGET,
    ...(before && { cpuRatioBefore: then ? median(then) : null }),
  };
}

/**
 * BENCH_WORKERD: every case on the Worker in workerd (api/workers/worker.ts, served by
 * workerd.ts) against a bare Worker sending the Worker's own answer to the case's request
 * (bare-worker.ts, started per case as the Bun floor is), in the same run as Bun's figures;
 * with `beforeScript` (BENCH_BEFORE's checkout's scripts/bench/workerd.ts) that checkout's
 * Worker too, beside the Worker in the same rounds.
 */
export async function measureWorkerd(
  generator: LoadGenerator,
  cases: BenchCase[],
  beforeScript?: string,
): Promise<WorkerdCaseResult[]> {
  const folder = mkdtempSync(join(tmpdir(), "bench-bare-"));
  const worker = await startWorkerd();
  let before: Server | undefined;
  const results: WorkerdCaseResult[] = [];
  try {
    if (beforeScript) before = await startWorkerd("before (workerd)", beforeScript);
    for (const c of cases) {
      const target = targetOf(c);
      const name = `${c.name} (workerd)`;
      const answer = await expectStatus(worker, target, c.status, name, asksCompressed(c));
      if (before) await expectStatus(before, target, c.status, name, asksCompressed(c));
      const file = join(folder, "answer.json");
      writeFileSync(file, floorAnswer(answer));
      const bare = await startBareWorker(file);
      try {
        await expectStatus(bare, target, c.status, name);
        const contenders: Contender[] = [
          { label: "Worker (workerd)", server: worker, target },
          { label: "bare Worker", server: bare, target },
        ];
        if (before) contenders.unshift({ label: "before (workerd)", server: before, target });
        log(`${name}: ${contenders.map((x) => x.label).join(" vs ")}`);
        const sides = await alternate(generator, contenders, name);
        const side = (label: string) => sides.find((x) => x.label === label);
        results.push(workerdResult(c, side("Worker (workerd)")!, side("bare Worker")!, side("before (workerd)")));
      } finally {
        await bare.stop();
      }
    }
  } finally {
    await worker.stop();
    await before?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  return results;
}
