/**
 * The port PORT asks for and the origin documents name without SITE_URL: one pure rule read by
 * the server's settings (api/host/settings.ts) and by the static site build (site/src/site-url.ts),
 * so that `bun run start` (a build, then `bun run api`) writes the same origin into the
 * prerendered copies as the server writes into the documents it serves. The caller passes the
 * environment; nothing here reads it.
 */

import { DEFAULT_SITE_URL } from "../protocol/constants.ts";
import { SettingError } from "./setting-error.ts";

/** The default port (D16). */
export const DEFAULT_PORT = 3000;

/**
 * The port PORT asks for: D16's 3000 when unset or blank, else a whole number from 0 (any free
 * port) to 65535. Anything else stops the start with a message naming the value, rather than
 * listening somewhere unexpected (an empty PORT would otherwise read as 0, a random port).
 */
export function listenPort(value: string | undefined): number {
  const text = value?.trim() ?? "";
  if (text === "") return DEFAULT_PORT;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port <= 65535))
    throw new SettingError(`PORT must be a whole number from 0 to 65535; got ${JSON.stringify(value)}.`);
  return port;
}

/** The origin documents name when SITE_URL is unset: this machine on the port served (D16's 3000 by default). */
const localSiteUrl = (port: number): string => `http://localhost:${port}`;

/**
 * The origin absolute URLs in documents name: SITE_URL when set and not empty, else this
 * machine on PORT (PORT 0, a port not known yet: the default origin). A PORT the server would
 * refuse throws the same SettingError, so a build for it stops too.
 */
export function siteUrlSetting(env: Record<string, string | undefined>): string {
  if (env.SITE_URL) return env.SITE_URL;
  const port = listenPort(env.PORT);
  return port === 0 ? DEFAULT_SITE_URL : localSiteUrl(port);
}
