/**
 * The Bun.serve options of `bun run api`, in a module of their own because server.ts listens on
 * import: a test serves any service with exactly these options. Every request goes to the
 * service's one `fetch`; Bun's `error` callback is the last guard behind the service's own
 * boundary (D21), answering the same catalog JSON.
 *
 * No `routes`: Bun's router would call the same `fetch` for the fixed paths, and the service
 * finds a fixed path from the URL text without parsing it (shared/http/routes.ts); measured
 * in docs/performance.md.
 */
import type { Serve } from "bun";
import { describeError } from "../../shared/http/error-boundary.ts";
import { FRESH_REQUEST_ID_LENGTH, REQUEST_ID_HEADER } from "../../shared/http/request-id.ts";
import { internalError } from "../../shared/http/responses.ts";
import type { Service } from "../../shared/http/service.ts";
import { cryptoRandomHex } from "../host/random-hex.ts";

/** What the server binding needs besides the service. */
export interface ServeSettings {
  /** The port to listen on; 0 picks a free one. */
  port: number;
  /** The interface to listen on (HOST); undefined for Bun's default, every interface. */
  hostname?: string;
  /** SO_REUSEPORT, so several processes can serve one port (WORKERS, processes.ts). */
  reusePort: boolean;
  /** True when the service limits clients (RATE_LIMIT): each request then names its client's address. */
  limited?: boolean;
  /** Where an exception that reaches Bun itself is logged. */
  log: (entry: string) => void;
}

/** Bun.serve's options for `service`: its fetch, and the last guard. */
export function serveOptions(service: Service, settings: ServeSettings): Serve.Options<undefined, string> {
  const { fetch } = service;
  return {
    port: settings.port,
    ...(settings.hostname === undefined ? {} : { hostname: settings.hostname }),
    fetch: settings.limited
      ? (request, server) => fetch(request, { clientAddress: server.requestIP(request)?.address })
      : (request) => fetch(request),
    reusePort: settings.reusePort,
    // The service answers its own exceptions (D21); this answers what still escapes it (a
    // broken host binding) with the same catalog JSON rather than Bun's bare 500. Bun passes
    // no request here, so the entry names no method or path, and the id is a fresh one (D22).
    error(error) {
      const id = cryptoRandomHex(FRESH_REQUEST_ID_LENGTH);
      settings.log(`internal_error (outside the handler): ${describeError(error)}`);
      const response = internalError(id);
      response.headers.set(REQUEST_ID_HEADER, id);
      return response;
    },
    // development: false whatever NODE_ENV says: Bun's development mode can answer an uncaught
    // error with an HTML page holding the stack trace, which must never reach a client.
    development: false,
    // Bun's own cap (128 MiB by default) would answer a larger declared Content-Length itself,
    // with a bare 413 and no body. Lifted, every declared length reaches the service, which
    // refuses anything over D9's 65,536 bytes before reading it: the catalog's payload_too_large,
    // with Connection: close. Bodies without a length are still read only up to the limit.
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
  };
}
