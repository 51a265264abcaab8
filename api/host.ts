/**
 * The service as Node and Deno serve it (api/node.ts, api/deno.ts): the shared handler with the
 * live clock and randomness (D13), SITE_URL, the built site from SITE_DIR (default site/dist
 * below the working directory: `bun run` starts in the repository), node:zlib compression and
 * the error log on stderr (D21). Bun's own binding is api/server.ts.
 */
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { createService, DEFAULT_SITE_URL, type Service } from "../shared/http/handler.ts";
import { installSha256 } from "../shared/lib/sha256.ts";
import { compress } from "./compress.ts";
import { randomHex } from "./random-hex.ts";
import { localSiteUrl } from "./settings.ts";
import { staticFiles } from "./static-files.ts";

installSha256((text) => createHash("sha256").update(text).digest("hex"));

/**
 * The service for a runtime's HTTP server listening on `port`, from the environment. Without
 * SITE_URL the documents' absolute URLs name http://localhost:<port>, so a server started on
 * another PORT publishes its own address.
 */
export function hostService(env: Record<string, string | undefined>, port: number): Service {
  return createService({
    now: Date.now,
    randomHex,
    // PORT 0 (any free port) is not known until listening: the default origin then.
    siteUrl: env.SITE_URL || (port === 0 ? DEFAULT_SITE_URL : localSiteUrl(port)),
    fallback: staticFiles(resolve(env.SITE_DIR ?? "site/dist")),
    compress,
    // The method, the path and the exception; never the headers or the body (the demo key, D14).
    onError: (error, request) =>
      console.error(
        `internal_error ${request.method} ${new URL(request.url).pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      ),
  });
}
