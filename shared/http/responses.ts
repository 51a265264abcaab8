/**
 * JSON responses: an engine result, and the answers the handler makes itself (405, 413, 404
 * of D9, 429 of D23, 500 of D21). One place sets their headers: JSON never cached (D18), open
 * to every origin (D17), and one place adds the request id to an error body (D22), so the
 * engine's bodies stay what the engine computed.
 */
import type { EngineResult } from "../engine/context.ts";
import { failure } from "../engine/respond.ts";
import { reject } from "../protocol/errors.ts";
import { EXPOSE_HEADERS } from "./cors.ts";

const JSON_TYPE = "application/json; charset=utf-8";
const JSON_HEADERS = {
  "Content-Type": JSON_TYPE,
  "Cache-Control": "no-store",
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": EXPOSE_HEADERS,
};
// One Headers for every engine response: Response copies it, which is cheaper than a fresh object.
const jsonHeaders = new Headers(JSON_HEADERS);

/** What a JSON answer needs of its request: the id (D22), and where it leaves its text for the log. */
export interface Answering {
  readonly id: string;
  text: string | undefined;
}

const utf8 = new TextEncoder();

/**
 * A JSON response of an engine result, never cached (D18), open to every origin (D17). An
 * error body ends with the request's id as `request_id` (D22); a success body is the engine's
 * as it is, so identical requests still get identical bodies. For a HEAD (`head`), the same
 * status and headers with no body and the Content-Length the GET's body has (RFC 9110 8.6
 * allows that length or none, never another): set here, because a runtime left to itself
 * differs (Bun sends 0, workerd nothing).
 */
export function toResponse(
  result: EngineResult,
  ex: Answering,
  extraHeaders?: Record<string, string>,
  head = false,
): Response {
  const json = JSON.stringify(result.body);
  const text = result.body.ok === false ? `${json.slice(0, -1)},"request_id":${JSON.stringify(ex.id)}}` : json;
  ex.text = text;
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
export const notAllowed = (methods: string, ex: Answering, head = false): Response =>
  toResponse(failure(reject("method_not_allowed")), ex, { Allow: methods }, head);

/**
 * 413 payload_too_large (D9). It closes the connection: without `Connection: close`, Bun keeps
 * the socket open after answering and goes on reading and discarding an endless chunked body
 * (D9: never read an unbounded body).
 */
export const tooLarge = (ex: Answering): Response =>
  toResponse(failure(reject("payload_too_large")), ex, { Connection: "close" });

/** 404 not_found: a path the service does not serve (D9; `head`: as a HEAD gets it). */
export const notFound = (ex: Answering, head = false): Response =>
  toResponse(failure(reject("not_found")), ex, undefined, head);

/** 429 rate_limited (D23), with the seconds to wait in Retry-After; the handler adds the RateLimit headers. */
export const rateLimited = (retryAfterSeconds: number, ex: Answering, head = false): Response =>
  toResponse(failure(reject("rate_limited")), ex, { "Retry-After": String(retryAfterSeconds) }, head);

/**
 * 500 internal_error (D21): the catalog's body and the request id, nothing else, so nothing of
 * an exception (message, stack) can reach a client (`head`: as a HEAD gets it).
 */
export const internalError = (ex: Answering, head = false): Response =>
  toResponse(failure(reject("internal_error")), ex, undefined, head);
