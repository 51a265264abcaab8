/**
 * The route table: every path the service answers itself, and what each method gets there. An
 * engine path takes POST (engine.ts); a document path GET (documents.ts), the key set among the
 * documents (jwks.ts); /mcp POST (shared/mcp/http/endpoint.ts), each of its answers behind its guard (guard.ts there).
 * On every path HEAD is answered as GET (service.ts drops the body), OPTIONS is the path's CORS
 * preflight (D17) and any other method 405 (D9). Off the table, a GET or HEAD goes to the host's
 * static files, and anything else is 404. Routing sees the request id only to write it into an
 * error body (D22); never the log or the limiter.
 */
import { DOCUMENT_CATALOG, KEY_SET } from "../documents/document-list.ts";
import { ENGINE_LIST } from "../engine/catalog.ts";
import { MCP_METHODS, mcpPreflightResponse, rpcError } from "../mcp/http/cors-and-errors.ts";
import type { McpEndpoint } from "../mcp/http/endpoint.ts";
import type { McpGuard } from "../mcp/http/guard.ts";
import { MCP_PATH } from "../protocol/constants.ts";
import { X402_PATHS } from "../x402/x402-paths.ts";
import { DOCUMENT_METHODS, ENGINE_METHODS, preflightResponse } from "./cors.ts";
import { type ServedDocuments, serveDocument } from "./documents.ts";
import { engineAnswer } from "./engine.ts";
import type { ServiceOptions } from "./options.ts";
import { notAllowed, notFound } from "./responses.ts";
import type { Handler, Route } from "./route.ts";
import { X402_LIMITED, x402Routes } from "./x402-routes.ts";

export type { Handler, Route } from "./route.ts";

/** Every path of the table, known before any service is made (requestPath): engines, documents, the key set, /mcp, x402's (D30). */
export const ROUTE_PATHS: ReadonlySet<string> = new Set<string>([
  ...ENGINE_LIST.map((engine) => engine.path),
  ...DOCUMENT_CATALOG.flatMap((doc) => doc.paths),
  KEY_SET.path,
  MCP_PATH,
  ...Object.values(X402_PATHS),
]);

/**
 * The paths whose POSTs a rate limit counts (D23): the engines and /mcp, which runs them. The
 * documents, the key set and the site's files are served from caches (ETags), so a client past
 * its limit still loads the page and reads the protocol.
 */
export const LIMITED_PATHS: ReadonlySet<string> = new Set<string>([
  ...ENGINE_LIST.map((engine) => engine.path),
  MCP_PATH,
  ...X402_LIMITED,
]);

/**
 * The path of a request URL, without the query. The URL is read as it came when its path is
 * one the service serves as written (no dot segments, escapes or backslashes to normalise);
 * otherwise the URL parser decides, as it would for any path.
 */
export function requestPath(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start !== -1) {
    const query = url.indexOf("?", start);
    const raw = query === -1 ? url.slice(start) : url.slice(start, query);
    if (ROUTE_PATHS.has(raw)) return raw;
  }
  return new URL(url).pathname;
}

/** The handler of a request for `path` with `method`. */
export type Router = (path: string, method: string) => Handler;

const refuseEngine: Handler = ({ id }) => notAllowed(ENGINE_METHODS, id);
const refuseDocument: Handler = ({ id }) => notAllowed(DOCUMENT_METHODS, id);
const missing: Handler = ({ id }) => notFound(id);

/** The route table of a service with these documents (the key set among them), /mcp endpoint and /mcp guard. */
export function routeTable(
  options: ServiceOptions,
  documents: ServedDocuments,
  mcp: McpEndpoint,
  guard: McpGuard,
): Map<string, Route> {
  const table = new Map<string, Route>();
  const engine = engineAnswer(options);
  for (const { path, route } of ENGINE_LIST)
    table.set(path, {
      POST: ({ request, id }) => engine(route, request, id),
      OPTIONS: () => preflightResponse(ENGINE_METHODS),
      refuse: refuseEngine,
    });
  const { compress } = options;
  const awaitCompression = options.awaitCompression === true;
  for (const [path, served] of documents.byPath)
    table.set(path, {
      GET: ({ request, context }) => serveDocument(request, served(), compress, context, awaitCompression),
      OPTIONS: () => preflightResponse(DOCUMENT_METHODS),
      refuse: refuseDocument,
    });
  const guarded =
    (handler: Handler): Handler =>
    (exchange) =>
      guard(exchange.request) ?? handler(exchange);
  table.set(MCP_PATH, {
    POST: guarded(({ request, context }) => mcp(request, context?.clientAddress ?? "unknown")),
    OPTIONS: guarded(mcpPreflightResponse),
    refuse: guarded(() => rpcError(405, -32000, "Method not allowed.", { Allow: MCP_METHODS })),
  });
  // D30: the x402 paths; without the demo network's keys (no signing key) each answers 404.
  for (const [path, route] of x402Routes(options)) table.set(path, route);
  return table;
}

/** The router over `table`: the route's handler of the method, else the host's static files (`fallback`) for GET and HEAD, else 404. */
export function createRouter(table: Map<string, Route>, fallback: ServiceOptions["fallback"]): Router {
  const staticFile =
    (path: string): Handler =>
    ({ request, id }) => {
      const file = fallback!(request, path);
      return file instanceof Promise ? file.then((found) => found ?? notFound(id)) : (file ?? notFound(id));
    };
  return (path, method) => {
    const route = table.get(path);
    const read = method === "GET" || method === "HEAD";
    if (route === undefined) return read && fallback !== undefined ? staticFile(path) : missing;
    const handler = read
      ? route.GET
      : method === "POST"
        ? route.POST
        : method === "OPTIONS"
          ? route.OPTIONS
          : undefined;
    return handler ?? route.refuse;
  };
}
