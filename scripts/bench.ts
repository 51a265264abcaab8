/**
 * `bun run bench`: the service against the floor of its own answers, in one run on one
 * machine; the targets and the latest results are in docs/performance.md.
 *
 * It starts the service (`bun api/bun/server.ts`, SEALS on and the access log on, as `bun run api`
 * starts) and, per case, a same-answer floor: a bare Bun.serve that reads the same request and sends
 * the service's own answer to it, byte for byte (floor-server.ts). It drives both with the same
 * load generator, connections and duration after a warm-up, alternating round by round (A B,
 * then B A) so that drift of a noisy machine cancels out, and prints req/s, p50, p99 (medians
 * over the rounds) and the ratio to the floor (the median of the rounds' ratios, each taken
 * between adjacent slices, with the lowest and highest of them to show the machine's noise).
 * Every engine case also runs the same build with SEALS=off in the same rounds, with
 * one Ed25519 signature timed in a loop before it (signature.ts), for the seals table and its
 * targets (seals.ts). The x402 fund (a fund paid over x402, D30) runs against the same fund
 * through transition on the same server, with one secp256k1 recovery timed in a loop before and
 * after it (x402.ts). With BENCH_BEFORE another build of the service runs in the same rounds,
 * for a before/after table. Then: WORKERS=2 against WORKERS=1, cold start (spawn of `bun run api` to the first
 * 200, median of 10), and RSS at 10 s and 30 s of a soak. The same figures go to
 * bench-results/<date>-<commit>.json and bench-results/latest.json.
 *
 * Setup: the load generator is wrk (Debian: `apt-get install -y wrk`). When wrk is missing and
 * the bench runs as root on a Debian-like system, it runs `apt-get update && apt-get install
 * -y wrk` itself; otherwise it falls back to a built-in Bun socket client and says so. Loopback
 * only (127.0.0.1). Linux gives CPU time per request and RSS (/proc); elsewhere they read n/a.
 *
 * Settings (environment; each explained in docs/performance.md, "Running the benchmark"):
 * BENCH_DURATION=3 BENCH_ROUNDS=4 BENCH_WARMUP=2 BENCH_CONNECTIONS=64 BENCH_THREADS=2
 * BENCH_CASES=word,... BENCH_WORKERS=1 BENCH_BUN=1 BENCH_COLD_RUNS=10 BENCH_SOAK=30
 * BENCH_LOADGEN=builtin BENCH_BEFORE=<another checkout's api/bun/server.ts> BENCH_BEFORE_ENV=…
 * BENCH_PROCESSES=1 (the service and BENCH_BEFORE's build each as this many processes, which the
 * rounds take in turn) BENCH_WORKERD=1 (the Worker in workerd against a bare Worker).
 *
 * `bun scripts/bench.ts --compare old.json [new.json]` compares two result files
 * (new defaults to bench-results/latest.json).
 *
 * Not a test: nothing here asserts timing, and `bun test` never runs it.
 *
 * This file reads the command line and runs the steps in order; each step is a module in
 * scripts/bench/: the cases (cases.ts), the servers (servers.ts; their CPU time and memory,
 * process-usage.ts), the load generator (load-generator.ts: wrk.ts or builtin-generator.ts), the
 * alternating rounds (alternate.ts), the x402 fund (x402-case.ts, x402.ts, recover-loop.ts,
 * x402-target.ts), the measured comparisons (measure.ts, measure-runtimes.ts), the seals
 * comparison (seals.ts, with the signature yardstick in signature.ts and sign-loop.ts),
 * cold-start.ts, soak.ts, the targets (targets.ts), the tables (report.ts, format.ts) and the
 * result files (results.ts, results-file.ts). Beside it,
 * `bun scripts/bench/profile.ts <case> [seconds]` profiles one engine case's server, seals on
 * against SEALS=off (docs/performance.md, "The signature alone, under load").
 */

import { cpus } from "node:os";
import { dirname, join, resolve } from "node:path";
import { beforeEnvOf, env, log, settings } from "./bench/bench-settings.ts";
import { CASES } from "./bench/cases.ts";
import { coldStart } from "./bench/cold-start.ts";
import { loadGenerator } from "./bench/load-generator.ts";
import { measureCases } from "./bench/measure.ts";
import { measureWorkerd, measureWorkers, WORKERS_CASES } from "./bench/measure-runtimes.ts";
import { compareReport, fullReport } from "./bench/report.ts";
import type { BenchResults, SoakResult } from "./bench/results.ts";
import { gitCommit, RESULTS_DIR, readResults, writeResults } from "./bench/results-file.ts";
import { startBefore, startMore, startService } from "./bench/servers.ts";
import { signatureResult } from "./bench/signature.ts";
import { soak } from "./bench/soak.ts";
import { checkTargets } from "./bench/targets.ts";
import { X402_CASE_NAME } from "./bench/x402-target.ts";

