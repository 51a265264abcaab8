/**
 * Routing: which answer a path and method get. The five engine paths take POST (engine.ts),
 * the documents GET (documents.ts), /mcp the MCP endpoint (mcp.ts), /.well-known/jwks.json the
 * deployment's public keys (jwks.ts), any other GET the host's static files; OPTIONS is the
 * CORS preflight (D17), another method 405 (D9), another path 404. A HEAD is routed as its GET:
 * service.ts drops the body. Nothing here sees the request id but to write it into an error
 * body (D22), nor the log, nor the limiter.
 */
import { DOCUMENT_CATALOG } from "../documents/document-list.ts";
import { ENGINE_LIST } from "../engine/catalog.ts";
import { type EngineRoute, MCP_PATH } from "../protocol/constants.ts";
import { DOCUMENT_METHODS, ENGINE_METHODS, preflight } from "./cors.ts";
import { type ServedDocuments, serveDocument } from "./documents.ts";
import { engineAnswer } from "./engine.ts";
import { JWKS_PATH, jwksEndpoint } from "./jwks.ts";
import type { McpEndpoint } from "./mcp.ts";
import type { RequestContext, ServiceOptions } from "./options.ts";
import { notAllowed, notFound } from "./responses.ts";

/** Answers a request for `path` (id: the request's, for an error body; context: what the runtime knows of it). */
export type Router = (
  request: Request,
  path: string,
  id: string,
  context: RequestContext | undefined,
) => Response | Promise<Response>;

const engineByPath = new Map<string, EngineRoute>(ENGINE_LIST.map((engine) => [engine.path, engine.route]));
/** Every fixed path the service answers: engines, documents and /mcp. */
const FIXED_PATHS = new Set<string>([
  ...engineByPath.keys(),
  ...DOCUMENT_CATALOG.flatMap((doc) => doc.paths),
  MCP_PATH,
  JWKS_PATH,
]);

/**
 * The path of a request URL, without the query. The URL is read as it came when its path is
 * one the service serves as written (no dot segments, escapes or backslashes to normalise);
 * otherwise the URL parser decides, as it would for any path.
 */
export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start !== -1) {
    const query = url.indexOf("?", start);
    const raw = query === -1 ? url.slice(start) : url.slice(start, query);
    if (FIXED_PATHS.has(raw)) return raw;
  }
  return new URL(url).pathname;
}

/** The router of a service with these documents and /mcp endpoint. */
export function createRoutes(options: ServiceOptions, documents: ServedDocuments, mcp: McpEndpoint): Router {
  const engine = engineAnswer(options);
  const { fallback, compress } = options;
  const awaitCompression = options.awaitCompression === true;
  const jwks = jwksEndpoint(options.sealing);

  return (request, path, id, context) => {
    const method = request.method;
    const route = engineByPath.get(path);
    if (route !== undefined) {
      if (method === "POST") return engine(route, request, id);
      return method === "OPTIONS" ? preflight(ENGINE_METHODS) : notAllowed(ENGINE_METHODS, id);
    }
    const served = documents.byPath.get(path);
    if (served !== undefined) {
      if (method === "GET" || method === "HEAD")
        return serveDocument(request, served(), compress, context?.waitUntil, awaitCompression);
      return method === "OPTIONS" ? preflight(DOCUMENT_METHODS) : notAllowed(DOCUMENT_METHODS, id);
    }
    if (path === MCP_PATH) return mcp(request, context?.clientAddress ?? "unknown");
    if (path === JWKS_PATH) return jwks(request, id);
    if ((method === "GET" || method === "HEAD") && fallback !== undefined) {
      const file = fallback(request, path);
      return file instanceof Promise ? file.then((found) => found ?? notFound(id)) : (file ?? notFound(id));
    }
    return notFound(id);
  };
}
