/**
 * Seals on against SEALS=off (issue 31, item 8): the service as `bun run api` starts it (SEALS on,
 * the access log on) and the same build with SEALS=off, in the same alternating rounds on every
 * engine case, with the same bodies. Pure: the comparison of two measured sides, the targets
 * (create, fund, submit, quote and validate keep at least 0.85 of SEALS=off's req/s; release,
 * dispute, simulate and verify of a receipt add at most 2× one Ed25519 signature's in-loop cost of
 * server CPU per request; with BENCH_BEFORE, SEALS=off at least as fast as the other build) and
 * the table printed at the end of a run.
 */
import { median } from "./median.ts";
import type { CaseResult, RatioRange, SealsComparison, Side, SignatureResult, TargetCheck } from "./results.ts";

/** At least this share of SEALS=off's req/s for a `keep` case. */
export const KEEP_RATIO = 0.85;
/** At most this many in-loop signatures of added server CPU per request for a `signatures` case. */
export const SIGNATURES_ALLOWED = 2;

/** Per round, a ÷ b of req/s (adjacent slices of the same round). */
const ratios = (a: Side, b: Side): number[] => a.rounds.map((round, i) => round.rps / b.rounds[i]!.rps);
const range = (values: number[]): RatioRange => ({ min: Math.min(...values), max: Math.max(...values) });

/** Per round, a's server CPU per request − b's; null when either side has none (off Linux). */
export function cpuDifferences(a: Side, b: Side): number[] | null {
  const differences = a.rounds.map((round, i) => {
    const other = b.rounds[i]?.cpuUsPerRequest;
    return round.cpuUsPerRequest === null || other === null || other === undefined
      ? null
      : round.cpuUsPerRequest - other;
  });
  return differences.every((value) => value !== null) ? (differences as number[]) : null;
}

/** Seals on (`on`) against SEALS=off (`off`) on one case, and SEALS=off against `before` when it ran. */
export function sealsComparison(
  target: SealsComparison["target"],
  on: Side,
  off: Side,
  before?: Side,
): SealsComparison {
  const onOff = ratios(on, off);
  const added = cpuDifferences(on, off);
  const offBefore = before ? ratios(off, before) : null;
  return {
    target,
    off,
    ratio: median(onOff),
    ratioRange: range(onOff),
    addedCpuUs: added ? median(added) : null,
    addedCpuRange: added ? range(added) : null,
    ...(offBefore && { offToBefore: median(offBefore), offToBeforeRange: range(offBefore) }),
  };
}

/**
 * Why the servers' answers to an engine case would not measure seals (null when they do): a seal
 * or signature the seals-on service refused (the bodies not sealed with its key), a settling
 * case whose answer carries no signature, or a SEALS=off answer that is sealed.
 */
export function sealsAnswerProblem(target: SealsComparison["target"], onText: string, offText: string): string | null {
  if (/"(seal|signature)_valid":false/.test(onText)) return "the seals-on service refused the body's seal or signature";
  if (target === "signatures" && !/"signature(_valid)?":/.test(onText)) return "the seals-on answer has no signature";
  if (/"(seal|signature)(_valid)?":/.test(offText)) return "the SEALS=off answer carries a seal or signature";
  return null;
}

const fixed = (n: number, digits = 2): string => n.toFixed(digits);
const spread = (r: RatioRange | null | undefined, digits = 2): string =>
  r ? ` (${fixed(r.min, digits)}–${fixed(r.max, digits)})` : "";
const signed = (n: number): string => `${n >= 0 ? "+" : "−"}${fixed(Math.abs(n), 1)}`;
const int = (n: number): string => Math.round(n).toLocaleString("en-US");
const cpu = (side: Side): string => (side.cpuUsPerRequest === null ? "n/a" : fixed(side.cpuUsPerRequest, 1));

/** The limit of added CPU for a `signatures` case: 2× the run's median in-loop signature. */
export const signatureLimit = (signature: SignatureResult): number => SIGNATURES_ALLOWED * signature.median;

