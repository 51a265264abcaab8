/**
 * The markdown tables printed at the end of a run: every case against its same-answer floor (the table
 * docs/performance.md's Latest results shows), each engine case's seals on against SEALS=off
 * (seals.ts), the x402 fund against its unpaid twin (x402.ts), with BENCH_WORKERD the same cases on the Worker in
 * workerd against a bare Worker, WORKERS=2 against WORKERS=1, cold start and memory,
 * and the targets met or missed (the tables docs/performance.md shows); and the comparison of
 * two result files.
 */

import { cpu, int, spread } from "./format.ts";
import type {
  BenchResults,
  CaseResult,
  ColdStartResult,
  SoakResult,
  TargetCheck,
  WorkerdCaseResult,
  WorkersResult,
} from "./results.ts";
import { sealsTable } from "./seals.ts";
import { x402Table } from "./x402-target.ts";

const ms = (n: number): string => n.toFixed(2);
const ratio = (n: number): string => n.toFixed(2);

/** The main table: every case against its same-answer floor (and BENCH_BEFORE's build beside it). */
export function casesTable(cases: CaseResult[]): string {
  const before = cases.some((c) => c.before !== undefined);
  const rows = [
    `| case | req/s | p50 ms | p99 ms | floor req/s | ratio (rounds' min–max) | target |${before ? " before: req/s | before: ratio | service ÷ before (min–max) |" : ""} server CPU µs/req: service / floor${before ? " / before" : ""} |`,
    `|---|--:|--:|--:|--:|--:|--:|${before ? "--:|--:|--:|" : ""}--:|`,
  ];
  for (const c of cases) {
    const then =
      before && c.before
        ? ` ${int(c.before.rps)} | ${ratio(c.ratioBefore!)}${spread(c.ratioBeforeRange)} | ${c.toBefore === undefined ? "–" : `${ratio(c.toBefore)}${spread(c.toBeforeRange)}`} |`
        : before
          ? " – | – | – |"
          : "";
    rows.push(
      `| ${c.name} | ${int(c.service.rps)} | ${ms(c.service.p50Ms)} | ${ms(c.service.p99Ms)} | ${int(c.baseline.rps)} | ` +
        `**${ratio(c.ratio)}** ${c.ratio >= c.target ? "✓" : "✗"}${spread(c.ratioRange)} | ${ratio(c.target)} |${then} ` +
        `${cpu(c.service)} / ${cpu(c.baseline)}${c.before ? ` / ${cpu(c.before)}` : ""} |`,
    );
  }
  return rows.join("\n");
}

/**
 * BENCH_WORKERD: each case on the Worker in workerd against the bare Worker sending the same
 * answer: req/s, server CPU and their ratio with its target (and BENCH_BEFORE's Worker beside
 * it), and what the Bun service did on the same case in the same run.
 */
export function workerdTable(workerd: WorkerdCaseResult[], bun: CaseResult[]): string {
  const before = workerd.some((c) => c.before !== undefined);
  const rows = [
    `| case | Worker req/s | p99 ms | bare Worker req/s | req/s ratio | server CPU µs/req: Worker / bare${before ? " / before" : ""} | CPU ratio (rounds' min–max) | target |${before ? " before: CPU ratio |" : ""} Bun service req/s (same run) |`,
    `|---|--:|--:|--:|--:|--:|--:|--:|${before ? "--:|" : ""}--:|`,
  ];
  for (const c of workerd) {
    const onBun = bun.find((b) => b.name === c.name);
    const cpuRatio = c.cpuRatio === null ? "n/a" : `**${ratio(c.cpuRatio)}** ${c.cpuRatio <= c.cpuTarget ? "✓" : "✗"}`;
    const then = before ? ` ${c.cpuRatioBefore == null ? "–" : ratio(c.cpuRatioBefore)} |` : "";
    rows.push(
      `| ${c.name} | ${int(c.service.rps)} | ${ms(c.service.p99Ms)} | ${int(c.baseline.rps)} | ${ratio(c.ratio)} | ` +
        `${cpu(c.service)} / ${cpu(c.baseline)}${c.before ? ` / ${cpu(c.before)}` : before ? " / –" : ""} | ` +
        `${cpuRatio}${spread(c.cpuRatioRange)} | ≤ ${ratio(c.cpuTarget)} |${then} ${onBun ? int(onBun.service.rps) : "–"} |`,
    );
  }
  return rows.join("\n");
}

