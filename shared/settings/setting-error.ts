/**
 * The error that stops a start (settings.ts): a setting whose value cannot be used. A module of
 * its own so that the readers of settings (settings.ts, key-settings.ts, key-file.ts) share it
 * without importing one another.
 */

/** A setting whose value cannot be used; its message names the setting, what it takes and (unless secret) the value. */
export class SettingError extends Error {
  override name = "SettingError";
}
