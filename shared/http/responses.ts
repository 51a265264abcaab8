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

const utf8 = new TextEncoder();

/**
 * A JSON response of an engine result, never cached (D18), open to every origin (D17). For a
 * HEAD (`head`), the same status and headers with no body and the Content-Length the GET's
 * body has (RFC 9110 8.6 allows that length or none, never another): set here, because a
 * runtime left to itself differs (Bun sends 0, workerd nothing).
 */
export function toResponse(result: EngineResult, extraHeaders?: Record<string, string>, head = false): Response {
  const text = JSON.stringify(result.body);
  if (head) {
    const length = String(utf8.encode(text).byteLength);
    return new Response(null, {
      status: result.status,
      headers: { ...JSON_HEADERS, ...extraHeaders, "Content-Length": length },
    });
  }
  return new Response(text, {
    status: result.status,
    headers: extraHeaders === undefined ? jsonHeaders : { ...JSON_HEADERS, ...extraHeaders },
  });
}

/** 405 method_not_allowed with the `Allow` header D9 asks for (`head`: as a HEAD gets it). */
export const notAllowed = (methods: string, head = false): Response =>
  toResponse(failure(reject("method_not_allowed")), { Allow: methods }, head);

/**
 * 413 payload_too_large (D9). It closes the connection: without `Connection: close`, Bun keeps
 * the socket open after answering and goes on reading and discarding an endless chunked body
 * (D9: never read an unbounded body).
 */
export const tooLarge = (): Response => toResponse(failure(reject("payload_too_large")), { Connection: "close" });

/** 404 not_found: a path the service does not serve (D9; `head`: as a HEAD gets it). */
export const notFound = (head = false): Response => toResponse(failure(reject("not_found")), undefined, head);

/**
 * 500 internal_error (D21): the catalog's body and nothing else, so nothing of an exception
 * (message, stack) can reach a client (`head`: as a HEAD gets it).
 */
export const internalError = (head = false): Response => toResponse(failure(reject("internal_error")), undefined, head);
