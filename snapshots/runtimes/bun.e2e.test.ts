/**
 * The shared runtime suite (runtime-suite.ts) against `bun run api` (api/bun/server.ts): the
 * reference every other runtime's server is held to; and the operating suite (operate-suite.ts).
 */
import { startServer } from "../../scripts/harness/live-server.ts";
import { runtimeTitle } from "../../scripts/harness/runtimes.ts";
import { operateSuite } from "./operate-suite.ts";
import { runtimeSuite } from "./runtime-suite.ts";

runtimeSuite(runtimeTitle("bun"), () => startServer());
operateSuite(runtimeTitle("bun"), (env) => startServer(env), {
  drains: true,
  remainingKnown: true,
  oversizedHead: { bytes: 20_000, status: 431 },
});
