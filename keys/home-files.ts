/**
 * Where the files kept under the home folder are on this machine (HOME_FILES: the stdio wallet's
 * demo pack, the signing key file). The home folder is HOME (which Deno reads with --allow-env
 * alone), else USERPROFILE, else the system's; one rule for both files.
 */
import { homedir } from "node:os";
import { join } from "node:path";

/** `file` ("~/…", a HOME_FILES path) under this machine's home folder. */
export const homePath = (file: string, env: Record<string, string | undefined>): string =>
  join(env.HOME?.trim() || env.USERPROFILE?.trim() || homedir(), file.slice(2));
