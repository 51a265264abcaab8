/**
 * The figures of one `bun run bench` run, in the JSON shape written to bench-results/ so that
 * runs can be compared between commits (`--compare`). Fields added later are optional, so older
 * files still read.
 */

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

/** One case: the service against its baseline, the same-answer floor (older files: a bare baseline). */
export interface CaseResult {
  name: string;
  request: string;
  target: number;
  service: Side;
  baseline: Side;
  ratio: number;
  /** The lowest and highest round ratio (absent in files written before it was recorded). */
  ratioRange?: RatioRange;
  /** BENCH_BEFORE: the other build of the service in the same rounds, and its ratio to the same floor. */
  before?: Side;
  ratioBefore?: number;
  ratioBeforeRange?: RatioRange;
  /** BENCH_BEFORE: the service's req/s ÷ the other build's, the median of the rounds' ratios (adjacent slices), and their range. */
  toBefore?: number;
  toBeforeRange?: RatioRange;
  /** An engine case: the same build with SEALS=off in the same rounds (absent in older files). */
  seals?: SealsComparison;
}

/**
 * BENCH_WORKERD: one case on the Worker in workerd against the bare Worker sending the Worker's
 * own answer (bare-worker.ts); `before` is BENCH_BEFORE's checkout's Worker in the same rounds.
 */
export interface WorkerdCaseResult extends CaseResult {
  /** Server CPU per request, Worker ÷ bare Worker: the median of the rounds' ratios, and their range; null off Linux. */
  cpuRatio: number | null;
  cpuRatioRange: RatioRange | null;
  /** The most `cpuRatio` may be (docs/performance.md): 1.5 on an engine case, 1.3 on a document. */
  cpuTarget: number;
  /** BENCH_BEFORE: the other checkout's Worker's server CPU ÷ the bare Worker's, as `cpuRatio`. */
  cpuRatioBefore?: number | null;
}

/**
 * What seals may cost an engine case: `keep`, at least 0.85 of SEALS=off's req/s;
 * `signatures`, at most 2× one Ed25519 signature's in-loop cost of added server CPU per request;
 * `none`, measured only.
 */
export type SealsTarget = "keep" | "signatures" | "none";

/**
 * The service (seals on, the default start) against the same build with SEALS=off on one engine
 * case, round by round (seals.ts).
 */
export interface SealsComparison {
  /** What seals may cost this case (cases.ts, BenchCase.seals). */
  target: SealsTarget;
  off: Side;
  /** Seals on req/s ÷ SEALS=off req/s: the median of the rounds' ratios, and their range. */
  ratio: number;
  ratioRange: RatioRange;
  /** Server CPU µs per request, seals on − SEALS=off, median of the rounds' differences and their range; null off Linux. */
  addedCpuUs: number | null;
  addedCpuRange: RatioRange | null;
  /** BENCH_BEFORE: SEALS=off req/s ÷ the other build's req/s, median of the rounds' ratios, and their range. */
  offToBefore?: number;
  offToBeforeRange?: RatioRange;
}

/** The in-loop cost of one Ed25519 signature, measured in the same run (signature.ts). */
export interface SignatureResult {
  method: string;
  /** Bytes signed per call. */
  bytes: number;
  /** µs per signature, one figure per measurement. */
  runs: number[];
  median: number;
  min: number;
  max: number;
}

/** The in-loop cost of one secp256k1 recovery, measured in the same run (x402.ts). */
export interface RecoveryResult {
  method: string;
  /** µs per recovery, one figure per measurement. */
  runs: number[];
  median: number;
  min: number;
  max: number;
}

/** The `x402 fund` case: the paid fund against the same fund through transition, same server, same rounds (x402.ts). */
export interface X402FundResult {
  name: string;
  paid: Side;
  unpaid: Side;
  /** Server CPU µs per request, paid − unpaid: the median of the rounds' differences, and their range; null off Linux. */
  addedCpuUs: number | null;
  addedCpuRange: RatioRange | null;
  recovery: RecoveryResult;
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
  /** BENCH_WORKERD: each case on the Worker in workerd against the bare Worker (absent otherwise). */
  workerd?: WorkerdCaseResult[];
  /** The in-loop cost of one Ed25519 signature in this run (absent in older files; null when no engine case ran). */
  signature?: SignatureResult | null;
  /** The `x402 fund` case, when it ran (absent in older files). */
  x402?: X402FundResult;
  coldStart: ColdStartResult[];
  soak: SoakResult | null;
  targets: TargetCheck[];
}
