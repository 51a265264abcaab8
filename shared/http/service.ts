/**
 * The service: one standard `fetch(Request)` entry that every runtime calls (Bun, Node, Deno,
 * Workers), like hono's `app.fetch`. `fetch` makes the request's exchange (exchange.ts: the
 * request, what the runtime knows of it, its arrival, its id, D22, and its path), like hono's
 * Context, and hands it on. What every request gets is applied here, once, in this order
 * (`fetch`, then `gate`, `answer` and `finish`): the route table's handler of its path and method
 * (routes.ts: OPTIONS is the path's CORS preflight, D17, and HEAD is GET's); the rate-limit gate
 * (D23; only a POST to an engine or /mcp is counted); the error boundary (D21) around the
 * handler; then HEAD loses the GET's body, and the id and RateLimit headers and the access log's
 * record are added, built from the exchange and the response. The handlers only make answers
 * (their CORS headers made once with them); they never see the log, the limiter or HEAD. The
 * host brings the clock, randomness and what its runtime offers (options.ts).
 */

import { documentBuilders } from "../documents/built-documents.ts";
import { mcpEndpoint } from "../mcp/http/endpoint.ts";
import { mcpGuard } from "../mcp/http/guard.ts";
import { DEFAULT_SITE_URL } from "../protocol/constants.ts";
import { compressDocument, servedDocuments } from "./documents.ts";
import { notify, recover } from "./error-boundary.ts";
import type { Exchange } from "./exchange.ts";
import { keySetDocument } from "./jwks.ts";
import type { RequestContext, ServiceOptions } from "./options.ts";
import { limitHeader, policyHeader, retryAfter } from "./rate-limit.ts";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.ts";
import { rateLimited } from "./responses.ts";
import { createRouter, type Handler, LIMITED_PATHS, requestPath, routeTable } from "./routes.ts";

export type { RequestContext, ServiceOptions } from "./options.ts";

/** The service a host serves. */
export interface Service {
  /**
   * Answers one request: the only entry, on every runtime, with what the runtime knows of it
   * (`context`).
   */
  fetch: (request: Request, context?: RequestContext) => Promise<Response>;
  /**
   * Compresses every document offered compressed (all but the key set) now rather than on its
   * first request that accepts a coding; resolves when all are in place (at once without `compress`).
   */
  compressDocuments: () => Promise<void>;
}

/** Creates the service. Each document and its headers are built once, on first use, not per request. */
export function createService(options: ServiceOptions): Service {
  const { now, randomHex, sealing, onResponse, limiter, onError: report } = options;
  const siteUrl = options.siteUrl ?? DEFAULT_SITE_URL;
  const sources = [...documentBuilders({ siteUrl }), keySetDocument(sealing)];
  const documents = servedDocuments(sources, options.compress !== undefined);
  const guard = mcpGuard({ ...options.mcpAccess, siteUrl });
  const mcp = mcpEndpoint({ siteUrl }, () => ({ now: now(), randomHex, sealing }), report, limiter);
  const router = createRouter(routeTable(options, documents, mcp, guard), options.fallback);
  const clock = options.clock ?? now;
  const policy = limiter === undefined ? "" : policyHeader(limiter.policy);

  /**
   * Every answer leaves through here: a HEAD loses the body its GET would have (keeping that
   * body's Content-Length, RFC 9110 9.3.2), then the id and RateLimit headers, then the access
   * log gets its record (a log that throws changes no answer).
   */
  function finish(exchange: Exchange, response: Response): Response {
    const { request, id, verdict } = exchange;
    let answer = response;
    const head = request.method === "HEAD";
    if (head && answer.body !== null) answer = new Response(null, answer);
    try {
      answer.headers.set(REQUEST_ID_HEADER, id);
    } catch {
      // A Response from `fetch` (a host's fallback may proxy one) has read-only headers.
      answer = new Response(answer.body, answer);
      answer.headers.set(REQUEST_ID_HEADER, id);
    }
    if (verdict !== undefined) {
      answer.headers.set("RateLimit-Policy", policy);
      const limit = limitHeader(limiter!.policy, verdict);
      if (limit !== null) answer.headers.set("RateLimit", limit);
    }
    if (onResponse === undefined) return answer;
    const status = answer.status;
    const length = head || status === 204 || status === 304 ? "0" : answer.headers.get("content-length");
    try {
      onResponse({
        request,
        requestId: id,
        method: request.method,
        path: exchange.path,
        status,
        bytes: length === null ? null : Number(length),
        time: now(),
        micros: Math.round((clock() - exchange.mark) * 1000),
      });
    } catch {
      // The answer must not depend on the log.
    }
    return answer;
  }

  /** The handler's answer, finished; a throw or a rejection is the error boundary's (D21). */
  function answer(exchange: Exchange, handler: Handler): Promise<Response> {
    const { verdict } = exchange;
    const failed = (error: unknown) => finish(exchange, recover(error, exchange, report));
    try {
      if (verdict !== undefined && !verdict.allowed)
        return Promise.resolve(finish(exchange, rateLimited(retryAfter(limiter!.policy, verdict), exchange.id)));
      return Promise.resolve(handler(exchange)).then((response) => finish(exchange, response), failed);
    } catch (error) {
      return Promise.resolve(failed(error));
    }
  }

  /**
   * The limiter's verdict on a request (a POST to an engine or /mcp), then its answer. A
   * limiter that throws or rejects lets the request through and is reported, so a failing
   * remote limiter does not take the service down.
   */
  async function gate(exchange: Exchange, handler: Handler): Promise<Response> {
    const { request, context } = exchange;
    try {
      exchange.verdict = await limiter!.limit(request, context?.clientAddress ?? "unknown");
    } catch (error) {
      notify(error, request, report);
    }
    return answer(exchange, handler);
  }

  return {
    fetch(request, context) {
      const exchange: Exchange = {
        request,
        context,
        mark: onResponse === undefined ? 0 : clock(),
        id: requestIdOf(request, randomHex),
        path: "",
        verdict: undefined,
      };
      try {
        exchange.path = requestPath(request.url);
      } catch (error) {
        return Promise.resolve(finish(exchange, recover(error, exchange, report)));
      }
      const handler = router(exchange.path, request.method);
      // D23: only a POST to an engine or to /mcp counts (never a document, a file or a preflight).
      if (limiter === undefined || request.method !== "POST" || !LIMITED_PATHS.has(exchange.path))
        return answer(exchange, handler);
      return gate(exchange, handler);
    },
    compressDocuments: () => {
      const compress = options.compress;
      if (compress === undefined) return Promise.resolve();
      return Promise.all(documents.all.map((served) => compressDocument(served(), compress))).then(() => undefined);
    },
  };
}

/**
 * The service's `fetch` alone: for callers that want a standard fetch-shaped function (tests,
 * like hono's `app.request`; a client library's `fetch` option).
 */
export function createHandler(
  options: ServiceOptions,
): (request: Request, context?: RequestContext) => Promise<Response> {
  return createService(options).fetch;
}
