/**
 * The Worker's operating options, from its bindings: the access log (LOG, off unless "on":
 * Cloudflare records every invocation itself, and a console.log per request costs a Worker
 * about as much CPU as the request) and
 * the rate limit (D23): the Workers rate limiting API's binding RATE_LIMITER, whose policy
 * RATE_LIMIT states in the same `<requests>/<seconds>` form as `bun run api` (the binding's
 * `simple.limit` and `simple.period`; Cloudflare's periods are 10 and 60 seconds). Both are
 * needed: the binding counts (across the deployment, per Cloudflare location), the var names
 * the policy in the RateLimit-Policy header. A client is its CF-Connecting-IP, which
 * Cloudflare's edge sets on every request.
 */
import { accessLogLine } from "../shared/http/access-log.ts";
import type { HandlerOptions } from "../shared/http/handler.ts";
import { parseRate, type RateLimiter, ratePolicy } from "../shared/http/rate-limit.ts";

/** The Workers rate limiting API's binding (`env.RATE_LIMITER.limit({ key })`). */
export interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** The bindings these options read. */
export interface OpsEnv {
  /** `on` writes the access log (one JSON line per request through console.log, as Workers Logs keep it). */
  LOG?: string;
  /** The rate limit's policy, `<requests>/<seconds>` (D23): the RATE_LIMITER binding's limit and period. */
  RATE_LIMIT?: string;
  /** A rate limiting binding (`ratelimits` in wrangler.jsonc). */
  RATE_LIMITER?: RateLimitBinding;
}

/**
 * A limiter over a rate limiting binding, with the policy `rate` states. The binding answers
 * only whether a request may go on, so a response carries RateLimit-Policy but no RateLimit
 * (what is left is not known), and a refusal's Retry-After is the whole period.
 */
export function bindingLimiter(binding: RateLimitBinding, rate: { requests: number; seconds: number }): RateLimiter {
  return {
    policy: ratePolicy(rate),
    limit: async (_request, key) => ({ allowed: (await binding.limit({ key })).success }),
  };
}

/** The handler options that LOG, RATE_LIMIT and RATE_LIMITER ask for; `report` says what cannot be used. */
export function workerOps(env: OpsEnv, report: (message: string) => void): Partial<HandlerOptions> {
  const options: Partial<HandlerOptions> = {};
  if (env.LOG?.trim().toLowerCase() === "on") {
    options.onResponse = (record) => console.log(accessLogLine(record));
    // Workers' clock only moves on I/O (a Spectre measure): durations read 0 for work done in CPU.
    options.clock = () => performance.now();
  }
  const text = env.RATE_LIMIT?.trim() ?? "";
  if (text === "" || text.toLowerCase() === "off") return options;
  const rate = parseRate(text);
  if (rate === null)
    report(`RATE_LIMIT must be <requests>/<seconds> (e.g. 100/60); got ${JSON.stringify(text)}: no limit.`);
  else if (env.RATE_LIMITER === undefined)
    report("RATE_LIMIT needs the RATE_LIMITER binding (wrangler.jsonc): no limit.");
  else {
    options.limiter = bindingLimiter(env.RATE_LIMITER, rate);
    options.clientKey = (request) => request.headers.get("CF-Connecting-IP");
  }
  return options;
}
