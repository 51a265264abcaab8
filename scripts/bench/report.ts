/**
 * The figures of one `bun run bench` run: their JSON shape (written to bench-results/ so runs
 * can be compared between commits), the markdown tables printed at the end (the same tables go
 * into the README's Performance section), the list of targets met or missed, and a comparison
 * of two result files.
 */

/** The median of `values` (the mean of the middle two when even). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One side of a comparison: a server under one kind of load, summed over the rounds. */
export interface Side {
  label: string;
  rps: number;
  /** Median over rounds of each round's median latency. */
  p50Ms: number;
  /** Median over rounds of each round's 99th percentile. */
  p99Ms: number;
  /** The worst round's 99th percentile. */
  worstP99Ms: number;
  /** Server CPU time per request (process and children), from /proc, median over rounds; null off Linux. */
  cpuUsPerRequest: number | null;
  errors: number;
  non2xx: number;
  rounds: { rps: number; p50Ms: number; p99Ms: number; cpuUsPerRequest: number | null }[];
}

/** One case: the service against its baseline (and, for documents, a constant of the same size). */
export interface CaseResult {
  name: string;
  request: string;
  target: number;
  service: Side;
  baseline: Side;
  ratio: number;
  /** The lowest and highest round ratio (absent in files written before it was recorded). */
  ratioRange?: RatioRange;
  sameBytes?: Side;
  ratioSameBytes?: number;
}

/** The lowest and highest of the per-round ratios behind a median ratio. */
export interface RatioRange {
  min: number;
  max: number;
}

/** WORKERS=2 against WORKERS=1 on one case. */
export interface WorkersResult {
  name: string;
  one: Side;
  two: Side;
  ratio: number;
  ratioRange?: RatioRange;
}

/** Spawn to first 200, in ms. */
export interface ColdStartResult {
  command: string;
  runs: number[];
  median: number;
  min: number;
  max: number;
}

/** RSS over a soak of mixed requests. */
export interface SoakResult {
  seconds: number;
  requests: number;
  rps: number;
  rssStartMb: number | null;
  rssSamples: { atSeconds: number; mb: number | null }[];
}

/** A performance target (docs/performance.md) and whether this run met it. */
export interface TargetCheck {
  name: string;
  value: string;
  target: string;
  met: boolean;
}

/** Everything one run measured. */
export interface BenchResults {
  version: 1;
  date: string;
  commit: string;
  dirty: boolean;
  machine: {
    cpus: number;
    model: string;
    platform: string;
    bun: string;
    loadGenerator: string;
    loadGeneratorNote: string;
  };
  settings: { durationSeconds: number; rounds: number; warmupSeconds: number; connections: number; threads: number };
  cases: CaseResult[];
  workers: WorkersResult[];
  coldStart: ColdStartResult[];
  soak: SoakResult | null;
  targets: TargetCheck[];
}

const int = (n: number): string => Math.round(n).toLocaleString("en-US");
const ms = (n: number): string => n.toFixed(2);
const ratio = (n: number): string => n.toFixed(2);
/** " (min–max)" of the rounds' ratios, or nothing for a file that has none. */
const spread = (range: RatioRange | undefined): string => (range ? ` (${ratio(range.min)}–${ratio(range.max)})` : "");
const cpu = (side: Side): string => (side.cpuUsPerRequest === null ? "n/a" : side.cpuUsPerRequest.toFixed(1));

/** The main table: every case against its baseline. */
export function casesTable(cases: CaseResult[]): string {
  const rows = [
    "| case | req/s | p50 ms | p99 ms | baseline | baseline req/s | ratio (rounds' min–max) | target | same-size constant req/s | ratio to it | server CPU µs/req: service / baseline (/ same-size) |",
    "|---|--:|--:|--:|---|--:|--:|--:|--:|--:|--:|",
  ];
  for (const c of cases) {
    rows.push(
      `| ${c.name} | ${int(c.service.rps)} | ${ms(c.service.p50Ms)} | ${ms(c.service.p99Ms)} | ${c.baseline.label} | ${int(c.baseline.rps)} | ` +
        `**${ratio(c.ratio)}** ${c.ratio >= c.target ? "✓" : "✗"}${spread(c.ratioRange)} | ${ratio(c.target)} | ` +
        `${c.sameBytes ? int(c.sameBytes.rps) : "–"} | ${c.ratioSameBytes !== undefined ? ratio(c.ratioSameBytes) : "–"} | ` +
        `${cpu(c.service)} / ${cpu(c.baseline)}${c.sameBytes ? ` / ${cpu(c.sameBytes)}` : ""} |`,
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
      `${r.settings.rounds} rounds × ${r.settings.durationSeconds} s per side after ${r.settings.warmupSeconds} s warm-up, service and baseline alternating. ` +
      `Commit ${r.commit.slice(0, 12)}${r.dirty ? " (with uncommitted changes)" : ""}, ${r.date}.`,
    "",
    casesTable(r.cases),
    "",
    ...(r.workers.length ? [workersTable(r.workers), ""] : []),
    startAndMemoryTable(r.coldStart, r.soak),
    "",
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
