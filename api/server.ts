/**
 * `bun run api`: binds the shared handler to Bun.serve with the live clock and randomness
 * (D13, D16) and serves the built site from site/dist. PORT defaults to 3000 (settings.ts); SITE_URL sets
 * the origin of absolute URLs in documents (the same setting the site build reads); WORKERS=n
 * serves the port from n processes (Linux, api/workers.ts). The Bun.serve options are
 * api/serve.ts's, so tests can serve with them without this module's side effects.
 */
import "./native-sha256.ts";
import { createService, DEFAULT_SITE_URL } from "../shared/http/handler.ts";
import { bunFiles } from "./bun-files.ts";
import { compress } from "./compress.ts";
import { randomHex } from "./random-hex.ts";
import { errorLog, type LogWriter, serveOptions } from "./serve.ts";
import { localSiteUrl, portOrExit, workerCount } from "./settings.ts";
import { staticFiles } from "./static-files.ts";
import { followParent, isWorkerChild, startWorkers } from "./workers.ts";

const port = portOrExit(process.env.PORT);
const workers = workerCount(process.env.WORKERS);
// Unexpected exceptions (D21) go to stderr: method, path and the exception, nothing of the request's headers or body.
const log: LogWriter = (entry) => process.stderr.write(`${entry}\n`);
const service = createService({
  now: Date.now,
  randomHex,
  // Without SITE_URL, documents name this server's own address (PORT 0: the default origin).
  siteUrl: process.env.SITE_URL || (port === 0 ? DEFAULT_SITE_URL : localSiteUrl(port)),
  fallback: staticFiles(new URL("../site/dist", import.meta.url).pathname, bunFiles),
  // Bun.serve holds every body to its Content-Length, so the handler may read it in one call.
  trustContentLength: true,
  // Documents go br- or gzip-compressed to clients that ask (Accept-Encoding), once ready.
  compress,
  onError: errorLog(log),
});

const server = Bun.serve(serveOptions(service, { port, reusePort: workers > 1 || isWorkerChild(), log }));
if (isWorkerChild()) {
  followParent();
} else {
  const serving = startWorkers(workers, server.port as number);
  console.log(`agent-escrow-demo listening on ${server.url.href}${serving > 1 ? ` (${serving} processes)` : ""}`);
}
