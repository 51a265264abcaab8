/**
 * One request on its way through the handler: its id (D22). Every response leaves through
 * {@link Exchanges.finish}, which writes the id on it.
 */
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.ts";

/** The state of one request; made by {@link Exchanges.begin}. */
export interface Exchange {
  /** Its id (D22), on the response's X-Request-Id and in an error body's request_id. */
  readonly id: string;
}

/** What the exchanges need of the handler's options. */
export interface ExchangeOptions {
  randomHex: (length: number) => string;
}

/** Starts and finishes exchanges. */
export interface Exchanges {
  begin(request: Request): Exchange;
  finish(request: Request, ex: Exchange, response: Response): Response;
}

/** The exchanges of a handler with `options`. */
export function exchanges(options: ExchangeOptions): Exchanges {
  const { randomHex } = options;

  return {
    begin: (request) => ({ id: requestIdOf(request, randomHex) }),

    finish(_request, ex, response) {
      let answer = response;
      try {
        answer.headers.set(REQUEST_ID_HEADER, ex.id);
      } catch {
        // A Response from `fetch` (a host's fallback may proxy one) has read-only headers.
        answer = new Response(response.body, response);
        answer.headers.set(REQUEST_ID_HEADER, ex.id);
      }
      return answer;
    },
  };
}
