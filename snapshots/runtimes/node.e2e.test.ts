/**
 * The shared runtime suite (runtime-suite.ts) against `bun run api:node`: the handler bundled
 * for Node and served by Node 20's own http server (api/node/server.ts).
 * The operating suite (operate-suite.ts) too: request ids, the access log, RATE_LIMIT, HOST,
 * a bad setting and SIGTERM.
 */
import { runtimeTitle, startRuntime } from "../../scripts/harness/runtimes.ts";
import { operateSuite } from "./operate-suite.ts";
import { runtimeSuite } from "./runtime-suite.ts";

const start = (env: Record<string, string> = {}) => startRuntime("node", env);

runtimeSuite(runtimeTitle("node"), () => start());
operateSuite(runtimeTitle("node"), start, {
  drains: true,
  remainingKnown: true,
  oversizedHead: { bytes: 20_000, status: 431 },
});
