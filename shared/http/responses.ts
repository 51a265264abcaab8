/**
 * JSON responses: an engine result, and the answers the handler makes itself (405, 413, 404
 * of D9, 500 of D21). One place sets their headers: JSON never cached (D18), open to every
 * origin (D17).
 */
import type { EngineResult } from "../engine/context.ts";
import { failure } from "../engine/respond.ts";
import { reject } from "../protocol/errors.ts";

const JSON_TYPE = "application/json; charset=utf-8";
const JSON_HEADERS = { "Content-Type": JSON_TYPE, "Cache-Control": "no-store", "Access-Control-Allow-Origin": "*" };
// One Headers for every engine response: Response copies it, which is cheaper than a fresh object.
const jsonHeaders = new Headers(JSON_HEADERS);

/** A JSON response of an engine result, never cached (D18), open to every origin (D17). */
export function toResponse(result: EngineResult, extraHeaders?: Record<string, string>): Response {
  return new Response(JSON.stringify(result.body), {
    status: result.status,
    headers: extraHeaders === undefined ? jsonHeaders : { ...JSON_HEADERS, ...extraHeaders },
  });
}

/** 405 method_not_allowed with the `Allow` header D9 asks for. */
export const notAllowed = (methods: string): Response =>
  toResponse(failure(reject("method_not_allowed")), { Allow: methods });

/**
 * 413 payload_too_large (D9). It closes the connection: without `Connection: close`, Bun keeps
 * the socket open after answering and goes on reading and discarding an endless chunked body
 * (D9: never read an unbounded body).
 */
export const tooLarge = (): Response => toResponse(failure(reject("payload_too_large")), { Connection: "close" });

/** 404 not_found: a path the service does not serve (D9). */
export const notFound = (): Response => toResponse(failure(reject("not_found")));

/**
 * 500 internal_error (D21): the catalog's body and nothing else, so nothing of an exception
 * (message, stack) can reach a client.
 */
export const internalError = (): Response => toResponse(failure(reject("internal_error")));

/** The status and headers of `response` without its body: what a HEAD gets. */
export const headersOnly = (response: Response): Response =>
  new Response(null, { status: response.status, headers: response.headers });
