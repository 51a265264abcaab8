/**
 * Who may reach /mcp: the Host and Origin checks the MCP Streamable HTTP transport requires
 * ("Servers MUST validate the Origin header on all incoming connections to prevent DNS
 * rebinding attacks"; a local server should bind to localhost only). The rule:
 *
 * - Listening on loopback (HOST 127.0.0.1, ::1, localhost): the request's Host must name this
 *   machine (localhost, 127.x.x.x, [::1], port aside) or SITE_URL's host, so a web page whose
 *   own name was rebound to 127.0.0.1 cannot reach the server; and an Origin, when sent, must
 *   be a loopback page, SITE_URL's origin or an allowed one.
 * - On any other address (0.0.0.0, `::`, a LAN or public address): the request's Host must be
 *   an IP address (a page can send one only from that address, its own origin), a name of this
 *   machine, SITE_URL's host, HOST's own name or a name MCP_ALLOWED_HOSTS lists (`*`: any), so a
 *   rebound name is refused there too; a Worker checks no Host (Cloudflare routes a
 *   request by its Host, so a rebound name never reaches it) unless MCP_ALLOWED_HOSTS names some.
 *   An Origin, when sent, must be the deployment's own (SITE_URL's, or the host the request was
 *   sent to) or allowed (MCP_ALLOWED_ORIGINS; `*` allows any).
 * - No Origin (an agent, not a browser page) passes.
 *
 * A refusal is 403 with a JSON-RPC error that says what was refused and what to set, with the
 * CORS headers of every /mcp answer (D17, cors-and-errors.ts's rpcError), so a page can read why.
 *
 * The SDK exports the same checks (`validateHostHeader`, `validateOriginHeader` and their
 * localhost lists), and snapshots/http/mcp-guard.test.ts holds these to agree with them. They
 * are not called here: they compare hostnames only (no exact origins, no 127.0.0.0/8), and
 * importing `@modelcontextprotocol/server` takes tens of milliseconds, which a start of the engines
 * must not pay (/mcp loads the SDK on its first POST). Pure: no runtime APIs.
 */
import { rpcError } from "./cors-and-errors.ts";

/** What the host says about who may reach /mcp (ServiceOptions.mcpAccess). */
export interface McpAccess {
  /** True when the service listens on a loopback address only (HOST): Host must then name this machine. */
  loopback: boolean;
  /** Origins (`https://app.example.com`) a browser page may call /mcp from besides the deployment's own, or `"*"` for any. */
  allowedOrigins: readonly string[] | "*";
  /**
   * Host names (lower case, no port) a request may be addressed to besides this machine's, IP
   * addresses and SITE_URL's host, or `"*"` for any (no Host check); absent is `"*"`.
   */
  allowedHosts?: readonly string[] | "*";
}

/** The guard's policy: the host's access (absent: a public address, no other origin) and the deployment's origin. */
export interface McpGuardPolicy extends Partial<McpAccess> {
  /** The deployment's own origin (SITE_URL). */
  siteUrl?: string;
}

/** Judges one request to /mcp: undefined lets it through, a Response is the refusal to send. */
export type McpGuard = (request: Request) => Response | undefined;

/** JSON-RPC's "server error" code for a refused request (the SDK's checks answer it too). */
const MCP_REFUSED_CODE = -32000;

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
// ::ffff:127.x.y.z as the URL parser writes it.
const MAPPED_LOOPBACK = /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/;

/**
 * True for a hostname as the URL parser writes it (lower case, IPv6 in brackets) that names
 * this machine: localhost, 127.0.0.0/8, [::1] and IPv4-mapped 127.x.
 */
export const isLoopbackHostname = (hostname: string): boolean =>
  hostname === "localhost" || hostname === "[::1]" || IPV4_LOOPBACK.test(hostname) || MAPPED_LOOPBACK.test(hostname);

/** True for a hostname as the URL parser writes it that is an IP address (IPv4, or IPv6 in brackets). */
const isIpHostname = (hostname: string): boolean => hostname.startsWith("[") || /^[\d.]+$/.test(hostname);

/** The URL parser's reading of a Host value (`name[:port]`, IPv6 in brackets), or null when it is none. */
function hostOf(value: string): { host: string; hostname: string } | null {
  if (value === "" || /[/?#@\s\\]/.test(value)) return null;
  try {
    const url = new URL(`http://${value}`);
    return { host: url.host, hostname: url.hostname };
  } catch {
    return null;
  }
}

/**
 * True when HOST names a loopback interface (an address as settings.ts's listenHost gives it, IPv6
 * without brackets, or `localhost`); false for every interface (undefined), 0.0.0.0, `::` and
 * other names.
 */
export function isLoopbackAddress(host: string | undefined): boolean {
  if (host === undefined) return false;
  const parsed = hostOf(host.includes(":") ? `[${host}]` : host);
  return parsed !== null && isLoopbackHostname(parsed.hostname);
}

/** An http(s) origin's `scheme://host[:port]` as the URL parser writes it, or null for anything else. */
function originOf(value: string): { origin: string; host: string; hostname: string } | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.host === "") return null;
  return { origin: url.origin, host: url.host, hostname: url.hostname };
}

