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
 * listens on (unset on Cloudflare). MCP_ALLOWED_HOSTS as on Bun where HOST is set (the local
 * runner); on Cloudflare (no HOST) /mcp checks no Host unless MCP_ALLOWED_HOSTS names some:
 * Cloudflare routes a request by its Host, so a name rebound by a page never reaches the Worker. SIGNING_KEY (a secret), SIGNING_PREVIOUS_KEYS and SEALS as
 * on Bun (key-settings.ts), but a Worker has no file for a default key: without the secret, or
 * with one it cannot read, seals and receipt signatures are off (SEALS=required: the engines
 * answer 503, D27), and the Worker says so once (per isolate) in its log; `bun run api:workers`
 * hands it the key `bun run api` uses. A SEALS it cannot read (which stops a start on Bun) acts
 * as required.
 */

import { type SigningSettings, sealMode } from "../../keys/key-settings.ts";
import { readPreviousKeys } from "../../keys/previous-keys.ts";
import { readSigningKey } from "../../keys/signing-key.ts";
import { parseRate, type RateLimiter, ratePolicy } from "../../shared/http/rate-limit.ts";
import { isLoopbackAddress, parseAllowedOrigins } from "../../shared/mcp/http/guard.ts";
import { DEFAULT_SITE_URL } from "../../shared/protocol/constants.ts";
import { SettingError } from "../../shared/settings/setting-error.ts";
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
  /** Origins besides SITE_URL's a browser page may call /mcp from, comma-separated, or `*` (shared/mcp/http/guard.ts). */
  MCP_ALLOWED_ORIGINS?: string;
  /** Host names besides this machine's, IP addresses and SITE_URL's a request to /mcp may be addressed to, or `*` (shared/mcp/http/guard.ts). */
  MCP_ALLOWED_HOSTS?: string;
  /** The address `bun run api:workers` listens on (local.ts), which says whether /mcp is on loopback; unset on Cloudflare. */
  HOST?: string;
  /** The Ed25519 private key (a JWK or a PKCS#8 PEM): a secret (`wrangler secret put SIGNING_KEY`), never a var. */
  SIGNING_KEY?: string;
  /** Earlier public keys, still published and accepted (a JSON array of JWKs, or a JWKS). */
  SIGNING_PREVIOUS_KEYS?: string;
  /** on (default), required or off. */
  SEALS?: string;
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
    mcpAccess: {
      loopback: isLoopbackAddress(env.HOST?.trim()),
      allowedOrigins: workerOrigins(env, report),
      allowedHosts: workerHosts(env, report),
    },
    signing: workerSigning(env, report),
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

/** What a setting refused as on Bun says, for a report. */
const refusal = (error: unknown): string => {
  if (error instanceof SettingError) return error.message;
  throw error;
};

/**
 * The signing settings the bindings give: SEALS (a value it cannot read is reported and acts as
 * required: the setting whose purpose is to fail closed fails closed, as Bun, Node and Deno do by
 * refusing to start, D27), SIGNING_PREVIOUS_KEYS (reported and left out when it cannot be read)
 * and the SIGNING_KEY secret. A Worker has no file to keep a key in, and a key made per isolate
 * would differ from one isolate to the next, so without the secret, or with one that is not an
 * Ed25519 private key (reported without quoting it), there is no key: under SEALS=on seals are
 * off; under SEALS=required the engines answer seals_unavailable (503), failing closed (D27).
 */
function workerSigning(env: WorkerEnv, report: (message: string) => void): SigningSettings {
  let seals: SigningSettings["seals"];
  try {
    seals = sealMode(env.SEALS);
  } catch (error) {
    report(`${refusal(error)} Seals act as required, as a setting meant to fail closed must (D27).`);
    seals = "required";
  }
  let previous: SigningSettings["previous"] = [];
  try {
    previous = readPreviousKeys(env.SIGNING_PREVIOUS_KEYS);
  } catch (error) {
    report(`${refusal(error)} No previous key is published.`);
  }
  const none: SigningSettings = { seals: seals === "required" ? "required" : "off", key: null, previous };
  const required = seals === "required";
  if (!env.SIGNING_KEY?.trim()) {
    if (required)
      report(
        "No SIGNING_KEY secret under SEALS=required: every engine request answers 503 seals_unavailable until `wrangler secret put SIGNING_KEY` sets one (docs/runtimes.md).",
      );
    else if (seals !== "off")
      report(
        "No SIGNING_KEY secret: seals and receipt signatures are off, and /.well-known/jwks.json is empty. `wrangler secret put SIGNING_KEY` turns them on (docs/runtimes.md).",
      );
    return none;
  }
  try {
    return { seals, key: readSigningKey(env.SIGNING_KEY), source: "SIGNING_KEY", previous };
  } catch (error) {
    const consequence = required
      ? "SEALS=required: every engine request answers 503 seals_unavailable until a usable SIGNING_KEY is set."
      : "Seals and receipt signatures are off.";
    report(`${refusal(error)} ${consequence}`);
    return none;
  }
}

/** The origins MCP_ALLOWED_ORIGINS allows, reporting and leaving out each entry that is not an origin. */
function workerOrigins(env: WorkerEnv, report: (message: string) => void): readonly string[] | "*" {
  const { origins, bad } = parseAllowedOrigins(env.MCP_ALLOWED_ORIGINS);
  for (const entry of bad)
    report(`MCP_ALLOWED_ORIGINS: ${JSON.stringify(entry)} is not an origin (https://app.example.com): left out.`);
  return origins;
}

/**
 * The host names MCP_ALLOWED_HOSTS allows, reporting and leaving out each entry that is not one;
 * unset, none where HOST is set (the local runner checks as Bun does) and any on Cloudflare.
 */
function workerHosts(env: WorkerEnv, report: (message: string) => void): readonly string[] | "*" {
  if (!env.MCP_ALLOWED_HOSTS?.trim()) return env.HOST?.trim() ? [] : "*";
  const names: string[] = [];
  for (const entry of env.MCP_ALLOWED_HOSTS.split(",")) {
    const name = entry.trim().toLowerCase();
    if (name === "*") return "*";
    if (/^[a-z0-9.-]+$/.test(name) && !/(^|\.)\d+\.?$/.test(name)) names.push(name.replace(/\.$/, ""));
    else if (name !== "") report(`MCP_ALLOWED_HOSTS: ${JSON.stringify(entry.trim())} is not a host name: left out.`);
  }
  return names;
}

/** The client a request is counted under on Workers: the address Cloudflare's edge gives. */
export const cloudflareClient = (request: Request): string | null => request.headers.get("CF-Connecting-IP");
