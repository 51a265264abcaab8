/**
 * `bun run api:deno`: the service (api/host/assemble.ts) on Deno.serve (Deno from its npm
 * package, pinned). The settings of `bun run api` but WORKERS (api/host/settings.ts);
 * RATE_LIMIT counts per peer address (D23); SIGTERM or SIGINT drain the requests in flight
 * before exit 0 (api/host/stop.ts). Run with --allow-net, --allow-env and --allow-read (the
 * built site).
 */
import process from "node:process";
import { assemble } from "../host/assemble.ts";
import { nodeApis } from "../host/node-apis.ts";
import { cannotListen, settingsOrExit, startLine } from "../host/settings.ts";
import { stopOnSignals } from "../host/stop.ts";

/** What this file uses of Deno's global (the project type-checks with Bun's types). */
declare const Deno: {
  version: { deno: string };
  serve(
    options: { port: number; hostname?: string; onListen?: (address: { port: number; hostname: string }) => void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): { shutdown(): Promise<void> };
};

const settings = settingsOrExit(process.env);
/** The answers being made. */
const inFlight = new Set<Promise<Response>>();
const host = assemble(settings, nodeApis(settings));

let server: { shutdown(): Promise<void> };
try {
  server = Deno.serve(
    {
      port: settings.port,
      hostname: settings.host,
      onListen: ({ port }) => console.log(startLine(settings, port, `Deno ${Deno.version.deno}`)),
    },
    (request, info) => {
      const answer = Promise.resolve(host.service.fetch(request, { clientAddress: info.remoteAddr.hostname }));
      inFlight.add(answer);
      void answer.finally(() => inFlight.delete(answer));
      return answer;
    },
  );
} catch (error) {
  const { code, name, message } = error as { code?: string; name?: string; message?: string };
  cannotListen(settings, code ?? name ?? message);
}

// Deno.serve's shutdown stops accepting and resolves once the requests in flight are answered,
// but on Deno 2.9 it also cuts off a request body still arriving (denoland/deno#36809: the
// read fails with BadResource). So the stop first lets the answers begun before the signal be
// made (their bodies read in full), then shuts down; past the bound, the process exits with
// whatever is left cut off. Meanwhile, usually for milliseconds, new connections are still taken.
stopOnSignals(host, {
  close: async () => {
    await Promise.allSettled([...inFlight]);
    await server.shutdown();
  },
  cut: () => undefined,
});
