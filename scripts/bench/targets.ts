/**
 * The performance targets (docs/performance.md), checked against a run's figures: each case's
 * ratio to its floor, what seals cost each engine case (seals.ts), what paying over x402 adds to a
 * fund (x402.ts), with BENCH_WORKERD the Worker's
 * server CPU against the bare Worker's, the worst p99, the cold start, and RSS during the soak.
 */
import type { BenchResults, TargetCheck } from "./results.ts";
import { sealsChecks } from "./seals.ts";
import { x402Check } from "./x402-target.ts";

/** The targets, met or missed by `r`. */
export function checkTargets(r: Omit<BenchResults, "targets">): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const c of r.cases) {
    checks.push({
      name: `${c.name}: ratio to ${c.baseline.label}`,
      value: c.ratio.toFixed(2),
      target: `>= ${c.target.toFixed(2)}`,
      met: c.ratio >= c.target,
    });
  }
  checks.push(...sealsChecks(r.cases, r.signature));
  if (r.x402) checks.push(x402Check(r.x402));
  for (const c of r.workerd ?? []) {
    if (c.cpuRatio === null) continue;
    checks.push({
      name: `${c.name} (workerd): server CPU ÷ the bare Worker's`,
      value: c.cpuRatio.toFixed(2),
      target: `<= ${c.cpuTarget.toFixed(2)}`,
      met: c.cpuRatio <= c.cpuTarget,
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
