/**
 * HOST, the interface the service listens on: an IPv4 or IPv6 address or a host name, this
 * machine only (127.0.0.1) when unset, and the address patterns the MCP access rules share.
 */
import { SettingError } from "../../shared/settings/setting-error.ts";

const IPV4_PART = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
export const IPV4 = new RegExp(`^${IPV4_PART}(?:\\.${IPV4_PART}){3}$`);
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
export const HOST_NAME = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*\\.?$`);

/** True for an IPv6 address as URLs write it between brackets (the URL parser is the judge). */
export function isIpv6(text: string): boolean {
  if (!text.includes(":") || !/^[0-9A-Fa-f:.]+$/.test(text)) return false;
  try {
    return new URL(`http://[${text}]/`).hostname !== "";
  } catch {
    return false;
  }
}

/** Where the service listens without HOST: this machine only (no page can reach /mcp by rebinding a name). */
const DEFAULT_HOST = "127.0.0.1";

/**
 * The interface HOST asks to listen on: 127.0.0.1 when unset or blank (this machine only); `::`
 * for every interface, IPv4 and IPv6, `0.0.0.0` for every IPv4 one; otherwise an IPv4 address,
 * an IPv6 address (brackets optional) or a host name (`localhost`); anything else stops the start.
 */
export function listenHost(value: string | undefined): string {
  const text = value?.trim() ?? "";
  if (text === "") return DEFAULT_HOST;
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (IPV4.test(bare) || isIpv6(bare)) return bare;
  // A name whose last label is a number would be a malformed IPv4 address (256.0.0.1, 1.2.3).
  if (bare === text && HOST_NAME.test(text) && !/(^|\.)\d+\.?$/.test(text)) return text;
  throw new SettingError(
    `HOST must be an IP address or a host name (127.0.0.1, ::1, 0.0.0.0, localhost); got ${JSON.stringify(value)}.`,
  );
}
