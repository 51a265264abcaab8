/**
 * `bun run api`: binds the shared handler to Bun.serve with the live clock and randomness
 * (D13, D16) and serves the built site from site/dist. The settings (settings.ts): PORT
 * (default 3000), HOST (default every interface), WORKERS=n processes on one port (Linux,
 * workers.ts), LOG (the access log on stdout, on by default), RATE_LIMIT (off by default, D23),
 * and SITE_URL, the origin of absolute URLs in documents (the same setting the site build
 * reads). A bad setting stops the start with one line on stderr. SIGTERM and SIGINT drain the
 * requests in flight, then exit 0 (shutdown.ts). The Bun.serve options are api/serve.ts's, so
 * tests can serve with them without this module's side effects.
 */
import "./native-sha256.ts";
import type { Server } from "bun";
import { accessLogLine } from "../shared/http/access-log.ts";
import { errorLog } from "../shared/http/error-boundary.ts";
import { createService } from "../shared/http/handler.ts";
import { memoryLimiter } from "../shared/http/rate-limit.ts";
import { bunFiles } from "./bun-files.ts";
import { compress } from "./compress.ts";
import { lineWriter } from "./log-lines.ts";
import { randomHex } from "./random-hex.ts";
import { type LogWriter, serveOptions } from "./serve.ts";
import { cannotListen, settingsOrExit } from "./settings.ts";
import { CUT_OFF, drain, GRACE_MS } from "./shutdown.ts";
import { staticFiles } from "./static-files.ts";
import { followParent, isWorkerChild, NO_WORKERS, startWorkers, type Workers } from "./workers.ts";

const settings = settingsOrExit(process.env);
// Unexpected exceptions (D21) go to stderr: method, path and the exception, nothing of the request's headers or body.
const log: LogWriter = (entry) => process.stderr.write(`${entry}\n`);
// The access log: one JSON line per request on stdout (access-log.ts), unless LOG=off.
const accessLog = settings.log ? lineWriter() : undefined;
let server: Server<undefined> | undefined;
const service = createService({
  now: Date.now,
  randomHex,
  siteUrl: settings.siteUrl,
  fallback: staticFiles(new URL("../site/dist", import.meta.url).pathname, bunFiles),
  // Bun.serve holds every body to its Content-Length, so the handler may read it in one call.
  trustContentLength: true,
  // Documents go br- or gzip-compressed to clients that ask (Accept-Encoding), once ready.
  compress,
  onError: errorLog(log),
  ...(accessLog && {
    onResponse: (record) => accessLog.line(accessLogLine(record)),
    clock: () => performance.now(),
  }),
  // RATE_LIMIT (D23): counted per client address in this process.
  ...(settings.rateLimit && {
    limiter: memoryLimiter({ ...settings.rateLimit, now: Date.now }),
    clientKey: (request) => server?.requestIP(request)?.address,
  }),
});

const reusePort = settings.workers > 1 || isWorkerChild();
try {
  server = Bun.serve(serveOptions(service, { port: settings.port, hostname: settings.host, reusePort, log }));
} catch (error) {
  const { code, message } = error as { code?: string; message?: string };
  cannotListen(settings, code ?? message);
}
const listening = server;

let workers: Workers = NO_WORKERS;
let stopping = false;

/**
 * Drains this process's requests and its children's, then exits with `code`, or 1 when a child
 * did not stop cleanly. Once: further signals change nothing (Ctrl-C reaches every process of
 * the group, and the first process forwards SIGTERM too).
 */
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  // Children get GRACE_MS to drain, and a little longer to exit, before they are killed outright.
  const [inTime, childrenClean] = await Promise.all([drain(listening, GRACE_MS), workers.stop(GRACE_MS + 2_000)]);
  if (!inTime) log(CUT_OFF);
  if (!childrenClean) log("a worker did not stop cleanly");
  accessLog?.flush();
  process.exit(childrenClean ? code : 1);
}

process.on("SIGTERM", () => void shutdown(0));
process.on("SIGINT", () => void shutdown(0));
process.on("exit", () => accessLog?.flush());

if (isWorkerChild()) {
  followParent(() => void shutdown(0));
} else {
  workers = startWorkers(settings.workers, listening.port as number, (pid, exit) => {
    log(`worker ${pid} exited with ${exit}; stopping every worker`);
    void shutdown(1);
  });
  console.log(
    `agent-escrow-demo listening on ${listening.url.href}${workers.count > 1 ? ` (${workers.count} processes)` : ""}`,
  );
}
