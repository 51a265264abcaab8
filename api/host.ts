/**
 * The service as Node and Deno serve it (api/node.ts, api/deno.ts): the shared handler with the
 * live clock and randomness (D13), the settings of `bun run api` (settings.ts: PORT, HOST, LOG,
 * RATE_LIMIT, SITE_URL; WORKERS is Bun's alone), the built site from SITE_DIR (default site/dist
 * below the working directory: `bun run` starts in the repository), node:zlib compression, the
 * access log on stdout and the error log on stderr (D21). Bun's own binding is api/server.ts.
 */
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { accessLogLine } from "../shared/http/access-log.ts";
import { errorLog } from "../shared/http/error-boundary.ts";
import { createService, type Service } from "../shared/http/handler.ts";
import { memoryLimiter } from "../shared/http/rate-limit.ts";
import { installSha256 } from "../shared/lib/sha256.ts";
import { compress } from "./compress.ts";
import { type LineWriter, lineWriter } from "./log-lines.ts";
import { randomHex } from "./random-hex.ts";
import type { Settings } from "./settings.ts";
import { CUT_OFF, GRACE_MS } from "./shutdown.ts";
import { staticFiles } from "./static-files.ts";

installSha256((text) => createHash("sha256").update(text).digest("hex"));

/** A running host's service and what its stop needs. */
export interface Host {
  service: Service;
  /** The access log's writer (LOG=off: none). */
  accessLog: LineWriter | undefined;
}

/** Writes one line to stderr: exceptions (D21) and what a stop has to say. */
export const logError = (entry: string): void => void process.stderr.write(`${entry}\n`);

/**
 * The service for a runtime's HTTP server with `settings`; `clientKey` gives a request's client
 * address, what RATE_LIMIT counts under (D23).
 */
export function hostService(
  env: Record<string, string | undefined>,
  settings: Settings,
  clientKey: (request: Request) => string | undefined,
): Host {
  const accessLog = settings.log ? lineWriter() : undefined;
  const service = createService({
    now: Date.now,
    randomHex,
    siteUrl: settings.siteUrl,
    fallback: staticFiles(resolve(env.SITE_DIR ?? "site/dist")),
    compress,
    onError: errorLog(logError),
    ...(accessLog && {
      onResponse: (record) => accessLog.line(accessLogLine(record)),
      clock: () => performance.now(),
    }),
    ...(settings.rateLimit && { limiter: memoryLimiter({ ...settings.rateLimit, now: Date.now }), clientKey }),
  });
  return { service, accessLog };
}

/**
 * Stops a server as `bun run api` does (shutdown.ts): `close` stops accepting and resolves once
 * the requests in flight are answered; past {@link GRACE_MS}, `cut` closes what is left (when
 * the runtime can) and the stop goes on. Then the log's last lines are written and the process
 * exits 0. Once: a second signal changes nothing.
 */
export function gracefulStop(host: Host, close: () => Promise<unknown>, cut?: () => void): () => void {
  let stopping = false;
  const exit = () => {
    host.accessLog?.flush();
    process.exit(0);
  };
  return () => {
    if (stopping) return;
    stopping = true;
    const late = setTimeout(() => {
      logError(CUT_OFF);
      cut?.();
      exit();
    }, GRACE_MS);
    void close()
      .catch(() => undefined)
      .then(() => {
        clearTimeout(late);
        exit();
      });
  };
}
