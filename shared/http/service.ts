/**
 * The service: one standard `fetch(Request)` entry that every runtime calls (Bun, Node, Deno,
 * Workers), like hono's `app.fetch`. What every request gets is applied here, once, in this
 * order (`fetch`, then `gate`, `answer` and `finish`): its id (D22); its path and the route
 * table's handler of its method (routes.ts: OPTIONS is the path's CORS preflight, D17, and HEAD
 * is GET's); the rate-limit gate (D23; only a POST to an engine or /mcp is counted); the error boundary (D21)
 * around the handler; then HEAD loses the GET's body, and the id and RateLimit headers and the
 * access log's record are added, built from the request and the response. The handlers only
 * make answers (their CORS headers made once with them); they never see the log, the limiter or
 * HEAD. The host brings the clock, randomness and what its runtime offers (options.ts).
 */

import { documentBuilders } from "../documents/built-documents.ts";
import { mcpEndpoint } from "../mcp/http/endpoint.ts";
import { mcpGuard } from "../mcp/http/guard.ts";
import { DEFAULT_SITE_URL } from "../protocol/constants.ts";
import { compressDocument, servedDocuments } from "./documents.ts";
import { notify, recover } from "./error-boundary.ts";
import { keySetDocument } from "./jwks.ts";
import type { RequestContext, ServiceOptions } from "./options.ts";
import { limitHeader, policyHeader, type RateVerdict, retryAfter } from "./rate-limit.ts";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.ts";
import { rateLimited } from "./responses.ts";
import { createRouter, type Handler, LIMITED_PATHS, requestPath, routeTable } from "./routes.ts";

export type { RequestContext, ServiceOptions } from "./options.ts";

/** The service a host serves. */
export interface Service {
  /**
   * Answers one request: the only entry, on every runtime, with what the runtime knows of it
   * (`context`). A document's answer is synchronous.
   */
  fetch: (request: Request, context?: RequestContext) => Response | Promise<Response>;
  /**
   * Compresses every document offered compressed (all but the key set) now rather than on its
   * first request that accepts a coding; resolves when all are in place (at once without `compress`).
   */
  compressDocuments: () => Promise<void>;
}

/** True for a promise (or any thenable): an async route's answer, or a remote limiter's verdict. */
const isThenable = <T>(value: T | Promise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | null)?.then === "function";

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
   * Hands the access log its record of a finished request; a log that throws changes no answer.
   * (A function of its own: inside finish, it made the JIT compile finish worse; see
   * docs/performance.md.)
   */
  function record(request: Request, id: string, path: string, mark: number, answer: Response, head: boolean): void {
    const status = answer.status;
    const length = head || status === 204 || status === 304 ? "0" : answer.headers.get("content-length");
    try {
      onResponse!({
        request,
        requestId: id,
        method: request.method,
        path,
        status,
        bytes: length === null ? null : Number(length),
        time: now(),
        micros: Math.round((clock() - mark) * 1000),
      });
    } catch {
      // The answer must not depend on the log.
    }
  }

  /**
   * Every answer leaves through here: a HEAD loses the body its GET would have (keeping that
   * body's Content-Length, RFC 9110 9.3.2), then the id and RateLimit headers, then the log.
   */
  function finish(
    request: Request,
    id: string,
    path: string,
    mark: number,
    verdict: RateVerdict | undefined,
    response: Response,
  ): Response {
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
    if (onResponse !== undefined) record(request, id, path, mark, answer, head);
    return answer;
  }

  /** The handler's answer, finished; a throw or a rejection is the error boundary's (D21). */
  function answer(
    request: Request,
    context: RequestContext | undefined,
    id: string,
    path: string,
    mark: number,
    handler: Handler,
    verdict: RateVerdict | undefined,
  ): Response | Promise<Response> {
    try {
      if (verdict !== undefined && !verdict.allowed)
        return finish(request, id, path, mark, verdict, rateLimited(retryAfter(limiter!.policy, verdict), id));
      const response = handler(request, id, context);
      if (!isThenable(response)) return finish(request, id, path, mark, verdict, response);
      return response.then(
        (done) => finish(request, id, path, mark, verdict, done),
        (error: unknown) => finish(request, id, path, mark, verdict, recover(error, request, report, id)),
      );
    } catch (error) {
      return finish(request, id, path, mark, verdict, recover(error, request, report, id));
    }
  }

  /**
   * The limiter's verdict on a request (a POST to an engine or /mcp), then its answer. A
   * limiter that throws or rejects lets the request through and is reported, so a failing
   * remote limiter does not take the service down.
   */
  function gate(
    request: Request,
    context: RequestContext | undefined,
    id: string,
    path: string,
    mark: number,
    handler: Handler,
  ): Response | Promise<Response> {
    let verdict: RateVerdict | Promise<RateVerdict>;
    try {
      verdict = limiter!.limit(request, context?.clientAddress ?? "unknown");
    } catch (error) {
      notify(error, request, report);
      return answer(request, context, id, path, mark, handler, undefined);
    }
    if (!isThenable(verdict)) return answer(request, context, id, path, mark, handler, verdict);
    return verdict.then(
      (given) => answer(request, context, id, path, mark, handler, given),
      (error: unknown) => {
        notify(error, request, report);
        return answer(request, context, id, path, mark, handler, undefined);
      },
    );
  }

  return {
    fetch(request, context) {
      const mark = onResponse === undefined ? 0 : clock();
      const id = requestIdOf(request, randomHex);
      let path = "";
      try {
        path = requestPath(request.url);
      } catch (error) {
        return finish(request, id, path, mark, undefined, recover(error, request, report, id));
      }
      const handler = router(path, request.method);
      // D23: only a POST to an engine or to /mcp counts (never a document, a file or a preflight).
      if (limiter === undefined || request.method !== "POST" || !LIMITED_PATHS.has(path))
        return answer(request, context, id, path, mark, handler, undefined);
      return gate(request, context, id, path, mark, handler);
    },
    compressDocuments: () => {
      const compress = options.compress;
      if (compress === undefined) return Promise.resolve();
      return Promise.all(documents.all.map((served) => compressDocument(served(), compress))).then(() => undefined);
    },
  };
}

/**
 * The service's `fetch` alone, always answering a promise: for callers that want a standard
 * fetch-shaped function (tests, like hono's `app.request`; a client library's `fetch` option).
 */
export function createHandler(
  options: ServiceOptions,
): (request: Request, context?: RequestContext) => Promise<Response> {
  const { fetch } = createService(options);
  return async (request, context) => fetch(request, context);
}
