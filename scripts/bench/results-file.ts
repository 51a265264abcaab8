/**
 * Where a run's figures are kept: bench-results/<date>-<commit>.json and bench-results/latest.json
 * (ignored by git), stamped with the commit they measured, and read back for `--compare`.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchResults } from "./results.ts";
import { ROOT } from "./servers.ts";

/** The folder of result files. */
export const RESULTS_DIR = join(ROOT, "bench-results");

/** The commit being measured, and whether the tree had uncommitted changes. */
export function gitCommit(): { commit: string; dirty: boolean } {
  const head = Bun.spawnSync(["git", "rev-parse", "HEAD"], { cwd: ROOT, stdout: "pipe", stderr: "ignore" });
  const status = Bun.spawnSync(["git", "status", "--porcelain"], { cwd: ROOT, stdout: "pipe", stderr: "ignore" });
  return {
    commit: head.exitCode === 0 ? head.stdout.toString().trim() : "unknown",
    dirty: status.stdout.toString().trim() !== "",
  };
}

/** Writes `results` to its own file and to latest.json; returns the path of its own file. */
export function writeResults(results: BenchResults): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${results.date.replace(/[:.]/g, "-")}-${results.commit.slice(0, 8)}.json`);
  const text = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(file, text);
  writeFileSync(join(RESULTS_DIR, "latest.json"), text);
  return file;
}

/** Reads a result file. */
export const readResults = (path: string): BenchResults => JSON.parse(readFileSync(path, "utf8"));
