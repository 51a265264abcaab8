/**
 * The Worker's settings, from its bindings (wrangler.jsonc `vars`, secrets, `ratelimits`): the
 * same names as every other runtime's environment (api/host/settings.ts) with the defaults of a
 * deployment. SITE_URL (missing or blank: http://localhost:3000, as on Bun). LOG: off unless
 * "on" (Cloudflare records every invocation itself, and a console.log per request costs a
 * Worker about as much CPU as the request). RATE_LIMIT (D23): the Workers rate limiting API's
 * binding RATE_LIMITER counts (across the deployment, per Cloudflare location), and RATE_LIMIT
 * states its policy in the same `<requests>/<seconds>` form as `bun run api` (the binding's
 * `simple.limit` and `simple.period`; Cloudflare's periods are 10 and 60 seconds) for the
 * RateLimit-Policy header. A Worker cannot refuse to start, so a setting it cannot use is
 * reported and left off. A client is its CF-Connecting-IP, which Cloudflare's edge sets.
 * MCP_ALLOWED_ORIGINS as on Bun (an entry that is not an origin is reported and left out); a
 * Worker is never on loopback unless the local runner says so through HOST, the address it
 * listens on (unset on Cloudflare).
 */
import { isLoopbackAddress, parseAllowedOrigins } from "../../shared/http/mcp-guard.ts";
import { parseRate, type RateLimiter, ratePolicy } from "../../shared/http/rate-limit.ts";
import { DEFAULT_SITE_URL } from "../../shared/protocol/constants.ts";
import type { ServiceSettings } from "../host/settings.ts";

/** The Workers rate limiting API's binding (`env.RATE_LIMITER.limit({ key })`). */
export interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** What wrangler.jsonc binds. */
export interface WorkerEnv {
  /** The origin written into absolute URLs. */
  SITE_URL?: string;
  /** `on` writes the access log (one JSON line per request through console.log, as Workers Logs keep it). */
  LOG?: string;
  /** The rate limit's policy, `<requests>/<seconds>` (D23): the RATE_LIMITER binding's limit and period. */
  RATE_LIMIT?: string;
  /** A rate limiting binding (`ratelimits` in wrangler.jsonc). */
  RATE_LIMITER?: RateLimitBinding;
  /** Origins besides SITE_URL's a browser page may call /mcp from, comma-separated, or `*` (mcp-guard.ts). */
  MCP_ALLOWED_ORIGINS?: string;
  /** The address `bun run api:workers` listens on (local.ts), which says whether /mcp is on loopback; unset on Cloudflare. */
  HOST?: string;
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

/** The service settings `env` binds; `report` says what cannot be used. */
export function workerSettings(env: WorkerEnv, report: (message: string) => void): ServiceSettings {
  const settings: ServiceSettings = {
    siteUrl: env.SITE_URL?.trim() || DEFAULT_SITE_URL,
    log: env.LOG?.trim().toLowerCase() === "on",
    rateLimit: null,
    mcpAccess: { loopback: isLoopbackAddress(env.HOST?.trim()), allowedOrigins: workerOrigins(env, report) },
  };
  const text = env.RATE_LIMIT?.trim() ?? "";
  if (text === "" || text.toLowerCase() === "off") return settings;
  const rate = parseRate(text);
  if (rate === null)
    report(`RATE_LIMIT must be <requests>/<seconds> (e.g. 100/60); got ${JSON.stringify(text)}: no limit.`);
  else if (env.RATE_LIMITER === undefined)
    report("RATE_LIMIT needs the RATE_LIMITER binding (wrangler.jsonc): no limit.");
  else settings.rateLimit = rate;
  return settings;
}

/** The origins MCP_ALLOWED_ORIGINS allows, reporting and leaving out each entry that is not an origin. */
function workerOrigins(env: WorkerEnv, report: (message: string) => void): readonly string[] | "*" {
  const origins: string[] = [];
  for (const entry of env.MCP_ALLOWED_ORIGINS?.split(",") ?? []) {
    const parsed = parseAllowedOrigins(entry);
    if (parsed.bad !== undefined)
      report(
        `MCP_ALLOWED_ORIGINS: ${JSON.stringify(parsed.bad)} is not an origin (https://app.example.com): left out.`,
      );
    else if (parsed.origins === "*") return "*";
    else origins.push(...parsed.origins.filter((origin) => !origins.includes(origin)));
  }
  return origins;
}

/** The client a request is counted under on Workers: the address Cloudflare's edge gives. */
export const cloudflareClient = (request: Request): string | null => request.headers.get("CF-Connecting-IP");
