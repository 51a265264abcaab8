/**
 * `bun run api:deno`: the same handler on Deno.serve (Deno from its npm package, pinned). PORT
 * as for Bun (D16). Run with --allow-net, --allow-env and --allow-read (the built site).
 */
import { hostService } from "./host.ts";
import { listenPort } from "./settings.ts";

/** What this file uses of Deno's global (the project type-checks with Bun's types). */
declare const Deno: {
  env: { toObject(): Record<string, string> };
  version: { deno: string };
  exit(code: number): never;
  serve(
    options: { port: number; onListen?: (address: { port: number }) => void },
    handler: (request: Request) => Promise<Response>,
  ): unknown;
};

const env = Deno.env.toObject();
let port: number;
try {
  port = listenPort(env.PORT);
} catch (error) {
  console.error((error as Error).message);
  Deno.exit(1);
}
const service = hostService(env, port);
Deno.serve(
  {
    port,
    onListen: ({ port: bound }) =>
      console.log(`agent-escrow-demo listening on http://localhost:${bound}/ (Deno ${Deno.version.deno})`),
  },
  service.fetch,
);
