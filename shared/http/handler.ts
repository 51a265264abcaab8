/**
 * The request handler: a standard `fetch(Request) => Promise<Response>` that runs on Bun, Node
 * and edge runtimes alike. This module only routes, behind one error boundary
 * (error-boundary.ts, D21): CORS (cors.ts, D17), body limits (body-limit.ts, D9), JSON
 * responses (responses.ts, D18), header decoding (header-text.ts), documents (documents.ts),
 * request ids and the access log hook (exchange.ts, D22) and the rate limit (rate-limit.ts,
 * D23) each live in their own module. The caller brings the clock and randomness, and what
 * else its runtime offers (options.ts).
 */

import { ENGINE_LIST } from "../engine/catalog.ts";
import { run } from "../engine/run.ts";
import { DEFAULT_SITE_URL, type EngineRoute, LIMITS } from "../protocol/constants.ts";
import { declaredLength, readBody, readFramedBody } from "./body-limit.ts";
import { DOCUMENT_METHODS, ENGINE_METHODS, preflight } from "./cors.ts";
import { compressDocument, type ServedDocument, serveDocument, servedDocuments } from "./documents.ts";
import { recover } from "./error-boundary.ts";
import { type Exchange, exchanges } from "./exchange.ts";
import { HeaderTextReader } from "./header-text.ts";
import { limitGate } from "./limit-gate.ts";
import { MCP_PATH, mcpEndpoint } from "./mcp.ts";
import type { HandlerOptions } from "./options.ts";
import { notAllowed, notFound, tooLarge, toResponse } from "./responses.ts";

export type { HandlerOptions } from "./options.ts";

const engineByPath = new Map<string, EngineRoute>(ENGINE_LIST.map((engine) => [engine.path, engine.route]));

/**
 * The handler, plus the same answers by path for hosts whose server routes fixed paths itself
 * (Bun.serve's `routes`): `engines` answers a POST to an engine path and `documents` a GET or
 * HEAD of a document path, exactly as `fetch` does for that path and method, minus the URL
 * parsing and lookup. Every other method on those paths, and every other path, is `fetch`'s.
 */
export interface Service {
  fetch: (request: Request) => Promise<Response>;
  engines: Map<string, (request: Request) => Promise<Response>>;
  documents: Map<string, (request: Request) => Response | Promise<Response>>;
  /**
   * Compresses every document now rather than on its first request that accepts a coding;
   * resolves when all are in place (at once without `compress`).
   */
  compressDocuments: () => Promise<void>;
}