/** WORKERS=2 against WORKERS=1. */
export function workersTable(results: WorkersResult[]): string {
  const rows = [
    "| case | WORKERS=1 req/s | p99 ms | WORKERS=2 req/s | p99 ms | ratio (rounds' min–max) |",
    "|---|--:|--:|--:|--:|--:|",
  ];
  for (const w of results) {
    rows.push(
      `| ${w.name} | ${int(w.one.rps)} | ${ms(w.one.p99Ms)} | ${int(w.two.rps)} | ${ms(w.two.p99Ms)} | ${ratio(w.ratio)}${spread(w.ratioRange)} |`,
    );
  }
  return rows.join("\n");
}

/** Cold start and memory. */
export function startAndMemoryTable(coldStart: ColdStartResult[], soak: SoakResult | null): string {
  const rows = ["| measure | value |", "|---|--:|"];
  for (const c of coldStart) {
    rows.push(
      `| cold start, \`${c.command}\` to first 200 (median of ${c.runs.length}; min–max) | ${ms(c.median)} ms (${ms(c.min)}–${ms(c.max)}) |`,
    );
  }
  if (soak) {
    const mb = (value: number | null) => (value === null ? "n/a" : `${value.toFixed(1)} MB`);
    rows.push(`| RSS idle, before the soak | ${mb(soak.rssStartMb)} |`);
    for (const sample of soak.rssSamples)
      rows.push(`| RSS at ${sample.atSeconds} s of mixed load | ${mb(sample.mb)} |`);
    rows.push(
      `| soak: requests in ${soak.seconds} s (all routes in turn) | ${int(soak.requests)} (${int(soak.rps)} req/s) |`,
    );
  }
  return rows.join("\n");
}

/** The targets, met or not. */
export function targetsTable(targets: TargetCheck[]): string {
  const rows = ["| target | measured | goal | met |", "|---|--:|--:|:-:|"];
  for (const t of targets) rows.push(`| ${t.name} | ${t.value} | ${t.target} | ${t.met ? "✓" : "✗"} |`);
  return rows.join("\n");
}

/** Every table of a run, with the settings that produced them. */
export function fullReport(r: BenchResults): string {
  return [
    `Machine: ${r.machine.cpus} × ${r.machine.model} (${r.machine.platform}), Bun ${r.machine.bun}; load: ${r.machine.loadGenerator}, ` +
      `${r.settings.rounds} rounds × ${r.settings.durationSeconds} s per side after ${r.settings.warmupSeconds} s warm-up, service and floor alternating. ` +
      `Commit ${r.commit.slice(0, 12)}${r.dirty ? " (with uncommitted changes)" : ""}, ${r.date}.`,
    "",
    ...(r.cases.length ? [casesTable(r.cases), ""] : []),
    ...(r.cases.some((c) => c.seals)
      ? [
          "Seals on (the default start) against the same build with SEALS=off, same rounds:",
          "",
          sealsTable(r.cases, r.signature),
          "",
        ]
      : []),
    ...(r.x402
      ? [
          "A fund paid over x402 against the same fund through transition, same server, same rounds:",
          "",
          x402Table(r.x402),
          "",
        ]
      : []),
    ...(r.workerd?.length ? [workerdTable(r.workerd, r.cases), ""] : []),
    ...(r.workers.length ? [workersTable(r.workers), ""] : []),
    ...(r.coldStart.length || r.soak ? [startAndMemoryTable(r.coldStart, r.soak), ""] : []),
    targetsTable(r.targets),
  ].join("\n");
}

/** Ratio and req/s changes from `before` to `after`, case by case. */
export function compareReport(before: BenchResults, after: BenchResults): string {
  const rows = [
    `Before: ${before.commit.slice(0, 12)} (${before.date}); after: ${after.commit.slice(0, 12)} (${after.date})`,
    "",
    "| case | ratio before | ratio after | req/s before | req/s after | p99 ms before | p99 ms after | server CPU µs/req before | after |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const c of after.cases) {
    const old = before.cases.find((b) => b.name === c.name);
    rows.push(
      `| ${c.name} | ${old ? ratio(old.ratio) : "–"} | ${ratio(c.ratio)} | ${old ? int(old.service.rps) : "–"} | ${int(c.service.rps)} | ` +
        `${old ? ms(old.service.p99Ms) : "–"} | ${ms(c.service.p99Ms)} | ${old ? cpu(old.service) : "–"} | ${cpu(c.service)} |`,
    );
  }
  return rows.join("\n");
}
