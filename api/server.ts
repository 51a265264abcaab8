/**
 * `bun run api`: binds the shared handler to Bun.serve with the live clock and randomness
 * (D13, D16) and serves the built site from site/dist. The settings (settings.ts): PORT
 * (default 3000), HOST (default every interface), WORKERS=n processes on one port (Linux,
 * workers.ts), LOG (the access log on stdout, on by default), and SITE_URL, the origin of
 * absolute URLs in documents (the same setting the site build reads). A bad setting stops the
 * start with one line on stderr. The Bun.serve options are api/serve.ts's, so tests can serve
 * with them without this module's side effects.
 */
import "./native-sha256.ts";
import type { Server } from "bun";
import { accessLogLine } from "../shared/http/access-log.ts";
import { createService, DEFAULT_SITE_URL } from "../shared/http/handler.ts";
import { compress } from "./compress.ts";
import { lineWriter } from "./log-lines.ts";
import { randomHex } from "./random-hex.ts";
import { errorLog, type LogWriter, serveOptions } from "./serve.ts";
import { readSettings, SettingError } from "./settings.ts";
import { staticFiles } from "./static-files.ts";
import { followParent, isWorkerChild, startWorkers } from "./workers.ts";

/** Stops the start with one line on stderr, no stack trace: what an operator needs to fix it. */
function refuseToStart(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let settings: ReturnType<typeof readSettings>;
try {
  settings = readSettings(process.env);
} catch (error) {
  if (error instanceof SettingError) refuseToStart(error.message);
  throw error;
}

// Unexpected exceptions (D21) go to stderr: method, path and the exception, nothing of the request's headers or body.
const log: LogWriter = (entry) => process.stderr.write(`${entry}\n`);
// The access log: one JSON line per request on stdout (access-log.ts), unless LOG=off.
const accessLog = settings.log ? lineWriter() : undefined;
const service = createService({
  now: Date.now,
  randomHex,
  siteUrl: process.env.SITE_URL ?? DEFAULT_SITE_URL,
  fallback: staticFiles(new URL("../site/dist", import.meta.url).pathname),
  // Bun.serve holds every body to its Content-Length, so the handler may read it in one call.
  trustContentLength: true,
  // Documents go br- or gzip-compressed to clients that ask (Accept-Encoding), once ready.
  compress,
  onError: errorLog(log),
  ...(accessLog && {
    onResponse: (record) => accessLog.line(accessLogLine(record)),
    clock: () => performance.now(),
  }),
});
// The last lines, whatever ends the process.
process.on("exit", () => accessLog?.flush());

const reusePort = settings.workers > 1 || isWorkerChild();
let server: Server<undefined>;
try {
  server = Bun.serve(serveOptions(service, { port: settings.port, hostname: settings.host, reusePort, log }));
} catch (error) {
  const { code, message } = error as { code?: string; message?: string };
  refuseToStart(`Cannot listen on ${settings.host ?? "every interface"} port ${settings.port}: ${code ?? message}.`);
}

if (isWorkerChild()) {
  followParent();
} else {
  const serving = startWorkers(settings.workers, server.port as number);
  console.log(`agent-escrow-demo listening on ${server.url.href}${serving > 1 ? ` (${serving} processes)` : ""}`);
}
