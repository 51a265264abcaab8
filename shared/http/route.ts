/**
 * What a route of the table is (routes.ts): a handler reads a request's exchange and answers;
 * a path's route holds its methods' handlers, its preflight and its refusal of other methods.
 * Apart from the table so that a table's part (x402-routes.ts) builds routes without the table.
 */
import type { Exchange } from "./exchange.ts";

/**
 * Answers one request, reading of its exchange (exchange.ts) the request, its id (for an error
 * body) and what the runtime knows of it; never the log's mark or the limiter's verdict.
 */
export type Handler = (exchange: Pick<Exchange, "request" | "id" | "context">) => Response | Promise<Response>;

/** One path's answers: its methods' handlers (HEAD is GET's), its preflight, and the refusal of any other method. */
export interface Route {
  GET?: Handler;
  POST?: Handler;
  OPTIONS: Handler;
  refuse: Handler;
}
