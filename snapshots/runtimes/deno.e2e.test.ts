/**
 * The shared runtime suite (runtime-suite.ts) against `bun run api:deno`: the handler served by
 * Deno.serve (Deno 2.9.6 from its npm package, api/deno/server.ts).
 * The operating suite (operate-suite.ts) too: request ids, the access log, RATE_LIMIT, HOST,
 * a bad setting and SIGTERM.
 */
import { runtimeTitle, startRuntime } from "../../scripts/harness/runtimes.ts";
import { operateSuite } from "./operate-suite.ts";
import { runtimeSuite } from "./runtime-suite.ts";

const start = (env: Record<string, string> = {}) => startRuntime("deno", env);

runtimeSuite(runtimeTitle("deno"), () => start());
operateSuite(runtimeTitle("deno"), start, {
  drains: true,
  remainingKnown: true,
  oversizedHead: { bytes: 70_000, status: 400 },
  refusesAtOnce: false,
});
