/**
 * The bench's method: contenders (the service and its baselines, or WORKERS=1 and WORKERS=2)
 * each warmed up, then measured in rounds that alternate their order (A B, then B A) so that a
 * noisy machine's drift cancels out; each side's figures are medians over the rounds, and a
 * ratio is the median of the rounds' ratios, each between adjacent slices. A build run as several
 * processes (BENCH_PROCESSES) gives round r to its process r mod n.
 */

import { log, settings } from "./bench-settings.ts";
import type { LoadGenerator, LoadResult, Target } from "./load.ts";
import { extent, median } from "./median.ts";
import { cpuSeconds } from "./process-usage.ts";
import type { RatioRange, Side } from "./results.ts";
import type { Server } from "./servers.ts";

/**
 * A build under test: one server process, or several processes of the same build that the rounds
 * take in turn (BENCH_PROCESSES), so that one process's luck does not decide a comparison.
 */
export type Build = Server | readonly Server[];

/** The processes of a build. */
export const processesOf = (build: Build): readonly Server[] => ("url" in build ? [build] : build);

/** One contender in a comparison: a build and the request it gets. */
export interface Contender {
  label: string;
  server: Build;
  target: Target;
}

/** Runs the contenders in alternating order, round by round, and sums each one's rounds. */
export async function alternate(generator: LoadGenerator, contenders: Contender[], name: string): Promise<Side[]> {
  for (const c of contenders) {
    for (const server of processesOf(c.server))
      if (settings.warmupSeconds > 0) await generator.run(server.url, [c.target], settings.warmupSeconds);
  }
  const runs: { result: LoadResult; cpu: number | null }[][] = contenders.map(() => []);
  for (let round = 0; round < settings.rounds; round++) {
    const order = contenders.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const c = contenders[i]!;
      const processes = processesOf(c.server);
      const server = processes[round % processes.length]!;
      const before = cpuSeconds(server.process.pid);
      const result = await generator.run(server.url, [c.target], settings.durationSeconds);
      const after = cpuSeconds(server.process.pid);
      runs[i]!.push({ result, cpu: before === null || after === null ? null : after - before });
      log(
        `${name}: round ${round + 1}/${settings.rounds} ${c.label}${processes.length > 1 ? ` (process ${(round % processes.length) + 1}/${processes.length})` : ""}: ` +
          `${Math.round(result.rps)} req/s, p99 ${result.p99Ms.toFixed(2)} ms`,
      );
    }
  }
  return contenders.map((c, i) => {
    const list = runs[i]!;
    const rounds = list.map(({ result, cpu }) => ({
      rps: result.rps,
      p50Ms: result.p50Ms,
      p99Ms: result.p99Ms,
      cpuUsPerRequest: cpu === null || result.requests === 0 ? null : (cpu * 1e6) / result.requests,
    }));
    const cpus = rounds.map((round) => round.cpuUsPerRequest);
    return {
      label: c.label,
      rps: median(rounds.map((round) => round.rps)),
      p50Ms: median(rounds.map((round) => round.p50Ms)),
      p99Ms: median(rounds.map((round) => round.p99Ms)),
      worstP99Ms: Math.max(...rounds.map((round) => round.p99Ms)),
      cpuUsPerRequest: cpus.every((value) => value !== null) ? median(cpus as number[]) : null,
      errors: list.reduce((sum, run) => sum + run.result.errors, 0),
      non2xx: list.reduce((sum, run) => sum + run.result.non2xx, 0),
      rounds,
    };
  });
}

/** Service req/s ÷ baseline req/s in each round (adjacent slices). */
export const roundRatios = (service: Side, baseline: Side): number[] =>
  service.rounds.map((round, i) => round.rps / baseline.rounds[i]!.rps);

/** The median of the rounds' ratios. */
export const roundRatio = (service: Side, baseline: Side): number => median(roundRatios(service, baseline));

/** The lowest and highest of the rounds' ratios: how far the machine's noise moved the figure. */
export const ratioRange = (service: Side, baseline: Side): RatioRange => extent(roundRatios(service, baseline));
