/**
 * Who may reach /mcp, from the settings: MCP_ALLOWED_ORIGINS, MCP_ALLOWED_HOSTS and HOST
 * (shared/mcp/http/guard.ts applies it to each request).
 */
import { isLoopbackAddress, type McpAccess, parseAllowedOrigins } from "../../shared/mcp/http/guard.ts";
import { SettingError } from "../../shared/settings/setting-error.ts";
import { HOST_NAME, IPV4, isIpv6 } from "./listen-host.ts";

/**
 * The origins MCP_ALLOWED_ORIGINS lets call /mcp from a browser page besides the deployment's
 * own (shared/mcp/http/guard.ts): none when unset or blank; else comma-separated http(s) origins
 * (`https://app.example.com, http://localhost:5173`), or `*` for any. An entry that is not an
 * origin (a path, a query, another scheme) stops the start.
 */
export function mcpAllowedOrigins(value: string | undefined): readonly string[] | "*" {
  const parsed = parseAllowedOrigins(value);
  if (parsed.bad.length > 0)
    throw new SettingError(
      `MCP_ALLOWED_ORIGINS must be comma-separated origins (https://app.example.com, http://localhost:5173) or *; ${JSON.stringify(parsed.bad[0])} is not an origin in ${JSON.stringify(value)}.`,
    );
  return parsed.origins;
}

/**
 * The host names MCP_ALLOWED_HOSTS lets /mcp answer requests addressed to besides this machine's,
 * IP addresses and SITE_URL's host (shared/mcp/http/guard.ts): none when unset or blank; else comma-separated
 * names (`mcp.example.com, box.local`), lower-cased, or `*` for any. Anything else stops the start.
 */
export function mcpAllowedHosts(value: string | undefined): readonly string[] | "*" {
  const entries = (value ?? "").split(",").map((entry) => entry.trim().toLowerCase());
  const names = entries.filter((entry) => entry !== "");
  if (names.includes("*")) return "*";
  const bad = names.find((name) => !HOST_NAME.test(name) || /(^|\.)\d+\.?$/.test(name));
  if (bad !== undefined)
    throw new SettingError(
      `MCP_ALLOWED_HOSTS must be comma-separated host names (mcp.example.com, box.local) or *; ${JSON.stringify(bad)} is not a host name in ${JSON.stringify(value)}.`,
    );
  return names.map((name) => name.replace(/\.$/, ""));
}

/**
 * Who may reach /mcp (shared/mcp/http/guard.ts): on a loopback HOST (the default), requests addressed to this
 * machine; on any other, requests addressed to an IP address, this machine, HOST's own name or a
 * name MCP_ALLOWED_HOSTS lists; and pages from the origins MCP_ALLOWED_ORIGINS names.
 */
export function mcpAccess(host: string, allowedOrigins: string | undefined, allowedHosts?: string): McpAccess {
  const hosts = mcpAllowedHosts(allowedHosts);
  const own = IPV4.test(host) || isIpv6(host) ? [] : [host.toLowerCase()];
  return {
    loopback: isLoopbackAddress(host),
    allowedOrigins: mcpAllowedOrigins(allowedOrigins),
    allowedHosts: hosts === "*" ? "*" : [...own, ...hosts],
  };
}