/** The seals targets, met or missed, for every engine case of the run. */
export function sealsChecks(cases: CaseResult[], signature: SignatureResult | null | undefined): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const c of cases) {
    const s = c.seals;
    if (!s) continue;
    if (s.target === "keep") {
      checks.push({
        name: `${c.name}: req/s, seals on ÷ SEALS=off`,
        value: `${fixed(s.ratio)}${spread(s.ratioRange)}`,
        target: `>= ${fixed(KEEP_RATIO)}`,
        met: s.ratio >= KEEP_RATIO,
      });
    } else if (s.target === "signatures" && signature && s.addedCpuUs !== null) {
      checks.push({
        name: `${c.name}: server CPU µs/req, seals on − SEALS=off`,
        value: `${signed(s.addedCpuUs)}${s.addedCpuRange ? ` (${signed(s.addedCpuRange.min)} to ${signed(s.addedCpuRange.max)})` : ""}`,
        target: `<= ${SIGNATURES_ALLOWED} × ${fixed(signature.median, 1)} = ${fixed(signatureLimit(signature), 1)}`,
        met: s.addedCpuUs <= signatureLimit(signature),
      });
    }
    if (s.offToBefore !== undefined) {
      checks.push({
        name: `${c.name}: req/s, SEALS=off ÷ before (BENCH_BEFORE)`,
        value: `${fixed(s.offToBefore)}${spread(s.offToBeforeRange)}`,
        target: ">= 1.00",
        met: s.offToBefore >= 1,
      });
    }
  }
  return checks;
}

/** The seals table: every engine case, seals on against SEALS=off (and before, with BENCH_BEFORE). */
export function sealsTable(cases: CaseResult[], signature: SignatureResult | null | undefined): string {
  const measured = cases.filter((c) => c.seals);
  if (measured.length === 0) return "";
  const before = measured.some((c) => c.seals!.offToBefore !== undefined);
  const limit = signature ? signatureLimit(signature) : null;
  const lines = [
    signature
      ? `One Ed25519 signature in a loop: ${fixed(signature.median, 1)} µs (median of ${signature.runs.length} measurements, ` +
        `${fixed(signature.min, 1)}–${fixed(signature.max, 1)}; ${signature.bytes} bytes; ${signature.method}). ` +
        `Limit for the signing routes: ${fixed(limit!, 1)} µs of added server CPU per request.`
      : "One Ed25519 signature in a loop: not measured.",
    "",
    `| case | seals on req/s | SEALS=off req/s | on ÷ off (rounds' min–max) | server CPU µs/req: on / off | added CPU µs/req (rounds' min–max) | target | met |${before ? " before req/s | off ÷ before (min–max) | before CPU µs/req |" : ""}`,
    `|---|--:|--:|--:|--:|--:|--:|:-:|${before ? "--:|--:|--:|" : ""}`,
  ];
  for (const c of measured) {
    const s = c.seals!;
    const added =
      s.addedCpuUs === null
        ? "n/a"
        : `${signed(s.addedCpuUs)}${s.addedCpuRange ? ` (${signed(s.addedCpuRange.min)} to ${signed(s.addedCpuRange.max)})` : ""}`;
    const [goal, met] =
      s.target === "keep"
        ? [`on ÷ off >= ${fixed(KEEP_RATIO)}`, s.ratio >= KEEP_RATIO]
        : s.target === "signatures" && limit !== null && s.addedCpuUs !== null
          ? [`added <= ${fixed(limit, 1)}`, s.addedCpuUs <= limit]
          : ["–", null];
    const then =
      before && c.before && s.offToBefore !== undefined
        ? ` ${int(c.before.rps)} | ${fixed(s.offToBefore)}${spread(s.offToBeforeRange)} | ${cpu(c.before)} |`
        : before
          ? " – | – | – |"
          : "";
    lines.push(
      `| ${c.name} | ${int(c.service.rps)} | ${int(s.off.rps)} | **${fixed(s.ratio)}**${spread(s.ratioRange)} | ` +
        `${cpu(c.service)} / ${cpu(s.off)} | ${added} | ${goal} | ${met === null ? "–" : met ? "✓" : "✗"} |${then}`,
    );
  }
  return lines.join("\n");
}
