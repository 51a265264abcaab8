/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, pinned; harness in
 * scripts/harness/conformance.ts) against the live /mcp of every runtime (Bun, Node, Deno,
 * workerd) at revision 2026-07-28. Each server is started as by default, without HOST
 * (loopback, where dns-rebinding-protection applies), and one server per runtime serves every scenario. The
 * four runtimes start together and their scenarios share a few CLI processes at a time: the
 * longest, server-stateless, mostly waits on its own timeouts. A scenario passes when the CLI
 * exits 0 with the expected-failures file (conformance-expected-failures.yml: only checks that
 * need the suite's own fixture tools, each with its reason), its printed summary is there, and
 * every check that did not pass is listed in that file, for want of a fixture tool as the suite
 * says. The pass counts per runtime are printed.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  CONFORMANCE_REVISION,
  describeChecks,
  limiter,
  readExpectedFailures,
  runScenarios,
  type ScenarioRun,
  unpassed,
} from "../../scripts/harness/conformance.ts";
import type { LiveServer } from "../../scripts/harness/live-server.ts";
import { RUNTIMES, type RuntimeName, runtimeTitle, startRuntime } from "../../scripts/harness/runtimes.ts";

/** The conformance scenarios, the longest first so that it starts first. */
const SCENARIOS = [
  "server-stateless",
  "tools-list",
  "resources-list",
  "prompts-list",
  "caching",
  "http-header-validation",
  "sep-2164-resource-not-found",
  // Applies to a server on loopback: every server here is.
  "dns-rebinding-protection",
] as const;

const EXPECTED_FAILURES = join(import.meta.dir, "conformance-expected-failures.yml");
const expected = readExpectedFailures(EXPECTED_FAILURES);

/** True when the expected-failures file lets `check` of `scenario` fail. */
const excused = (scenario: string, check: string): boolean => {
  const listed = expected.get(scenario);
  return listed === "*" || (listed?.has(check) ?? false);
};

/** What one runtime gave: its runs, or why there are none. */
interface Outcome {
  runs: ScenarioRun[];
  error?: unknown;
  ms: number;
}

/** CLI processes at once, over every runtime: on 2 cores, more only queue for the CPU. */
const cliProcesses = limiter(6);

/** Starts `runtime` on loopback, runs every scenario against it, stops it. */
async function conformanceOf(runtime: RuntimeName): Promise<Outcome> {
  const started = performance.now();
  let server: LiveServer | undefined;
  try {
    server = await startRuntime(runtime, { LOG: "off" });
    const runs = await runScenarios(`${server.base}/mcp`, SCENARIOS, {
      expectedFailures: EXPECTED_FAILURES,
      limit: cliProcesses,
    });
    return { runs, ms: performance.now() - started };
  } catch (error) {
    return { runs: [], error, ms: performance.now() - started };
  } finally {
    await server?.stop();
  }
}

let outcomes: Record<RuntimeName, Outcome>;

beforeAll(async () => {
  const all = await Promise.all(RUNTIMES.map(conformanceOf));
  outcomes = Object.fromEntries(RUNTIMES.map((runtime, i) => [runtime, all[i]!])) as Record<RuntimeName, Outcome>;
}, 180_000);

afterAll(() => {
  // The pass counts, to quote: passed/total per scenario, and the checks excused by the file.
  const lines = [`MCP conformance ${CONFORMANCE_REVISION} (@modelcontextprotocol/conformance), per runtime:`];
  for (const runtime of RUNTIMES) {
    const outcome = outcomes?.[runtime];
    if (outcome === undefined) continue;
    lines.push(`  ${runtimeTitle(runtime)}: ${(outcome.ms / 1000).toFixed(1)} s`);
    if (outcome.error !== undefined) lines.push(`    did not run: ${String(outcome.error)}`);
    for (const run of outcome.runs) {
      const summary = run.summary;
      const counts = summary
        ? `${summary.passed}/${summary.total} passed, ${summary.failed} failed, ${summary.warnings} warnings`
        : "no summary";
      const excusedHere = unpassed(run).filter((check) => excused(run.scenario, check.id)).length;
      lines.push(
        `    ${run.scenario}: ${counts}${excusedHere ? ` (${excusedHere} expected)` : ""}, exit ${run.exitCode}, ${run.ms} ms`,
      );
    }
  }
  console.log(lines.join("\n"));
});

describe("the expected-failures file", () => {
  test("lists single checks of these scenarios, never a whole scenario, each under its reason", () => {
    for (const [scenario, checks] of expected) {
      expect(SCENARIOS as readonly string[]).toContain(scenario);
      expect(checks, scenario).not.toBe("*");
    }
    // Every entry has a comment right above it.
    const lines = readFileSync(EXPECTED_FAILURES, "utf8").split("\n");
    lines.forEach((line, i) => {
      if (/^\s*- /.test(line)) expect(lines[i - 1], line).toMatch(/^\s*#/);
    });
  });
});

for (const runtime of RUNTIMES) {
  describe(`MCP conformance ${CONFORMANCE_REVISION} on ${runtimeTitle(runtime)}, as started by default`, () => {
    test.each(SCENARIOS)("%s passes", (scenario) => {
      const outcome = outcomes[runtime];
      if (outcome.error !== undefined) throw outcome.error;
      const run = outcome.runs.find((each) => each.scenario === scenario)!;
      // What failed and is not excused, with the suite's own messages.
      const failing = unpassed(run).filter((check) => !excused(scenario, check.id));
      expect(describeChecks(failing), run.output).toBe("");
      // An excused check fails only for want of the suite's fixture tool, not for another reason.
      for (const check of unpassed(run).filter((each) => excused(scenario, each.id)))
        expect(check.errorMessage, check.id).toMatch(/^Not testable: .*diagnostic tool 'test_\w+'/);
      expect(run.summary, run.output).not.toBeNull();
      expect(run.summary!.total, run.output).toBeGreaterThan(0);
      expect(run.exitCode, run.output).toBe(0);
    });
  });
}
