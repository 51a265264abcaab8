/**
 * The opt-in rate limit (D23): the service asks a {@link RateLimiter} about each POST to an
 * engine or to /mcp (documents and the site's files are cached and free) and answers an excess
 * one 429 rate_limited. The limiter is the host's
 * choice: {@link memoryLimiter} keeps counts in the process (Bun, Node, Deno); an edge
 * runtime can plug its own (a Cloudflare rate-limiting binding, a Durable Object). The
 * headers follow draft-ietf-httpapi-ratelimit-headers-11: `RateLimit-Policy: "default";q=100;w=60`
 * and `RateLimit: "default";r=0;t=42`, plus `Retry-After` on a refusal.
 */

/** What a limiter enforces: `quota` requests per `window` seconds per client, under a policy name. */
export interface RateLimitPolicy {
  /** The policy's name in the headers ("default"). */
  name: string;
  /** Requests allowed per window (the draft's q). */
  quota: number;
  /** The window in whole seconds (the draft's w). */
  window: number;
}

/** A limiter's answer about one request. */
export interface RateVerdict {
  /** False: the request is refused with 429 rate_limited. */
  allowed: boolean;
  /** Requests the client has left in this window after this one (the draft's r), when known. */
  remaining?: number;
  /** Whole seconds until the window resets (the draft's t, and Retry-After on a refusal), when known. */
  reset?: number;
}

/** The interface a host's limiter implements (HandlerOptions.limiter). */
export interface RateLimiter {
  /** The policy it enforces, as RateLimit-Policy states it on every limited response. */
  readonly policy: RateLimitPolicy;
  /**
   * Counts `request` against `clientKey` (the client's address, or "unknown") and says whether
   * it may go on. May answer a promise (a remote limiter); an exception or a rejection lets
   * the request through and goes to the service's onError.
   */
  limit(request: Request, clientKey: string): RateVerdict | Promise<RateVerdict>;
}

/** The value of RateLimit-Policy for `policy` (draft section 3). */
export const policyHeader = (policy: RateLimitPolicy): string =>
  `"${policy.name}";q=${policy.quota};w=${policy.window}`;

/** The value of RateLimit for a verdict (draft section 4), or null when it says nothing of what is left. */
export function limitHeader(policy: RateLimitPolicy, verdict: RateVerdict): string | null {
  if (verdict.remaining === undefined) return null;
  const reset = verdict.reset === undefined ? "" : `;t=${verdict.reset}`;
  return `"${policy.name}";r=${verdict.remaining}${reset}`;
}

/** Seconds a refused client should wait: the window's reset, else a whole window (draft section 6). */
export const retryAfter = (policy: RateLimitPolicy, verdict: RateVerdict): number => verdict.reset ?? policy.window;

/** A rate as operators write it (RATE_LIMIT): `requests` per `seconds` per client. */
export interface Rate {
  requests: number;
  seconds: number;
}

/** The largest quota and window a rate takes: a billion requests, a day. */
export const MAX_RATE = { requests: 1_000_000_000, seconds: 86_400 } as const;

/**
 * The rate written `<requests>/<seconds>` (`100/60`: 100 requests a minute), two whole numbers
 * from 1 up to {@link MAX_RATE}; null for anything else. Every runtime reads RATE_LIMIT with it.
 */
export function parseRate(text: string): Rate | null {
  const match = /^(\d{1,10})\s*\/\s*(\d{1,5})$/.exec(text.trim());
  const requests = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  const inRange = requests >= 1 && requests <= MAX_RATE.requests && seconds >= 1 && seconds <= MAX_RATE.seconds;
  return inRange ? { requests, seconds } : null;
}

/** The policy of a rate, under the name "default". */
export const ratePolicy = ({ requests, seconds }: Rate): RateLimitPolicy => ({
  name: "default",
  quota: requests,
  window: seconds,
});

/** What {@link memoryLimiter} needs. */
export interface MemoryLimiterOptions {
  /** Requests allowed per window per client. */
  requests: number;
  /** The window in whole seconds. */
  seconds: number;
  /** Epoch milliseconds (the host's clock: shared/ has none). */
  now: () => number;
  /** The policy's name in the headers; "default" unless given. */
  name?: string;
}

/**
 * A fixed-window limiter in memory: windows are the epoch's consecutive `seconds`-long spans,
 * each client has a count per window, and the whole table is dropped when a window ends, so it
 * holds at most the clients of one window. A client can send up to `requests` at the end of
 * one window and as many at the start of the next (the price of a fixed window: one map
 * lookup per request, no timestamps kept). One process's counts: with several processes
 * (WORKERS=n) each counts on its own.
 */
export function memoryLimiter(options: MemoryLimiterOptions): RateLimiter {
  const { requests, seconds, now } = options;
  if (!Number.isSafeInteger(requests) || requests < 1) throw new RangeError("requests must be a whole number >= 1");
  if (!Number.isSafeInteger(seconds) || seconds < 1) throw new RangeError("seconds must be a whole number >= 1");
  const policy: RateLimitPolicy = { ...ratePolicy(options), name: options.name ?? "default" };
  const windowMs = seconds * 1000;
  let windowIndex = -1;
  let counts = new Map<string, number>();
  return {
    policy,
    limit(_request, clientKey) {
      const time = now();
      const index = Math.floor(time / windowMs);
      if (index !== windowIndex) {
        windowIndex = index;
        counts = new Map();
      }
      const count = (counts.get(clientKey) ?? 0) + 1;
      // Refused requests count too, but no further than one past the quota.
      if (count <= requests + 1) counts.set(clientKey, count);
      const reset = Math.max(1, Math.ceil(((index + 1) * windowMs - time) / 1000));
      return { allowed: count <= requests, remaining: Math.max(0, requests - count), reset };
    },
  };
}
