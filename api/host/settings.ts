/**
 * The environment settings of every runtime's server: PORT (D16), HOST, WORKERS (Bun), LOG,
 * RATE_LIMIT (D23), MCP_ALLOWED_ORIGINS, MCP_ALLOWED_HOSTS, SITE_URL, SITE_DIR, and the signing settings SEALS,
 * SIGNING_KEY, SIGNING_PREVIOUS_KEYS and SIGNING_KEY_FILE (keys/key-settings.ts and
 * keys/key-file.ts); HOST's rule is listen-host.ts, the /mcp access rules mcp-access.ts. Kept apart from the servers, which listen as soon as they are imported, so that they can be
 * tested. A value that cannot be read stops the start with a {@link SettingError}, whose
 * message is printed as one line, rather than the server doing something unexpected.
 */

import process from "node:process";
import { fileURLToPath } from "node:url";
import { keyFilePath, withKeyFile } from "../../keys/key-file.ts";
import { type SigningSettings, sealsNote, signingSettings } from "../../keys/key-settings.ts";
import { refuseToStart } from "../../keys/refuse-to-start.ts";
import { MAX_RATE, parseRate, type Rate } from "../../shared/http/rate-limit.ts";
import type { McpAccess } from "../../shared/mcp/http/guard.ts";
import { SettingError } from "../../shared/settings/setting-error.ts";
import { listenPort, siteUrlSetting } from "../../shared/settings/site-url.ts";
import { listenHost } from "./listen-host.ts";
import { mcpAccess } from "./mcp-access.ts";

export { DEFAULT_PORT, listenPort } from "../../shared/settings/site-url.ts";
export { SettingError };

/** The number of processes WORKERS asks for: a whole number >= 1 (default 1). */
export function workerCount(value: string | undefined): number {
  const count = Math.floor(Number(value ?? 1));
  return Number.isFinite(count) && count >= 1 ? count : 1;
}

/** Whether LOG asks for the access log: on when unset, blank or `on`; off with `off`; anything else stops the start. */
export function accessLogOn(value: string | undefined): boolean {
  const text = value?.trim().toLowerCase() ?? "";
  if (text === "" || text === "on") return true;
  if (text === "off") return false;
  throw new SettingError(`LOG must be on or off; got ${JSON.stringify(value)}.`);
}

/**
 * The rate limit RATE_LIMIT asks for (D23): null (off, the default) when unset, blank or `off`;
 * else `<requests>/<seconds>`, two whole numbers, requests from 1 to 1,000,000,000 and seconds
 * from 1 to 86,400 (`100/60`: 100 requests a minute per client address). Anything else stops
 * the start.
 */
export function rateLimit(value: string | undefined): Rate | null {
  const text = value?.trim() ?? "";
  if (text === "" || text.toLowerCase() === "off") return null;
  const rate = parseRate(text);
  if (rate === null)
    throw new SettingError(
      `RATE_LIMIT must be <requests>/<seconds> (e.g. 100/60), requests from 1 to ${MAX_RATE.requests} and seconds from 1 to ${MAX_RATE.seconds}, or off; got ${JSON.stringify(value)}.`,
    );
  return rate;
}

/** The built site's folder: site/dist of this checkout (the Node bundle sits as deep as this file). */
const SITE_DIST = fileURLToPath(new URL("../../site/dist", import.meta.url));

/** What the service itself is assembled from (assemble.ts), on every runtime, Workers included. */
export interface ServiceSettings {
  /** Seals and receipt signatures (D27): SEALS, the signing key and the previous keys (key-settings.ts). */
  signing: SigningSettings;
  /** The access log (LOG). */
  log: boolean;
  /** The rate limit (RATE_LIMIT, D23), or null for none. */
  rateLimit: Rate | null;
  /** The origin absolute URLs in documents name (SITE_URL). */
  siteUrl: string;
  /** Who may reach /mcp: a loopback HOST's rule, and MCP_ALLOWED_ORIGINS. */
  mcpAccess: McpAccess;
}

/** The settings of a start: the service's, and where and how it listens. */
export interface Settings extends ServiceSettings {
  port: number;
  /** The interface (HOST; 127.0.0.1 by default, `::` for every interface). */
  host: string;
  /** Processes serving the port (WORKERS, Bun on Linux). */
  workers: number;
  /** The built site's folder (SITE_DIR; default site/dist of this checkout). */
  siteDir: string;
  /** Where the signing key is kept without SIGNING_KEY (SIGNING_KEY_FILE; default ~/.agent-escrow-demo/signing-key.json). */
  keyFile: string;
}

/**
 * Every setting of `bun run api` (and of api:node, api:deno and api:workers, which take those
 * they can use), read from `env`; throws a SettingError on the first bad one. Without SITE_URL
 * the documents name this server's own address ({@link siteUrlSetting}, which the site build reads too).
 */
export function readSettings(env: Record<string, string | undefined>): Settings {
  const port = listenPort(env.PORT);
  const host = listenHost(env.HOST);
  return {
    port,
    host,
    workers: workerCount(env.WORKERS),
    log: accessLogOn(env.LOG),
    rateLimit: rateLimit(env.RATE_LIMIT),
    mcpAccess: mcpAccess(host, env.MCP_ALLOWED_ORIGINS, env.MCP_ALLOWED_HOSTS),
    siteUrl: siteUrlSetting(env),
    siteDir: env.SITE_DIR?.trim() || SITE_DIST,
    signing: signingSettings(env),
    keyFile: keyFilePath(env),
  };
}

/**
 * {@link readSettings} with the signing key in place (without SIGNING_KEY, and with seals on or
 * required: the key file's, made when missing, its exposure warned of on stderr), or the start
 * stops with the one-line message on stderr (no stack trace), exit code 1.
 */
export function settingsOrExit(env: Record<string, string | undefined>): Settings {
  try {
    const settings = readSettings(env);
    const signing = withKeyFile(settings.signing, settings.keyFile);
    if (signing.warning) process.stderr.write(`${signing.warning}\n`);
    return { ...settings, signing };
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    refuseToStart(error.message);
  }
}

/** Stops the start because the server cannot listen where `settings` say, naming the address and `reason` (EADDRINUSE). */
export function cannotListen(settings: Settings, reason: string | undefined): never {
  refuseToStart(`Cannot listen on ${settings.host} port ${settings.port}: ${reason}.`);
}

/** The URL a start line names: HOST's address (IPv6 in brackets), or localhost for every interface. */
function listeningUrl(settings: Settings, port: number): string {
  const host = settings.host;
  const name = host === "::" || host === "0.0.0.0" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}/`;
}

/**
 * The one line a start prints on stdout once it listens on `port`; `note` says how (runtime,
 * processes); then the seals, with the signing key's kid (never the key) and where it came from.
 */
export const startLine = (settings: Settings, port: number, note?: string): string =>
  `agent-escrow-demo listening on ${listeningUrl(settings, port)}${note ? ` (${note})` : ""}; ${sealsNote(settings.signing)}`;
