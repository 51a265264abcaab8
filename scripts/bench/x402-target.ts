/**
 * The `x402 fund` case's target (docs/performance.md) and table: the server CPU a payment adds to a
 * fund, paid − the same fund through transition (x402.ts), at most 1.3 × one secp256k1 recovery
 * timed in a loop in the same run. Pure: figures in, a verdict and lines out.
 */
import { cpu, fixed, int, towards } from "./format.ts";
import type { TargetCheck, X402FundResult } from "./results.ts";

/** The case's name, as BENCH_CASES picks it. */
export const X402_CASE_NAME = "x402 fund";

/** The most server CPU a payment may add, in recoveries. */
export const RECOVERIES_ALLOWED = 1.3;

/** The target of the case, met or missed: rounded against it, as seals.ts rounds (a case without CPU figures is not met). */
export function x402Check(r: X402FundResult): TargetCheck {
  const limit = RECOVERIES_ALLOWED * r.recovery.median;
  const range = r.addedCpuRange ? ` (${fixed(r.addedCpuRange.min, 1)} to ${fixed(r.addedCpuRange.max, 1)})` : "";
  return {
    name: `${r.name}: server CPU µs/req, paid − the same fund through transition`,
    value: r.addedCpuUs === null ? "n/a" : `${towards(r.addedCpuUs, 1, true)}${range}`,
    target: `<= ${RECOVERIES_ALLOWED} × ${fixed(r.recovery.median, 1)} = ${towards(limit, 1, false)}`,
    met: r.addedCpuUs !== null && r.addedCpuUs <= limit,
  };
}

/** The case's table: both sides, the added CPU, the recovery and the target. */
export function x402Table(r: X402FundResult): string {
  const check = x402Check(r);
  return [
    `One secp256k1 recovery in a loop: ${fixed(r.recovery.median, 1)} µs (median of ${r.recovery.runs.length} measurements, ` +
      `${fixed(r.recovery.min, 1)}–${fixed(r.recovery.max, 1)}; ${r.recovery.method}).`,
    "",
    "| case | paid req/s | transition fund req/s | server CPU µs/req: paid / transition | added CPU µs/req (rounds' min–max) | target | met |",
    "|---|--:|--:|--:|--:|--:|:-:|",
    `| ${r.name} | ${int(r.paid.rps)} | ${int(r.unpaid.rps)} | ${cpu(r.paid)} / ${cpu(r.unpaid)} | ${check.value} | ` +
      `${check.target} | ${check.met ? "✓" : "✗"} |`,
  ].join("\n");
}
