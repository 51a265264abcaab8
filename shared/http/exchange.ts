/**
 * One request as the service handles it, like hono's Context: made once when the request
 * arrives (service.ts `fetch`) and handed from step to step, the rate-limit gate, the handler
 * and the exit, so each step reads what it needs of the request by name. A route's handler
 * reads only the request, its id and what the runtime knows of it (routes.ts `Handler`).
 */
import type { RequestContext } from "./options.ts";
import type { RateVerdict } from "./rate-limit.ts";

/** One request and what the service has learnt of it so far. */
export interface Exchange {
  readonly request: Request;
  /** What the runtime knows of it beyond the Request (the client's address, waitUntil). */
  readonly context: RequestContext | undefined;
  /** The clock's reading when it arrived, for the access log's duration (0 without a log). */
  readonly mark: number;
  /** Its id (D22), sent back as X-Request-Id and in an error body. */
  readonly id: string;
  /** Its path, without the query; "" until read (a URL that cannot be read has none). */
  path: string;
  /** The limiter's verdict on it, when it was counted (D23); the exit adds the RateLimit headers from it. */
  verdict: RateVerdict | undefined;
}
