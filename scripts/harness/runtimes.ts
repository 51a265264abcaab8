/**
 * The four runtimes the service is served on, as the suites start them: each by its package.json
 * script (`bun run api:node`), named in test titles by runtime and script, and run as a live
 * server (live-server.ts).
 */
import { type LiveServer, startCommand, startServer } from "./live-server.ts";

/** The four runtimes the service is served on, each by its script. */
export const RUNTIMES = ["bun", "node", "deno", "workerd"] as const;
export type RuntimeName = (typeof RUNTIMES)[number];

/** How each runtime's server is started, and what its name reads as in a test's title. */
const RUNTIME_SCRIPTS: Record<RuntimeName, { script: string; title: string }> = {
  bun: { script: "api", title: "Bun (bun run api)" },
  node: { script: "api:node", title: "Node (bun run api:node)" },
  deno: { script: "api:deno", title: "Deno (bun run api:deno)" },
  workerd: { script: "api:workers", title: "workerd (bun run api:workers)" },
};

/** The package.json script that serves `runtime`: `api:node`. */
export const runtimeScript = (runtime: RuntimeName): string => RUNTIME_SCRIPTS[runtime].script;

/** A runtime's name as test titles give it: `Node (bun run api:node)`. */
export const runtimeTitle = (runtime: RuntimeName): string => RUNTIME_SCRIPTS[runtime].title;

/**
 * Starts the service on `runtime` as its script serves it (`bun run api:node`), with `env`
 * over this process's: Bun as {@link startServer} does (one process, no script in between);
 * the others through `bun run`, allowed a minute to answer (Node's script bundles first,
 * workerd loads wrangler, and a loaded machine is slow).
 */
export function startRuntime(runtime: RuntimeName, env: Record<string, string> = {}): Promise<LiveServer> {
  if (runtime === "bun") return startServer(env);
  return startCommand([process.execPath, "run", runtimeScript(runtime)], env, 60_000);
}
