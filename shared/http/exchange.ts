/**
 * One request on its way through the handler: its id (D22), when it started, what the access
 * log needs of its answer, and the limiter's verdict (D23). Every response leaves through
 * {@link Exchanges.finish}, which writes the id and the rate-limit headers on it and reports it
 * to the host's `onResponse`.
 */
import type { AccessRecord } from "./access-log.ts";
import { limitHeader, policyHeader, type RateLimiter, type RateVerdict } from "./rate-limit.ts";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.ts";

/** The state of one request; made by {@link Exchanges.begin}. */
export interface Exchange {
  /** Its id (D22), on the response's X-Request-Id and in an error body's request_id. */
  readonly id: string;
  /** The path without the query, for the log ("" until the handler has read the URL). */
  path: string;
  /** Epoch milliseconds and the clock's milliseconds at the start (0 when nothing is logged). */
  readonly started: number;
  readonly mark: number;
  /** The JSON text the handler answered (responses.ts), whose UTF-8 length the log reports. */
  text: string | undefined;
  /** Bytes of a body the handler answered from memory (a document); -1 when it did not. */
  bytes: number;
  /** The limiter's verdict, once it gave one. */
  verdict: RateVerdict | undefined;
}

/** What the exchanges need of the handler's options. */
export interface ExchangeOptions {
  now: () => number;
  randomHex: (length: number) => string;
  clock?: () => number;
  onResponse?: (record: AccessRecord) => void;
  limiter?: RateLimiter;
}

/** Starts and finishes exchanges. */
export interface Exchanges {
  begin(request: Request, path: string): Exchange;
  finish(request: Request, ex: Exchange, response: Response): Response;
}

const BEYOND_ASCII = /[\x80-\uffff]/;
const utf8Encoder = new TextEncoder();

/** The UTF-8 length of a text; without encoding it when it is ASCII, as JSON answers nearly always are. */
const utf8Length = (text: string): number =>
  BEYOND_ASCII.test(text) ? utf8Encoder.encode(text).byteLength : text.length;

/** Bytes of the body `response` sends, when known. */
function bytesOf(request: Request, ex: Exchange, response: Response): number | null {
  const status = response.status;
  if (request.method === "HEAD" || status === 204 || status === 304) return 0;
  if (ex.text !== undefined) return utf8Length(ex.text);
  if (ex.bytes >= 0) return ex.bytes;
  const length = response.headers.get("content-length");
  return length === null ? null : Number(length);
}

/** The exchanges of a handler with `options`. */
export function exchanges(options: ExchangeOptions): Exchanges {
  const { now, randomHex, onResponse, limiter } = options;
  const clock = options.clock ?? now;
  const logging = onResponse !== undefined;
  const policy = limiter === undefined ? "" : policyHeader(limiter.policy);

  return {
    begin: (request, path) => ({
      id: requestIdOf(request, randomHex),
      path,
      started: logging ? now() : 0,
      mark: logging ? clock() : 0,
      text: undefined,
      bytes: -1,
      verdict: undefined,
    }),

    finish(request, ex, response) {
      let answer = response;
      try {
        answer.headers.set(REQUEST_ID_HEADER, ex.id);
      } catch {
        // A Response from `fetch` (a host's fallback may proxy one) has read-only headers.
        answer = new Response(response.body, response);
        answer.headers.set(REQUEST_ID_HEADER, ex.id);
      }
      if (ex.verdict !== undefined && limiter !== undefined) {
        answer.headers.set("RateLimit-Policy", policy);
        const limit = limitHeader(limiter.policy, ex.verdict);
        if (limit !== null) answer.headers.set("RateLimit", limit);
      }
      if (onResponse !== undefined) {
        try {
          onResponse({
            request,
            requestId: ex.id,
            method: request.method,
            path: ex.path,
            status: answer.status,
            bytes: bytesOf(request, ex, answer),
            started: ex.started,
            micros: Math.round((clock() - ex.mark) * 1000),
          });
        } catch {
          // The answer must not depend on the log.
        }
      }
      return answer;
    },
  };
}
