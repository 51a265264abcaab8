/**
 * The shared runtime suite (runtime-suite.ts) against `bun run api:deno`: the handler served by
 * Deno.serve (Deno 2.9.6 from its npm package, api/deno.ts).
 */
import { startCommand } from "./live-server.ts";
import { runtimeSuite } from "./runtime-suite.ts";

runtimeSuite("Deno (bun run api:deno)", () => startCommand([process.execPath, "run", "api:deno"], {}, 60_000));