/** Creates the service. Each document and its headers are built once, on first use, not per request. */
export function createService(options: HandlerOptions): Service {
  const compress = options.compress;
  const documents = servedDocuments({ siteUrl: options.siteUrl ?? DEFAULT_SITE_URL }, compress !== undefined);
  const trusted = options.trustContentLength === true;
  const report = options.onError;
  const limiter = options.limiter;
  const { begin, finish } = exchanges(options);
  const gate = limiter === undefined ? undefined : limitGate({ limiter, clientKey: options.clientKey, report, finish });
  // The error boundary (D21) is a try/catch around synchronous work and the rejection handler
  // of a promise that exists anyway: no extra promise or async function on any path.
  const fail = (error: unknown, request: Request, ex: Exchange): Response =>
    finish(request, ex, recover(error, request, report, ex));
  const mcp = mcpEndpoint(
    { siteUrl: options.siteUrl ?? DEFAULT_SITE_URL },
    () => ({ now: options.now(), randomHex: options.randomHex }),
    (error, request) => report?.(error, request),
  );

  /** The engine's answer to a body that was read (null: past the limit). */
  function answer(route: EngineRoute, request: Request, body: Uint8Array | null, ex: Exchange): Response {
    try {
      if (body === null) return finish(request, ex, tooLarge(ex));
      const ctx = { now: options.now(), randomHex: options.randomHex };
      return finish(request, ex, toResponse(run(route, body, new HeaderTextReader(request.headers), ctx), ex));
    } catch (error) {
      return fail(error, request, ex);
    }
  }

  /** A POST to an engine. Not an async function: one promise per request, the body read's own. */
  function engine(route: EngineRoute, request: Request, ex: Exchange): Promise<Response> {
    try {
      const length = trusted ? declaredLength(request) : -1;
      if (length > LIMITS.bodyBytesMax) return Promise.resolve(finish(request, ex, tooLarge(ex)));
      const read = length === -1 ? readBody(request) : readFramedBody(request, LIMITS.bodyBytesMax);
      return read.then(
        (body) => answer(route, request, body, ex),
        (error: unknown) => fail(error, request, ex),
      );
    } catch (error) {
      return Promise.resolve(fail(error, request, ex));
    }
  }

  /** A GET or HEAD of a document; building it on first use is where a builder's bug would throw. */
  function documentResponse(
    request: Request,
    served: () => ServedDocument,
    ex: Exchange,
  ): Response | Promise<Response> {
    try {
      const entry = served();
      const compressing = entry.compressing;
      const response = serveDocument(request, entry, compress, ex);
      if (entry.compressing === compressing || entry.compressing === null) return finish(request, ex, response);
      // This request started the document's compression: the host keeps it alive (waitUntil),
      // or, with awaitCompression, this request waits for the coded form it asked for.
      options.waitUntil?.(entry.compressing, request);
      if (options.awaitCompression !== true || response.headers.has("Content-Encoding"))
        return finish(request, ex, response);
      return entry.compressing.then(
        () => finish(request, ex, serveDocument(request, entry, compress, ex)),
        (error: unknown) => fail(error, request, ex),
      );
    } catch (error) {
      return fail(error, request, ex);
    }
  }

  /** Every request that is not one of Bun's fixed routes; `ex` knows its path once the URL is read. */
  async function route(request: Request, ex: Exchange): Promise<Response> {
    try {
      const { pathname } = new URL(request.url);
      ex.path = pathname;
      const method = request.method;
      const refused = gate === undefined ? null : await gate.check(request, ex);
      if (refused !== null) return refused;
      // A HEAD gets the status and headers of the error a GET would get, without its body.
      const head = method === "HEAD";
      const done = (response: Response): Response => finish(request, ex, response);

      const engineRoute = engineByPath.get(pathname);
      if (engineRoute) {
        if (method === "OPTIONS") return done(preflight(ENGINE_METHODS));
        if (method !== "POST") return done(notAllowed(ENGINE_METHODS, ex, head));
        return engine(engineRoute, request, ex);
      }

      // Awaited inside the try, so the error boundary (D21) holds on /mcp too.
      if (pathname === MCP_PATH) return finish(request, ex, await mcp(request, ex));

      const doc = documents.byPath.get(pathname);
      if (doc) {
        if (method === "OPTIONS") return done(preflight(DOCUMENT_METHODS));
        if (method !== "GET" && method !== "HEAD") return done(notAllowed(DOCUMENT_METHODS, ex, head));
        return documentResponse(request, doc, ex);
      }

      if ((method === "GET" || method === "HEAD") && options.fallback) {
        // Awaited inside the try, so a fallback that throws or rejects is caught here too.
        const file = await options.fallback(request, pathname);
        if (file) return finish(request, ex, file);
      }
      return done(notFound(ex, head));
    } catch (error) {
      return fail(error, request, ex);
    }
  }

  // engines and documents bypass fetch (Bun.serve's routes), so each carries the boundary itself.
  return {
    fetch: (request) => route(request, begin(request, "")),
    engines: new Map(
      [...engineByPath].map(([path, engineRoute]) => [
        path,
        (request: Request) => {
          const ex = begin(request, path);
          return gate === undefined
            ? engine(engineRoute, request, ex)
            : Promise.resolve(gate.guard(request, ex, () => engine(engineRoute, request, ex)));
        },
      ]),
    ),
    documents: new Map(
      [...documents.byPath].map(([path, doc]) => [
        path,
        (request: Request) => {
          const ex = begin(request, path);
          return gate === undefined
            ? documentResponse(request, doc, ex)
            : gate.guard(request, ex, () => documentResponse(request, doc, ex));
        },
      ]),
    ),
    compressDocuments: () =>
      compress === undefined
        ? Promise.resolve()
        : Promise.all(documents.all.map((served) => compressDocument(served(), compress))).then(() => undefined),
  };
}

/** Creates the handler: `fetch(Request) => Promise<Response>`, the same on every runtime. */
export function createHandler(options: HandlerOptions): (request: Request) => Promise<Response> {
  return createService(options).fetch;
}
