/**
 * Where the handler asks its rate limiter (D23): every request but a CORS preflight, before
 * any work. A refused request gets its finished 429 here; an allowed one goes on with the
 * verdict kept for its RateLimit headers. A limiter that throws or rejects lets the request
 * through and is reported, so a failing remote limiter does not take the service down.
 */
import { type ErrorReporter, notify } from "./error-boundary.ts";
import type { Exchange } from "./exchange.ts";
import { type RateLimiter, type RateVerdict, retryAfter } from "./rate-limit.ts";
import { rateLimited } from "./responses.ts";

/** True for a promise (or any thenable): a remote limiter's verdict. */
const isThenable = <T>(value: T | Promise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | null)?.then === "function";

/** What the gate needs of the handler. */
export interface GateOptions {
  limiter: RateLimiter;
  clientKey: ((request: Request) => string | null | undefined) | undefined;
  report: ErrorReporter | undefined;
  finish: (request: Request, ex: Exchange, response: Response) => Response;
}

/** The gate of one handler. */
export interface LimitGate {
  /** The finished 429 of a refused request, or null to go on (at once when the limiter answers at once). */
  check(request: Request, ex: Exchange): Response | null | Promise<Response | null>;
  /** `next()`'s answer unless the limiter refuses; synchronous when both are. */
  guard<R extends Response | Promise<Response>>(
    request: Request,
    ex: Exchange,
    next: () => R,
  ): R | Response | Promise<Response>;
}

/** The gate in front of a handler whose limiter is `options.limiter`. */
export function limitGate({ limiter, clientKey, report, finish }: GateOptions): LimitGate {
  function judge(request: Request, ex: Exchange, verdict: RateVerdict): Response | null {
    ex.verdict = verdict;
    if (verdict.allowed) return null;
    return finish(request, ex, rateLimited(retryAfter(limiter.policy, verdict), ex, request.method === "HEAD"));
  }

  function check(request: Request, ex: Exchange): Response | null | Promise<Response | null> {
    if (request.method === "OPTIONS") return null;
    try {
      const verdict = limiter.limit(request, clientKey?.(request) ?? "unknown");
      if (!isThenable(verdict)) return judge(request, ex, verdict);
      return verdict.then(
        (answer) => judge(request, ex, answer),
        (error: unknown) => {
          notify(error, request, report);
          return null;
        },
      );
    } catch (error) {
      notify(error, request, report);
      return null;
    }
  }

  return {
    check,
    guard(request, ex, next) {
      const refused = check(request, ex);
      if (refused === null) return next();
      if (!isThenable(refused)) return refused;
      return refused.then((response) => response ?? next());
    },
  };
}