/** One run: every case, then WORKERS, cold start and soak; the report on stdout, the figures to a file. */
async function main(): Promise<void> {
  // Refused before the load generator is found or anything starts.
  const beforeEnv = beforeEnvOf(process.env.BENCH_BEFORE_ENV ?? "");
  const filter = (process.env.BENCH_CASES ?? "")
    .split(",")
    .map((word) => word.trim())
    .filter(Boolean);
  const picked = (name: string) => filter.length === 0 || filter.some((word) => name.includes(word));
  const cases = CASES.filter((c) => picked(c.name));
  const { generator, note } = loadGenerator(settings);
  const withWorkers = env("BENCH_WORKERS", 1) !== 0;
  const withWorkerd = env("BENCH_WORKERD", 0) !== 0;
  // BENCH_BUN=0: no Bun case (with BENCH_WORKERD, the Worker's rows alone).
  const bunCases = env("BENCH_BUN", 1) !== 0 ? cases : [];
  // The x402 fund: Bun only (the Worker recovers in JavaScript: docs/performance.md).
  const withX402 = env("BENCH_BUN", 1) !== 0 && picked(X402_CASE_NAME);
  const coldRuns = env("BENCH_COLD_RUNS", 10);
  const soakSeconds = env("BENCH_SOAK", 30);
  const beforeScript = process.env.BENCH_BEFORE?.trim();
  const processes = Math.max(1, Math.floor(env("BENCH_PROCESSES", 1)));
  const engineCases = bunCases.filter((c) => c.seals).length;
  const sides =
    bunCases.length * (beforeScript ? 3 : 2) +
    engineCases +
    (withX402 ? 2 : 0) +
    (withWorkers ? 2 * WORKERS_CASES.length : 0) +
    (withWorkerd ? (beforeScript ? 3 : 2) * cases.length : 0);
  const estimate =
    sides * (settings.warmupSeconds + settings.rounds * settings.durationSeconds) +
    soakSeconds +
    coldRuns * (withWorkerd ? 8 : 1);
  log(`load generator: ${generator.label} (${note}); about ${Math.ceil(estimate / 60)} min`);

  const service = await startService(1);
  const sealsOff = engineCases > 0 ? await startService(1, "off") : undefined;
  const before = beforeScript ? await startBefore(beforeScript, beforeEnv) : undefined;
  // BENCH_PROCESSES: the service and the other build each as that many processes, taken in turn.
  const services = [service, ...(await startMore(processes - 1, () => startService(1)))];
  const befores = before
    ? [before, ...(await startMore(processes - 1, () => startBefore(beforeScript!, beforeEnv)))]
    : [];
  let partial: Omit<BenchResults, "targets">;
  try {
    const signatures: number[] = [];
    const caseResults = await measureCases(generator, services, bunCases, before && befores, sealsOff, signatures);
    for (const server of [...befores, ...services.slice(1)]) await server.stop();
    await sealsOff?.stop();
    // Loaded only when it runs: the case signs its payment with the stock x402 client as it loads.
    const x402 = withX402 ? await (await import("./bench/x402.ts")).measureX402(generator, service) : undefined;
    const workers = withWorkers
      ? await measureWorkers(
          generator,
          service,
          CASES.filter((c) => WORKERS_CASES.includes(c.name)),
        )
      : [];
    await service.stop();
    // BENCH_BEFORE's checkout's Worker: the workerd.ts beside its api/bun/server.ts.
    const beforeWorkerd = beforeScript && resolve(dirname(beforeScript), "../../scripts/bench/workerd.ts");
    const workerd = withWorkerd ? await measureWorkerd(generator, cases, beforeWorkerd || undefined) : undefined;
    const cold = [];
    if (coldRuns > 0) {
      log(`cold start: ${coldRuns} × bun run api, ${coldRuns} × bun api/bun/server.ts`);
      cold.push(await coldStart(["run", "api"], coldRuns), await coldStart(["api/bun/server.ts"], coldRuns));
      if (withWorkerd) {
        log(`cold start: ${coldRuns} × each of bun run api:workers, bun api/workers/local.ts, api:node and api:deno`);
        cold.push(
          await coldStart(["run", "api:workers"], coldRuns, 60_000),
          await coldStart(["api/workers/local.ts"], coldRuns, 60_000),
          // The scripts as users run them: api:node bundles for Node first, api:deno type-strips.
          await coldStart(["run", "api:node"], coldRuns, 60_000),
          await coldStart(["run", "api:deno"], coldRuns, 60_000),
        );
      }
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
      signature: signatureResult(signatures),
      ...(x402 && { x402 }),
      workers,
      ...(workerd && { workerd }),
      coldStart: cold,
      soak: soakResult,
    };
  } finally {
    for (const server of [...services, ...befores]) await server.stop();
    await sealsOff?.stop();
    generator.close();
  }
  const results: BenchResults = { ...partial, targets: checkTargets(partial) };
  const file = writeResults(results);
  console.log(fullReport(results));
  log(`figures written to ${file} and bench-results/latest.json`);
}

const USAGE = `usage: bun scripts/bench.ts                       run every case (about 11 min; see the settings below)
       bun scripts/bench.ts --compare old.json [new.json]   compare two result files (new: bench-results/latest.json)

settings (environment): BENCH_DURATION=3 BENCH_ROUNDS=4 BENCH_WARMUP=2 BENCH_CONNECTIONS=64
BENCH_THREADS=2 BENCH_CASES=word,... BENCH_PROCESSES=1 BENCH_WORKERS=0|1 BENCH_BUN=0|1 BENCH_COLD_RUNS=10 BENCH_SOAK=30 BENCH_LOADGEN=builtin
BENCH_BEFORE=<server script of another checkout> BENCH_WORKERD=1 (the Worker in workerd against a bare Worker, and workerd's cold start)`;

const [command] = process.argv.slice(2);
if (command === "--help" || command === "-h") {
  console.log(USAGE);
} else if (command !== undefined && command !== "--compare") {
  console.error(`unknown argument ${command}\n${USAGE}`);
  process.exit(2);
} else if (command === "--compare") {
  const [before, after = join(RESULTS_DIR, "latest.json")] = process.argv.slice(3);
  if (!before) throw new Error("usage: bun scripts/bench.ts --compare old.json [new.json]");
  console.log(compareReport(readResults(before), readResults(after)));
} else {
  await main();
}
