/**
 * The shared runtime suite (runtime-suite.ts) against `bun run api` (api/server.ts): the
 * reference every other runtime's server is held to.
 */
import { startServer } from "./live-server.ts";
import { runtimeSuite } from "./runtime-suite.ts";

runtimeSuite("Bun (bun run api)", () => startServer());
