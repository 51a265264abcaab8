/**
 * `bun run bench`: the service against the bare runtime, in one run on one machine; the targets
 * and their history are in docs/performance.md.
 *
 * It starts the service (`bun api/server.ts`) and two bare Bun.serve baselines (a constant small
 * JSON for GET, JSON.parse + JSON.stringify of the body for POST), drives each case with the
 * same load generator, connections and duration after a warm-up, alternating service and
 * baseline round by round (A B, then B A) so that drift of a noisy machine cancels out, and
 * prints req/s, p50, p99 (medians over the rounds) and the ratio to the baseline (the median of
 * the rounds' ratios, each taken between adjacent slices, with the lowest and highest of them to
 * show the machine's noise). Documents are also held against a
 * constant of their own size. Then: WORKERS=2 against WORKERS=1, cold start (spawn of
 * `bun run api` to the first 200, median of 10), and RSS at 10 s and 30 s of a soak. The
 * same figures go to bench-results/<date>-<commit>.json and bench-results/latest.json.
 *
 * Setup: the load generator is wrk (Debian: `apt-get install -y wrk`). When wrk is missing and
 * the bench runs as root on a Debian-like system, it runs `apt-get update && apt-get install
 * -y wrk` itself; otherwise it falls back to a built-in Bun socket client and says so. Loopback
 * only (127.0.0.1). Linux gives CPU time per request and RSS (/proc); elsewhere they read n/a.
 *
 * Settings (environment):
 *   BENCH_DURATION=3      seconds per measured slice (whole seconds; each side gets ROUNDS slices)
 *   BENCH_ROUNDS=4        alternating rounds per case
 *   BENCH_WARMUP=2        seconds of warm-up per side before measuring
 *   BENCH_CONNECTIONS=64  connections; BENCH_THREADS=2 load generator threads
 *   BENCH_CASES=quote,... only the cases whose names contain one of these words
 *   BENCH_WORKERS=0       skip WORKERS=2 against WORKERS=1
 *   BENCH_COLD_RUNS=10    cold starts per command (0 skips)
 *   BENCH_SOAK=30         soak seconds, RSS sampled at a third and at the end (0 skips)
 *   BENCH_LOADGEN=builtin use the built-in generator even when wrk is present
 *
 * `bun scripts/bench.ts --compare old.json [new.json]` compares two result files
 * (new defaults to bench-results/latest.json).
 *
 * Not a test: nothing here asserts timing, and `bun test` never runs it.
 */

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { type BenchCase, CASES } from "./bench/cases.ts";
import { coldStart } from "./bench/cold-start.ts";
import { type LoadGenerator, type LoadResult, loadGenerator, type Target } from "./bench/load.ts";
import {
  type BenchResults,
  type CaseResult,
  compareReport,
  fullReport,
  median,
  type RatioRange,
  type Side,
  type SoakResult,
  type TargetCheck,
  type WorkersResult,
} from "./bench/report.ts";
import { cpuSeconds, ROOT, rssMegabytes, type Server, startBaseline, startService } from "./bench/servers.ts";

const env = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isFinite(value) ? value : fallback;
};

const settings = {
  durationSeconds: env("BENCH_DURATION", 3),
  rounds: Math.max(1, env("BENCH_ROUNDS", 4)),
  warmupSeconds: env("BENCH_WARMUP", 2),
  connections: env("BENCH_CONNECTIONS", 64),
  threads: env("BENCH_THREADS", 2),
};
const WORKERS_CASES = ["transition fund", "simulate"];
const RESULTS_DIR = join(ROOT, "bench-results");

const log = (message: string): void => console.error(`[bench] ${message}`);

/** One contender in a comparison: a server and the request it gets. */
interface Contender {
  label: string;
  server: Server;
  target: Target;
}