/** An origin and nothing more: no path, query, fragment or credentials (a trailing slash aside). */
const ORIGIN_TEXT = /^https?:\/\/[^/?#@\s\\]+\/?$/i;

/**
 * The origins an allow-list setting names (MCP_ALLOWED_ORIGINS): comma-separated http(s)
 * origins, spaces and empty entries ignored, each as the URL parser writes it
 * (`HTTPS://App.Example.com:443/` is `https://app.example.com`); `*` (anywhere in the list) allows
 * any. Unset or blank: none. The entries that are not origins (a path, a query, another scheme)
 * are left out and listed in `bad`, for the caller to refuse or report.
 */
export function parseAllowedOrigins(value: string | undefined): { origins: readonly string[] | "*"; bad: string[] } {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const origins: string[] = [];
  const bad: string[] = [];
  for (const entry of entries) {
    if (entry === "*") continue;
    const origin = originOf(entry);
    if (origin === null || !ORIGIN_TEXT.test(entry)) bad.push(entry);
    else if (!origins.includes(origin.origin)) origins.push(origin.origin);
  }
  return { origins: entries.includes("*") ? "*" : origins, bad };
}

/** A header value as a refusal quotes it: JSON, cut to 200 characters. */
const quoted = (value: string): string => JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value);

/**
 * The guard of /mcp under `policy` (see the module's rule); call it first, on every method.
 * Without `loopback` it is the public address's rule; without `allowedOrigins`, no origin but the
 * deployment's own. A request without a Host header is judged by its URL's host.
 */
export function mcpGuard(policy: McpGuardPolicy = {}): McpGuard {
  const loopback = policy.loopback ?? false;
  const allowed = policy.allowedOrigins ?? [];
  const anyOrigin = allowed === "*";
  const listed = new Set(anyOrigin ? [] : allowed.map((origin) => originOf(origin)?.origin ?? origin));
  const site = policy.siteUrl === undefined ? null : originOf(policy.siteUrl);
  const siteNote = site === null ? "" : ` (${site.origin})`;
  const hosts = policy.allowedHosts ?? "*";
  const named = new Set(hosts === "*" ? [] : hosts);
  /** Whether a request addressed to `hostname` may be answered. */
  const hostAllowed = (hostname: string): boolean =>
    isLoopbackHostname(hostname) ||
    hostname === site?.hostname ||
    named.has(hostname) ||
    (!loopback && (hosts === "*" || isIpHostname(hostname)));

  const hostRefused = (host: string): Response =>
    rpcError(
      403,
      MCP_REFUSED_CODE,
      loopback
        ? `Host ${quoted(host)} is refused: this server listens on loopback (HOST), so /mcp answers only requests addressed to localhost, 127.0.0.1 or [::1] (any port), to SITE_URL's host${siteNote} or to a name in MCP_ALLOWED_HOSTS, which keeps web pages from reaching it through DNS rebinding. Connect to http://localhost:<port>/mcp; behind a proxy that keeps the public Host, set SITE_URL to the public origin.`
        : `Host ${quoted(host)} is refused: /mcp answers only requests addressed to an IP address, to localhost, to SITE_URL's host${siteNote} or to a name in MCP_ALLOWED_HOSTS, which keeps web pages from reaching it through DNS rebinding. To serve this name, set SITE_URL to its origin or add it to MCP_ALLOWED_HOSTS (comma-separated names; * allows any).`,
    );
  const originRefused = (origin: string): Response =>
    rpcError(
      403,
      MCP_REFUSED_CODE,
      `Origin ${quoted(origin)} is refused: /mcp answers browser pages only from ${loopback ? "localhost, 127.0.0.1 or [::1], " : ""}this service's own origin${siteNote} or an origin listed in MCP_ALLOWED_ORIGINS. To allow this page, add its origin to MCP_ALLOWED_ORIGINS (comma-separated origins; * allows any).`,
    );

  return (request) => {
    const hostHeader = request.headers.get("host");
    const hostValue = hostHeader ?? new URL(request.url).host;
    const host = hostOf(hostValue);
    if ((loopback || hosts !== "*") && (host === null || !hostAllowed(host.hostname))) return hostRefused(hostValue);
    const originHeader = request.headers.get("origin");
    if (originHeader === null || originHeader === "" || anyOrigin) return undefined;
    const origin = originOf(originHeader);
    if (
      origin !== null &&
      (listed.has(origin.origin) ||
        origin.origin === site?.origin ||
        // The request's own origin, scheme aside: behind a proxy that ends TLS the service sees http.
        origin.host === host?.host ||
        (loopback && isLoopbackHostname(origin.hostname)))
    )
      return undefined;
    return originRefused(originHeader);
  };
}
