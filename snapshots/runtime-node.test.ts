/**
 * The shared runtime suite (runtime-suite.ts) against `bun run api:node`: the handler bundled
 * for Node and served by Node 20's own http server (api/node.ts).
 */
import { startCommand } from "./live-server.ts";
import { runtimeSuite } from "./runtime-suite.ts";

runtimeSuite("Node (bun run api:node)", () => startCommand([process.execPath, "run", "api:node"], {}, 60_000));
