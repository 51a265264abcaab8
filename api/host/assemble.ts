/**
 * The one assembly of the service from settings, for every runtime: the shared service
 * (shared/http/service.ts) with the live clock and randomness (D13), the built site's files,
 * the compressor, the error log (D21), the access log (LOG), the rate limit (RATE_LIMIT,
 * D23), who may reach /mcp (HOST, MCP_ALLOWED_ORIGINS) and the seals and receipt signatures
 * (SEALS and the signing key, keys/ed25519-keys.ts: one Signer per process, the same on every runtime for
 * the same key). What differs between runtimes is a small record ({@link Runtime}): how it
 * finds files, whether its server frames bodies, where its logs go, and how it limits. Each
 * runtime's binding hands the service's `fetch` the request and what it knows of it (the client's
 * address, Workers' waitUntil).
 */

import type { MacMaker } from "../../keys/ed25519-keys.ts";
import { sealingOf } from "../../keys/key-settings.ts";
import { x402IdentityOf } from "../../keys/x402-keys.ts";
import type { Compressor } from "../../shared/http/documents.ts";
import { errorLog } from "../../shared/http/error-boundary.ts";
import type { Rate } from "../../shared/http/rate-limit.ts";
import { memoryLimiter, type RateLimiter } from "../../shared/http/rate-limit.ts";
import { createService, type Service } from "../../shared/http/service.ts";
import { installSha256 } from "../../shared/lib/sha256.ts";
import { installKeccak } from "../../shared/x402/evm-words.ts";
import { nobleRecover, type Recover } from "../../shared/x402/recover.ts";
import { type LineWriter, lineWriter } from "./log-lines.ts";
import { cryptoRandomHex } from "./random-hex.ts";
import type { ServiceSettings } from "./settings.ts";
import { type FileSource, staticFiles } from "./static-files.ts";

/** What a runtime brings to the assembly. */
export interface Runtime {
  /** The built site's files and their folder; absent where the platform serves them (Workers). */
  site?: { files: FileSource; dir: string };
  /** True when the runtime's HTTP server holds every body to its Content-Length (Bun, Node). */
  framedBodies: boolean;
  /** The documents' compressor. */
  compress: Compressor;
  /** Writes one entry of the error log (D21): stderr, or the platform's console. */
  errorLog: (entry: string) => void;
  /** Where access-log lines go; by default batched to stdout (log-lines.ts). */
  accessLog?: LineWriter;
  /** The limiter of a rate (D23); by default counted in this process (memoryLimiter). */
  limiter?: (rate: Rate) => RateLimiter;
  /** The runtime's own SHA-256 (hex of UTF-8 text), faster than the portable one. */
  sha256?: (text: string) => string;
  /** Workers: the request that starts a document's compression waits for it (ServiceOptions). */
  awaitCompression?: boolean;
  /** The fastest secp256k1 recovery the runtime has (D30); the portable one by default. */
  recover?: Recover;
  /** The seals' HMAC-SHA256, where the runtime's own is slow (workerd); keys/ed25519-keys.ts's by default. */
  mac?: MacMaker;
  /** A faster keccak-256 than the portable one (D30), installed when it agrees with it. */
  keccak?: (bytes: Uint8Array) => Uint8Array;
}

/** An assembled service and what a stop needs of it. */
export interface Host {
  service: Service;
  /** The access log's writer (LOG=off: none), flushed by a stop. */
  accessLog: LineWriter | undefined;
}

/** Assembles the service of `settings` on `runtime`. */
export function assemble(settings: ServiceSettings, runtime: Runtime): Host {
  if (runtime.sha256 !== undefined) installSha256(runtime.sha256);
  if (runtime.keccak !== undefined) installKeccak(runtime.keccak);
  const accessLog = settings.log ? (runtime.accessLog ?? lineWriter()) : undefined;
  const limiter =
    settings.rateLimit === null
      ? undefined
      : (runtime.limiter ?? ((rate) => memoryLimiter({ ...rate, now: Date.now })))(settings.rateLimit);
  const service = createService({
    now: Date.now,
    randomHex: cryptoRandomHex,
    siteUrl: settings.siteUrl,
    mcpAccess: settings.mcpAccess,
    sealing: sealingOf(settings.signing, runtime.mac),
    ...(settings.signing.key !== null && {
      x402: { identity: x402IdentityOf(settings.signing.key), recover: runtime.recover ?? nobleRecover },
    }),
    ...(runtime.site && { fallback: staticFiles(runtime.site.dir, runtime.site.files) }),
    trustContentLength: runtime.framedBodies,
    compress: runtime.compress,
    onError: errorLog(runtime.errorLog),
    ...(accessLog && {
      onResponse: (record) => accessLog.access(record),
      clock: () => performance.now(),
    }),
    limiter,
    awaitCompression: runtime.awaitCompression,
  });
  return { service, accessLog };
}
