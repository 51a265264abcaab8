/**
 * `bun run api`: the service (api/host/assemble.ts) on Bun.serve, with Bun's own files and SHA-256
 * (runtime.ts) and client addresses. The settings (api/host/settings.ts): PORT (default 3000), HOST (default
 * every interface), WORKERS=n processes on one port (Linux, processes.ts), LOG, RATE_LIMIT
 * (D23), SITE_URL and SITE_DIR; a bad one stops the start with one line on stderr. SIGTERM and
 * SIGINT drain the requests in flight, then exit 0 (api/host/stop.ts). The Bun.serve options
 * are serve-options.ts's, so tests can serve with them without this module's side effects.
 */
import type { Server } from "bun";
import { assemble } from "../host/assemble.ts";
import { cannotListen, settingsOrExit, startLine } from "../host/settings.ts";
import { stopOnSignals } from "../host/stop.ts";
import { followParent, isProcessChild, startProcesses } from "./processes.ts";
import { bunRuntime, logError } from "./runtime.ts";
import { serveOptions } from "./serve-options.ts";

const settings = settingsOrExit(process.env);
const host = assemble(settings, bunRuntime(settings.siteDir));

let server: Server<undefined> | undefined;
try {
  const reusePort = settings.workers > 1 || isProcessChild();
  const limited = settings.rateLimit !== null;
  server = Bun.serve(
    serveOptions(host.service, { port: settings.port, hostname: settings.host, reusePort, limited, log: logError }),
  );
} catch (error) {
  const { code, message } = error as { code?: string; message?: string };
  cannotListen(settings, code ?? message);
}
const listening = server;

const port = listening.port as number;
const processes = isProcessChild()
  ? undefined
  : startProcesses(settings.workers, port, (pid, code) => {
      logError(`worker ${pid} exited with ${code}; stopping every worker`);
      stop(1);
    });
const stop = stopOnSignals(
  host,
  { close: () => listening.stop(false), cut: () => listening.stop(true) },
  processes?.stop,
);
if (processes === undefined) followParent(() => stop(0));
else console.log(startLine(settings, port, processes.count > 1 ? `${processes.count} processes` : ""));
