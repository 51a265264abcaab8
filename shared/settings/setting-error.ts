/**
 * The error that stops a start: a setting whose value cannot be used. Pure, so that every reader
 * of settings shares it (api/host/settings.ts, keys/key-settings.ts and key-file.ts, the site
 * build through site-url.ts) without importing one another.
 */

/** A setting whose value cannot be used; its message names the setting, what it takes and (unless secret) the value. */
export class SettingError extends Error {
  override name = "SettingError";
}
