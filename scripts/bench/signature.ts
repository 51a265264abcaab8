/**
 * The in-loop cost of one Ed25519 signature, measured in the same run as the seals comparison
 * sign-loop.ts in a child `bun` process, once before each engine case's rounds, while
 * no load runs. Each measurement is the median of its batches; the run's figure is the median of
 * its measurements, with their lowest and highest.
 */
import { join } from "node:path";
import { outputOf } from "../harness/child-output.ts";
import { RECEIPT_SIGNING_INPUT } from "./cases.ts";
import { parseReportLine } from "./load.ts";
import { extent, median } from "./median.ts";
import type { SignatureResult } from "./results.ts";
import { BUN, ROOT } from "./servers.ts";

/** Calls per batch, and batches per measurement. */
const CALLS = 5_000;
const BATCHES = 5;

/** How the yardstick was measured, for the report and the results file. */
const SIGNATURE_METHOD =
  "the servers' Signer (node:crypto sign, Ed25519), tight loop in a child bun process, the bench's receipt " +
  `signing input; ${BATCHES} batches of ${CALLS.toLocaleString("en-US")} calls after a warm-up batch, per measurement`;

/** One measurement: µs per signature, the median of its batches. */
export async function measureSignature(): Promise<number> {
  const child = Bun.spawn([BUN, join(ROOT, "scripts/bench/sign-loop.ts")], {
    cwd: ROOT,
    env: { ...process.env, SIGN_CALLS: String(CALLS), SIGN_BATCHES: String(BATCHES) },
    stdout: "pipe",
    stderr: "pipe",
  });
  const { stdout, stderr } = await outputOf(child);
  const report = parseReportLine<{ usPerSign: number[] }>(stdout + stderr, "sign-loop");
  return median(report.usPerSign);
}

/** A run's yardstick from its measurements (null when none was taken: no engine case ran). */
export function signatureResult(runs: number[]): SignatureResult | null {
  if (runs.length === 0) return null;
  return {
    method: SIGNATURE_METHOD,
    bytes: new TextEncoder().encode(RECEIPT_SIGNING_INPUT).length,
    runs,
    median: median(runs),
    ...extent(runs),
  };
}
