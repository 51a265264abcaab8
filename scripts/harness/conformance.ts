/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, pinned) against a live
 * /mcp: one CLI process per scenario, run under Bun (its CLI needs Node 22's `fs.globSync`,
 * which Bun has and Node 20 has not), several at once. Each run is read back three ways: the
 * CLI's exit code (0 when every failure is in the expected-failures file, and no entry there
 * passes), its printed summary (`Passed: 24/28, 4 failed, 0 warnings`) and every check's
 * verdict from the `checks.json` it saves.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { outputOf } from "./child-output.ts";
import { ROOT } from "./live-server.ts";

/** The CLI's entry. */
export const CONFORMANCE_CLI = join(ROOT, "node_modules/@modelcontextprotocol/conformance/dist/index.js");

/** The MCP revision the scenarios are run at. */
export const CONFORMANCE_REVISION = "2026-07-28";

/** A check's verdict as the suite writes it. */
export type CheckStatus = "SUCCESS" | "FAILURE" | "WARNING" | "SKIPPED" | "INFO";

/** One check of a scenario, as its checks.json holds it. */
export interface Check {
  id: string;
  name: string;
  description: string;
  status: CheckStatus;
  errorMessage?: string;
}

/** The line the CLI prints after a scenario: passed of total (successes and failures), failures, warnings. */
export interface Summary {
  passed: number;
  total: number;
  failed: number;
  warnings: number;
}

/** One scenario run against one server. */
export interface ScenarioRun {
  scenario: string;
  exitCode: number;
  /** The printed summary, or null when the CLI printed none (the scenario was skipped or the CLI broke). */
  summary: Summary | null;
  /** Every check, from checks.json (none when the CLI saved none). */
  checks: Check[];
  /** What the CLI printed, colours removed. */
  output: string;
  /** Wall-clock milliseconds. */
  ms: number;
}

/** How to run the suite. */
export interface ConformanceOptions {
  /** The expected-failures file (the CLI's `--expected-failures`), if any. */
  expectedFailures?: string;
  /** The revision to run at (default {@link CONFORMANCE_REVISION}). */
  specVersion?: string;
  /** The CLI's own per-scenario timeout in milliseconds (default 20 s); the process is killed 10 s after. */
  timeoutMs?: number;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the CLI colours its output with ANSI escapes.
const ANSI = /\u001b\[[0-9;]*m/g;
const SUMMARY = /^Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings$/m;

/** The summary line in the CLI's output, or null. */
export function parseSummary(output: string): Summary | null {
  const match = SUMMARY.exec(output);
  if (match === null) return null;
  const [passed, total, failed, warnings] = match.slice(1).map(Number) as [number, number, number, number];
  return { passed, total, failed, warnings };
}

/** The checks.json the CLI saved under `dir` (`server-<scenario>-<time>/checks.json`), or none. */
function savedChecks(dir: string): Check[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) return JSON.parse(readFileSync(join(dir, entry.name, "checks.json"), "utf8")) as Check[];
  }
  return [];
}

/** Runs one scenario against the MCP endpoint at `url` (`http://127.0.0.1:<port>/mcp`). */
export async function runScenario(
  url: string,
  scenario: string,
  options: ConformanceOptions = {},
): Promise<ScenarioRun> {
  const started = performance.now();
  const outputDir = mkdtempSync(join(tmpdir(), "escrow-conformance-"));
  const timeoutMs = options.timeoutMs ?? 20_000;
  const command = [
    process.execPath,
    CONFORMANCE_CLI,
    "server",
    "--url",
    url,
    "--scenario",
    scenario,
    "--spec-version",
    options.specVersion ?? CONFORMANCE_REVISION,
    "--timeout",
    String(timeoutMs),
    "--output-dir",
    outputDir,
    ...(options.expectedFailures === undefined ? [] : ["--expected-failures", options.expectedFailures]),
  ];
  try {
    const child = Bun.spawn(command, { cwd: ROOT, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    const killer = setTimeout(() => child.kill("SIGKILL"), timeoutMs + 10_000);
    const { stdout, stderr, code: exitCode } = await outputOf(child);
    clearTimeout(killer);
    const output = `${stdout}${stderr}`.replace(ANSI, "");
    return {
      scenario,
      exitCode,
      summary: parseSummary(output),
      checks: savedChecks(outputDir),
      output,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
}

/** Runs at most `count` tasks at once; the others wait their turn, first come first served. */
export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

/** A {@link Limit} of `count` tasks at once, to share between runs (several servers' scenarios). */
export function limiter(count: number): Limit {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    // A finished task hands its place to the next waiting one, so `count` holds at every moment.
    if (running < count) running++;
    else await new Promise<void>((turn) => waiting.push(turn));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** Runs `scenarios` against `url`, all at once unless `limit` holds them back; the runs in the scenarios' order. */
export function runScenarios(
  url: string,
  scenarios: readonly string[],
  options: ConformanceOptions & { limit?: Limit } = {},
): Promise<ScenarioRun[]> {
  const limit = options.limit ?? ((task) => task());
  return Promise.all(scenarios.map((scenario) => limit(() => runScenario(url, scenario, options))));
}

/**
 * The expected-failures file's server entries by scenario: the ids of the checks each may fail
 * (`scenario:check-id`), or `"*"` for an entry that excuses a whole scenario.
 */
export function readExpectedFailures(file: string): Map<string, Set<string> | "*"> {
  const parsed = Bun.YAML.parse(readFileSync(file, "utf8")) as { server?: string[] } | null;
  const expected = new Map<string, Set<string> | "*">();
  for (const entry of parsed?.server ?? []) {
    const colon = entry.indexOf(":");
    if (colon === -1) {
      expected.set(entry, "*");
      continue;
    }
    const scenario = entry.slice(0, colon);
    const checks = expected.get(scenario);
    if (checks === "*") continue;
    expected.set(scenario, (checks ?? new Set()).add(entry.slice(colon + 1)));
  }
  return expected;
}

/** The checks of a run that did not pass: failures and warnings (which an expected-failures run counts as failures). */
export const unpassed = (run: ScenarioRun): Check[] =>
  run.checks.filter((check) => check.status === "FAILURE" || check.status === "WARNING");

/** One line per failing check: `id: STATUS: message`. */
export const describeChecks = (checks: readonly Check[]): string =>
  checks.map((check) => `${check.id}: ${check.status}: ${check.errorMessage ?? check.description}`).join("\n");
