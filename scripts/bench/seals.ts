/**
 * Seals on against SEALS=off: the service as `bun run api` starts it (SEALS on,
 * the access log on) and the same build with SEALS=off, in the same alternating rounds on every
 * engine case, with the same bodies. Pure: the comparison of two measured sides, the targets
 * (create, fund, submit, quote and validate keep at least 0.85 of SEALS=off's req/s; release,
 * dispute, simulate and verify of a receipt add at most 2× one Ed25519 signature's in-loop cost of
 * server CPU per request; with BENCH_BEFORE, SEALS=off at least as fast as the other build) and
 * the table printed at the end of a run.
 */
import { ratioRange, roundRatio } from "./alternate.ts";
import { cpu, fixed, int, towards } from "./format.ts";
import { extent, median } from "./median.ts";
import type {
  CaseResult,
  RatioRange,
  SealsComparison,
  SealsTarget,
  Side,
  SignatureResult,
  TargetCheck,
} from "./results.ts";

/** At least this share of SEALS=off's req/s for a `keep` case. */
const KEEP_RATIO = 0.85;
/** At most this many in-loop signatures of added server CPU per request for a `signatures` case. */
const SIGNATURES_ALLOWED = 2;

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
export function sealsComparison(target: SealsTarget, on: Side, off: Side, before?: Side): SealsComparison {
  const added = cpuDifferences(on, off);
  return {
    target,
    off,
    ratio: roundRatio(on, off),
    ratioRange: ratioRange(on, off),
    addedCpuUs: added ? median(added) : null,
    addedCpuRange: added ? extent(added) : null,
    ...(before && { offToBefore: roundRatio(off, before), offToBeforeRange: ratioRange(off, before) }),
  };
}

/**
 * Why the servers' answers to an engine case would not measure seals (null when they do): a
 * seals-on answer without one of `marks` (the new job's seal, the receipt's signature, or a
 * verdict that the body's seal or signature held: cases.ts), as when the bodies were not sealed
 * with the servers' key; or a SEALS=off answer that is sealed.
 */
export function sealsAnswerProblem(marks: readonly string[], onText: string, offText: string): string | null {
  const missing = marks.find((mark) => !onText.includes(mark));
  if (missing !== undefined)
    return `the seals-on answer holds no ${missing}: its body's seal or signature did not hold`;
  if (/"(seal|signature)(_valid)?":/.test(offText)) return "the SEALS=off answer carries a seal or signature";
  return null;
}

const signed = (n: number): string => `${n >= 0 ? "+" : "−"}${fixed(Math.abs(n), 1)}`;
/** " (min to max)" of the rounds' added CPU, or nothing. */
const addedRange = (s: SealsComparison): string =>
  s.addedCpuRange ? ` (${signed(s.addedCpuRange.min)} to ${signed(s.addedCpuRange.max)})` : "";
const addedText = (s: SealsComparison): string =>
  s.addedCpuUs === null ? "n/a" : `${signed(s.addedCpuUs)}${addedRange(s)}`;

/** " (min–max)" of a range of ratios, rounded down as the ratio itself is. */
const ratioSpread = (range: RatioRange | undefined): string =>
  range ? ` (${towards(range.min, 2, false)}–${towards(range.max, 2, false)})` : "";

/** The limit of added CPU for a `signatures` case: 2× the run's median in-loop signature. */
const signatureLimit = (signature: SignatureResult): number => SIGNATURES_ALLOWED * signature.median;

/**
 * A case's seals target and whether it was met: the goal and the measured figure as printed,
 * rounded against the case (a ratio down, added CPU up, the limit down), so a printed figure never
 * reads as meeting a goal it missed. A signing case without a CPU figure (off Linux) is not met.
 */
function verdict(s: SealsComparison, signature: SignatureResult | null | undefined) {
  if (s.target === "keep")
    return { goal: `on ÷ off >= ${fixed(KEEP_RATIO)}`, value: towards(s.ratio, 2, false), met: s.ratio >= KEEP_RATIO };
  if (s.target !== "signatures" || !signature) return null;
  const limit = signatureLimit(signature);
  const goal = `added <= ${SIGNATURES_ALLOWED} × ${fixed(signature.median, 1)} = ${towards(limit, 1, false)}`;
  if (s.addedCpuUs === null) return { goal, value: "n/a", met: false };
  const value = `${s.addedCpuUs >= 0 ? "+" : "−"}${towards(Math.abs(s.addedCpuUs), 1, s.addedCpuUs >= 0)}`;
  return { goal, value, met: s.addedCpuUs <= limit };
}

/** The seals targets, met or missed, for every engine case of the run. */
export function sealsChecks(cases: CaseResult[], signature: SignatureResult | null | undefined): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const c of cases) {
    const s = c.seals;
    if (!s) continue;
    const v = verdict(s, signature);
    if (v) {
      const keep = s.target === "keep";
      checks.push({
        name: `${c.name}: ${keep ? "req/s, seals on ÷ SEALS=off" : "server CPU µs/req, seals on − SEALS=off"}`,
        value: `${v.value}${keep ? ratioSpread(s.ratioRange) : addedRange(s)}`,
        target: v.goal,
        met: v.met,
      });
    }
    if (s.offToBefore !== undefined) {
      checks.push({
        name: `${c.name}: req/s, SEALS=off ÷ before (BENCH_BEFORE)`,
        value: `${towards(s.offToBefore, 2, false)}${ratioSpread(s.offToBeforeRange)}`,
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
  const lines = [
    signature
      ? `One Ed25519 signature in a loop: ${fixed(signature.median, 1)} µs (median of ${signature.runs.length} measurements, ` +
        `${fixed(signature.min, 1)}–${fixed(signature.max, 1)}; ${signature.bytes} bytes; ${signature.method}). ` +
        `Limit for the signing routes: ${towards(signatureLimit(signature), 1, false)} µs of added server CPU per request.`
      : "One Ed25519 signature in a loop: not measured.",
    "",
    `| case | seals on req/s | SEALS=off req/s | on ÷ off (rounds' min–max) | server CPU µs/req: on / off | added CPU µs/req (rounds' min–max) | target | met |${before ? " before req/s | off ÷ before (min–max) | before CPU µs/req |" : ""}`,
    `|---|--:|--:|--:|--:|--:|--:|:-:|${before ? "--:|--:|--:|" : ""}`,
  ];
  for (const c of measured) {
    const s = c.seals!;
    const v = verdict(s, signature);
    const then =
      before && c.before && s.offToBefore !== undefined
        ? ` ${int(c.before.rps)} | ${towards(s.offToBefore, 2, false)}${ratioSpread(s.offToBeforeRange)} | ${cpu(c.before)} |`
        : before
          ? " – | – | – |"
          : "";
    lines.push(
      `| ${c.name} | ${int(c.service.rps)} | ${int(s.off.rps)} | **${towards(s.ratio, 2, false)}**${ratioSpread(s.ratioRange)} | ` +
        `${cpu(c.service)} / ${cpu(s.off)} | ${addedText(s)} | ${v?.goal ?? "–"} | ${v ? (v.met ? "✓" : "✗") : "–"} |${then}`,
    );
  }
  return lines.join("\n");
}