/** Runs the contenders in alternating order, round by round, and sums each one's rounds. */
async function alternate(generator: LoadGenerator, contenders: Contender[], name: string): Promise<Side[]> {
  for (const c of contenders) {
    if (settings.warmupSeconds > 0) await generator.run(c.server.url, [c.target], settings.warmupSeconds);
  }
  const runs: { result: LoadResult; cpu: number | null }[][] = contenders.map(() => []);
  for (let round = 0; round < settings.rounds; round++) {
    const order = contenders.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const c = contenders[i]!;
      const before = cpuSeconds(c.server.process.pid);
      const result = await generator.run(c.server.url, [c.target], settings.durationSeconds);
      const after = cpuSeconds(c.server.process.pid);
      runs[i]!.push({ result, cpu: before === null || after === null ? null : after - before });
      log(
        `${name}: round ${round + 1}/${settings.rounds} ${c.label}: ${Math.round(result.rps)} req/s, p99 ${result.p99Ms.toFixed(2)} ms`,
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
const roundRatios = (service: Side, baseline: Side): number[] =>
  service.rounds.map((round, i) => round.rps / baseline.rounds[i]!.rps);

/** The median of the rounds' ratios. */
const roundRatio = (service: Side, baseline: Side): number => median(roundRatios(service, baseline));

/** The lowest and highest of the rounds' ratios: how far the machine's noise moved the figure. */
function ratioRange(service: Side, baseline: Side): RatioRange {
  const ratios = roundRatios(service, baseline);
  return { min: Math.min(...ratios), max: Math.max(...ratios) };
}

const targetOf = (c: BenchCase): Target => ({
  method: c.method,
  path: c.path,
  ...(c.body !== undefined && { body: c.body }),
  ...(c.headers !== undefined && { headers: c.headers }),
});

/** True for a case whose request asks for a compressed answer. */
const asksCompressed = (c: BenchCase): boolean => c.headers?.["Accept-Encoding"] !== undefined;

/**
 * Checks once, before measuring, that `server` answers `target` with `status`. Returns the
 * size of the body as sent. With `compressed`, the answer must also come compressed: the service
 * compresses a document in the background after its first request that asks, so it gets a few
 * seconds for that.
 */
async function expectStatus(
  server: Server,
  target: Target,
  status: number,
  name: string,
  compressed = false,
): Promise<number> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const response = await fetch(server.url + target.path, {
      method: target.method,
      headers: { ...(target.body !== undefined && { "Content-Type": "application/json" }), ...target.headers },
      ...(target.body !== undefined && { body: target.body }),
      decompress: false,
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== status)
      throw new Error(`${name}: ${server.name} answered ${response.status}, expected ${status}`);
    if (!compressed || response.headers.has("content-encoding")) return bytes;
    if (performance.now() > deadline) throw new Error(`${name}: ${server.name} never sent the document compressed`);
    await Bun.sleep(50);
  }
}

/** Every case: the service against its baseline (documents also against a same-size constant). */
async function measureCases(generator: LoadGenerator, service: Server, cases: BenchCase[]): Promise<CaseResult[]> {
  const get = await startBaseline("get");
  const post = await startBaseline("post");
  const results: CaseResult[] = [];
  try {
    for (const c of cases) {
      const target = targetOf(c);
      const size = await expectStatus(service, target, c.status, c.name, asksCompressed(c));
      const baseline = c.baseline === "post" ? post : get;
      // The baseline gets the same request headers as the service (it ignores them).
      const extra = c.headers !== undefined ? { headers: c.headers } : {};
      const baselineTarget: Target =
        c.baseline === "post"
          ? { method: "POST", path: "/", body: c.body ?? "{}", ...extra }
          : { method: "GET", path: "/", ...extra };
      await expectStatus(baseline, baselineTarget, 200, c.name);
      const contenders: Contender[] = [
        { label: "service", server: service, target },
        {
          label: c.baseline === "post" ? "POST baseline (same body)" : "GET baseline (small JSON)",
          server: baseline,
          target: baselineTarget,
        },
      ];
      let sized: Server | undefined;
      if (c.method === "GET") {
        sized = await startBaseline("get", size);
        contenders.push({
          label: `GET baseline (${size} B constant)`,
          server: sized,
          target: { method: "GET", path: "/", ...extra },
        });
      }
      try {
        log(`${c.name}: ${contenders.map((x) => x.label).join(" vs ")}`);
        const [s, b, same] = await alternate(generator, contenders, c.name);
        results.push({
          name: c.name,
          request: `${c.method} ${c.path}`,
          target: c.target,
          service: s!,
          baseline: b!,
          ratio: roundRatio(s!, b!),
          ratioRange: ratioRange(s!, b!),
          ...(same && { sameBytes: same, ratioSameBytes: roundRatio(s!, same) }),
        });
      } finally {
        await sized?.stop();
      }
    }
  } finally {
    await get.stop();
    await post.stop();
  }
  return results;
}

/** WORKERS=2 against WORKERS=1 on a few cases. */
async function measureWorkers(generator: LoadGenerator, one: Server, cases: BenchCase[]): Promise<WorkersResult[]> {
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

/** A fresh service under every case in turn for `seconds`; RSS at a third and at the end. */
async function soak(generator: LoadGenerator, seconds: number): Promise<SoakResult> {
  const service = await startService(1);
  try {
    const pid = service.process.pid;
    const rssStartMb = rssMegabytes(pid);
    const marks = [Math.round(seconds / 3), seconds];
    const samples: { atSeconds: number; mb: number | null }[] = [];
    const started = performance.now();
    const load = generator.run(service.url, CASES.map(targetOf), seconds);
    const first = marks[0]!;
    await Bun.sleep(first * 1000);
    samples.push({ atSeconds: first, mb: rssMegabytes(pid) });
    const result = await load;
    samples.push({ atSeconds: Math.round((performance.now() - started) / 1000), mb: rssMegabytes(pid) });
    return { seconds, requests: result.requests, rps: result.rps, rssStartMb, rssSamples: samples };
  } finally {
    await service.stop();
  }
}

/** The performance targets (docs/performance.md), checked against this run's figures. */
function checkTargets(r: Omit<BenchResults, "targets">): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const c of r.cases) {
    checks.push({
      name: `${c.name}: ratio to ${c.baseline.label}`,
      value: c.ratio.toFixed(2),
      target: `>= ${c.target.toFixed(2)}`,
      met: c.ratio >= c.target,
    });
  }
  const worstP99 = r.cases.reduce((worst, c) => (c.service.p99Ms > worst.service.p99Ms ? c : worst), r.cases[0]!);
  if (worstP99) {
    checks.push({
      name: `p99 at ${r.settings.connections} connections, worst case (${worstP99.name})`,
      value: `${worstP99.service.p99Ms.toFixed(2)} ms`,
      target: "<= 5 ms",
      met: worstP99.service.p99Ms <= 5,
    });
  }
  const bunRun = r.coldStart.find((c) => c.command === "bun run api");
  if (bunRun)
    checks.push({
      name: "cold start, bun run api (median)",
      value: `${bunRun.median.toFixed(1)} ms`,
      target: "<= 50 ms",
      met: bunRun.median <= 50,
    });
  const samples = r.soak?.rssSamples ?? [];
  const last = samples.at(-1)?.mb;
  const first = samples[0]?.mb;
  if (last !== undefined && last !== null && first !== undefined && first !== null) {
    checks.push({
      name: `RSS at ${samples.at(-1)!.atSeconds} s of soak`,
      value: `${last.toFixed(1)} MB`,
      target: "<= 80 MB",
      met: last <= 80,
    });
    // "No growth": within 2 MB, the ordinary wobble of a garbage-collected heap.
    checks.push({
      name: `RSS growth from ${samples[0]!.atSeconds} s to ${samples.at(-1)!.atSeconds} s`,
      value: `${(last - first >= 0 ? "+" : "") + (last - first).toFixed(1)} MB`,
      target: "<= +2 MB",
      met: last - first <= 2,
    });
  }
  return checks;
}

function gitCommit(): { commit: string; dirty: boolean } {
  const head = Bun.spawnSync(["git", "rev-parse", "HEAD"], { cwd: ROOT, stdout: "pipe", stderr: "ignore" });
  const status = Bun.spawnSync(["git", "status", "--porcelain"], { cwd: ROOT, stdout: "pipe", stderr: "ignore" });
  return {
    commit: head.exitCode === 0 ? head.stdout.toString().trim() : "unknown",
    dirty: status.stdout.toString().trim() !== "",
  };
}

async function main(): Promise<void> {
  const filter = (process.env.BENCH_CASES ?? "")
    .split(",")
    .map((word) => word.trim())
    .filter(Boolean);
  const cases = filter.length ? CASES.filter((c) => filter.some((word) => c.name.includes(word))) : CASES;
  const { generator, note } = loadGenerator(settings);
  const withWorkers = env("BENCH_WORKERS", 1) !== 0;
  const coldRuns = env("BENCH_COLD_RUNS", 10);
  const soakSeconds = env("BENCH_SOAK", 30);
  const sides =
    cases.reduce((n, c) => n + (c.method === "GET" ? 3 : 2), 0) + (withWorkers ? 2 * WORKERS_CASES.length : 0);
  const estimate =
    sides * (settings.warmupSeconds + settings.rounds * settings.durationSeconds) + soakSeconds + coldRuns;
  log(`load generator: ${generator.label} (${note}); about ${Math.ceil(estimate / 60)} min`);

  const service = await startService(1);
  let partial: Omit<BenchResults, "targets">;
  try {
    const caseResults = await measureCases(generator, service, cases);
    const workers = withWorkers
      ? await measureWorkers(
          generator,
          service,
          CASES.filter((c) => WORKERS_CASES.includes(c.name)),
        )
      : [];
    await service.stop();
    const cold = [];
    if (coldRuns > 0) {
      log(`cold start: ${coldRuns} × bun run api, ${coldRuns} × bun api/server.ts`);
      cold.push(await coldStart(["run", "api"], coldRuns), await coldStart(["api/server.ts"], coldRuns));
    }
    let soakResult: SoakResult | null = null;
    if (soakSeconds > 0) {
      log(`soak: ${soakSeconds} s of every case in turn`);
      soakResult = await soak(generator, soakSeconds);
    }
    const cpu = cpus();
    partial = {
      version: 1,
      date: new Date().toISOString(),
      ...gitCommit(),
      machine: {
        cpus: cpu.length,
        model: cpu[0]?.model.trim() ?? "unknown",
        platform: `${process.platform} ${process.arch}`,
        bun: Bun.version,
        loadGenerator: generator.label,
        loadGeneratorNote: note,
      },
      settings,
      cases: caseResults,
      workers,
      coldStart: cold,
      soak: soakResult,
    };
  } finally {
    await service.stop();
    generator.close();
  }
  const results: BenchResults = { ...partial, targets: checkTargets(partial) };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${results.date.replace(/[:.]/g, "-")}-${results.commit.slice(0, 8)}.json`);
  const text = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(file, text);
  writeFileSync(join(RESULTS_DIR, "latest.json"), text);
  console.log(fullReport(results));
  log(`figures written to ${file} and bench-results/latest.json`);
}

const USAGE = `usage: bun scripts/bench.ts                       run every case (about 8 min; see the settings below)
       bun scripts/bench.ts --compare old.json [new.json]   compare two result files (new: bench-results/latest.json)

settings (environment): BENCH_DURATION=3 BENCH_ROUNDS=4 BENCH_WARMUP=2 BENCH_CONNECTIONS=64
BENCH_THREADS=2 BENCH_CASES=word,... BENCH_WORKERS=0|1 BENCH_COLD_RUNS=10 BENCH_SOAK=30 BENCH_LOADGEN=builtin`;

const [command] = process.argv.slice(2);
if (command === "--help" || command === "-h") {
  console.log(USAGE);
} else if (command !== undefined && command !== "--compare") {
  console.error(`unknown argument ${command}\n${USAGE}`);
  process.exit(2);
} else if (command === "--compare") {
  const [before, after = join(RESULTS_DIR, "latest.json")] = process.argv.slice(3);
  if (!before) throw new Error("usage: bun scripts/bench.ts --compare old.json [new.json]");
  const read = (path: string): BenchResults => JSON.parse(readFileSync(path, "utf8"));
  console.log(compareReport(read(before), read(after)));
} else {
  await main();
}
