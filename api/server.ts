/**
 * `bun run api`: binds the shared handler to Bun.serve with the live clock and randomness
 * (D13, D16) and serves the built site from site/dist. PORT defaults to 3000 (settings.ts); SITE_URL sets
 * the origin of absolute URLs in documents (the same setting the site build reads); WORKERS=n
 * serves the port from n processes (Linux, api/workers.ts).
 */
import "./native-sha256.ts";
import { createService, DEFAULT_SITE_URL } from "../shared/http/handler.ts";
import { compress } from "./compress.ts";
import { randomHex } from "./random-hex.ts";
import { listenPort, workerCount } from "./settings.ts";
import { staticFiles } from "./static-files.ts";
import { followParent, isWorkerChild, startWorkers } from "./workers.ts";

const port = listenPort(process.env.PORT);
const workers = workerCount(process.env.WORKERS);
const service = createService({
  now: Date.now,
  randomHex,
  siteUrl: process.env.SITE_URL ?? DEFAULT_SITE_URL,
  fallback: staticFiles(new URL("../site/dist", import.meta.url).pathname),
  // Bun.serve holds every body to its Content-Length, so the handler may read it in one call.
  trustContentLength: true,
  // Documents go br- or gzip-compressed to clients that ask (Accept-Encoding), once ready.
  compress,
});

// Bun's router takes the fixed paths (the same answers as service.fetch, without URL parsing);
// other methods on them, and every other path, fall through to service.fetch.
type Route = Partial<Record<"GET" | "HEAD" | "POST", (request: Request) => Response | Promise<Response>>>;
const routes: Record<string, Route> = {};
for (const [path, post] of service.engines) routes[path] = { POST: post };
for (const [path, get] of service.documents) routes[path] = { GET: get, HEAD: get };

const server = Bun.serve({
  port,
  routes,
  fetch: service.fetch,
  reusePort: workers > 1 || isWorkerChild(),
  // development: false whatever NODE_ENV says: Bun's development mode answers an uncaught error
  // with an HTML page holding the stack trace (the handler is built never to throw; this is the
  // guard behind that).
  development: false,
  // Bun's own cap (128 MiB by default) would answer a larger declared Content-Length itself,
  // with a bare 413 and no body. Lifted, every declared length reaches the handler, which
  // refuses anything over D9's 65,536 bytes before reading it: the catalog's payload_too_large,
  // with Connection: close. Bodies without a length are still read only up to the limit.
  maxRequestBodySize: Number.MAX_SAFE_INTEGER,
});
if (isWorkerChild()) {
  followParent();
} else {
  const serving = startWorkers(workers, server.port as number);
  console.log(`agent-escrow-demo listening on ${server.url.href}${serving > 1 ? ` (${serving} processes)` : ""}`);
}
