/**
 * Chooses the load generator of a run: wrk when it is there or can be installed, else the
 * built-in one, with a note on why that goes into the report.
 */
import { builtinGenerator } from "./builtin-generator.ts";
import type { LoadGenerator, LoadSettings } from "./load.ts";
import { ensureWrk, wrkGenerator, wrkVersion } from "./wrk.ts";

/** wrk when available (installing it when allowed), else the built-in generator. */
export function loadGenerator(settings: LoadSettings): { generator: LoadGenerator; note: string } {
  const note =
    process.env.BENCH_LOADGEN === "builtin" ? "built-in load generator requested (BENCH_LOADGEN=builtin)" : ensureWrk();
  const useWrk = process.env.BENCH_LOADGEN !== "builtin" && wrkVersion() !== null;
  const why = process.env.BENCH_LOADGEN === "builtin" ? "BENCH_LOADGEN=builtin" : "wrk not available";
  return { generator: useWrk ? wrkGenerator(settings) : builtinGenerator(settings, why), note };
}
