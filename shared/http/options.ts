/**
 * What the service needs from its host (ServiceOptions): the clock and randomness, and what a
 * runtime adds: static files, its compressor, its logs, its limiter, its signing key. service.ts
 * reads them.
 */
import type { DocumentSettings } from "../documents/built-documents.ts";
import type { McpAccess } from "../mcp/http/guard.ts";
import type { Sealing, UnusableSealing } from "../seal/signer.ts";
import type { X402Keys } from "../x402/fund.ts";
import type { AccessRecord } from "./access-log.ts";
import type { Compressor } from "./documents.ts";
import type { ErrorReporter } from "./error-boundary.ts";
import type { RateLimiter } from "./rate-limit.ts";

/** What the service needs from its host. */
export interface ServiceOptions extends Partial<DocumentSettings> {
  /** Epoch milliseconds; read once per engine request. */
  now: () => number;
  /** `length` random lowercase hex characters: job ids, and the id of a request that sent none (D22). */
  randomHex: (length: number) => string;
  /** Static files (the built site) for GET paths that are neither engines nor documents. */
  fallback?: (request: Request, pathname: string) => Response | null | Promise<Response | null>;
  /**
   * True when the host's HTTP server delimits every request body by its Content-Length
   * (Bun.serve, Node's http and workerd do), so a body can never be longer than it declares. A
   * declared length within the limit is then read in one call instead of chunk by chunk
   * (a fund through `fetch` in process: 14.8 against 17.9 µs of CPU, medians of 21 rounds,
   * 2026-12-07); a Request built in code promises no such thing, so the default stays false.
   */
  trustContentLength?: boolean;
  /**
   * The host's compressor (node:zlib on Bun and Node). When given, a document is compressed in
   * each coding, once, in the background, when a request first accepts a coding for it (so a
   * start compresses nothing); from then on clients whose Accept-Encoding asks for a coding get
   * it. Until then, and to every other client, documents go as they are. Engine responses are
   * never compressed: they are small and made per request.
   */
  compress?: Compressor;
  /**
   * Called with every unexpected exception (a bug) that the service answered with 500
   * internal_error (D21), and the request it broke, so the host can log it. Log the method and
   * path at most: the body and headers carry the demo key (D14). Without it nothing is reported
   * (shared/ does no I/O); the client gets the same answer either way. A limiter's failure
   * comes here too (the request then goes on unlimited).
   */
  onError?: ErrorReporter;
  /**
   * With `compress`: the request that starts a document's compression waits for the coded
   * form it accepts, instead of getting the document as it is. For a host whose platform would
   * compress the plain form anyway, under the plain form's ETag (Workers); a few milliseconds,
   * once per document.
   */
  awaitCompression?: boolean;
  /**
   * The access log's hook: called once per response as it leaves the service (service.ts),
   * with its id, method, path, status, body bytes (the response's Content-Length) and
   * duration; `accessLogLine` (access-log.ts) makes the log line of it. An exception in it
   * changes no answer. Without it nothing is measured.
   */
  onResponse?: (record: AccessRecord) => void;
  /** A monotonic clock in milliseconds (performance.now) for onResponse's durations; `now` without it. */
  clock?: () => number;
  /**
   * The rate limiter (D23): off when absent, the default. Every POST to an engine or to /mcp
   * (routes.ts LIMITED_PATHS) is counted under its context's `clientAddress` ("unknown" without
   * one); a refused one answers 429 rate_limited, and every counted one carries the RateLimit
   * headers. Documents, the key set, the site's files and preflights are neither counted nor refused.
   * `memoryLimiter` (rate-limit.ts) is one for Bun, Node and Deno; an edge runtime can plug its own.
   */
  limiter?: RateLimiter;
  /**
   * Who may reach /mcp (shared/mcp/http/guard.ts): whether the host listens on loopback only (then a request
   * must be addressed to this machine, against DNS rebinding), and the origins besides the
   * deployment's own (`siteUrl`) a browser page may call it from. Absent: a public address's
   * rule with no other origin, which refuses a foreign page and lets every agent in.
   */
  mcpAccess?: McpAccess;
  /**
   * Seals on jobs and signatures on receipts (D27): the SEALS mode and the Signer of the
   * deployment's key, built once by the host (keys/ed25519-keys.ts). Its public keys are
   * GET /.well-known/jwks.json's (jwks.ts). Absent: SEALS=off, no seals, an empty key set.
   * Unusable (SEALS=required without a key): the engines answer seals_unavailable (D27).
   */
  sealing?: Sealing | UnusableSealing;
  /**
   * The demo network's keys (D30): the service's addresses, derived from its signing key
   * (keys/x402-keys.ts), and the secp256k1 recovery that checks a payer's signature (the host's
   * fastest; shared/x402/recover.ts). Absent (no signing key): the x402 paths are not served.
   */
  x402?: X402Keys;
}

/**
 * What a runtime knows of one request beyond the Request itself, handed to `fetch` with it
 * (like hono's `env` and execution context): nothing on a plain call.
 */
export interface RequestContext {
  /** The client's address, what a rate limit counts under (D23): the TCP peer, or Cloudflare's CF-Connecting-IP. */
  clientAddress?: string | null;
  /**
   * Keeps alive work the request starts that outlives its response (a document's compression,
   * with `compress`), on a runtime that may drop it once the response is out (Workers:
   * `ctx.waitUntil`); elsewhere the work simply runs.
   */
  waitUntil?: (work: Promise<unknown>) => void;
  /**
   * The Accept-Encoding a document is chosen by, in place of the request's own header, where the
   * runtime knows better (Workers: the one coding the platform sends this client, null for none,
   * api/workers/platform-compression.ts); absent: the request's header.
   */
  acceptEncoding?: string | null;
}
