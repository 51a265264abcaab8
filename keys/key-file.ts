/**
 * The default signing key (D27): with no SIGNING_KEY, the key in a file, made on the first
 * start that needs it (SEALS on or required) and read by every later one:
 * `~/.agent-escrow-demo/signing-key.json` (beside the MCP demo pack's default), or
 * SIGNING_KEY_FILE. So `bun run start` on a fresh clone seals, the processes of WORKERS=n sign
 * with one key (the first process reads or makes the file before it starts the others), and a
 * restart keeps the kid: seals and receipts made before it still verify.
 *
 * Made race-free, for starts that happen at once: the file is created with `wx` (O_EXCL, mode
 * 0600) and written whole in one write; a start that finds it already there reads it, waiting a
 * moment when it is still empty. Only what it needs is touched (the folder is made only when it is
 * missing), so Deno can be given write access to the key file's folder alone.
 */

import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { HOME_FILES } from "../shared/protocol/constants.ts";
import { SettingError } from "../shared/settings/setting-error.ts";
import { privateKeyText } from "./ed25519-keys.ts";
import { homePath } from "./home-files.ts";
import type { SigningSettings } from "./key-settings.ts";
import { readSigningKey } from "./signing-key.ts";

/** How long a start waits for a key file another start is writing. */
const WRITER_WAIT_MS = 2_000;

/** The key file: SIGNING_KEY_FILE, else ~/.agent-escrow-demo/signing-key.json (home-files.ts). */
export function keyFilePath(env: Record<string, string | undefined>): string {
  const set = env.SIGNING_KEY_FILE?.trim();
  return set ? resolve(set) : homePath(HOME_FILES.signingKey, env);
}

/** How a message names the key file. */
const named = (path: string): string => `the signing key file ${path} (SIGNING_KEY_FILE)`;

/** Blocks this thread for `ms` milliseconds (a start waits for another to finish writing). */
const pause = (ms: number): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** This process's user id; undefined where there is none (Windows) or it may not be read (Deno without --allow-sys). */
function processUid(): number | undefined {
  try {
    return process.getuid?.();
  } catch {
    return undefined;
  }
}

/**
 * What a start should warn of in the key file at `path`: readable or writable by its group or
 * others, or owned by another user than this process's (anyone who can read it can forge seals
 * and receipt signatures); null when it is owner-only, or where modes do not apply (Windows).
 * The warning names the file and its mode, never its content. `ownUid` is this process's user.
 */
export function keyFileExposure(path: string, ownUid = processUid()): string | null {
  if (process.platform === "win32") return null;
  let mode: number;
  let uid: number;
  try {
    ({ mode, uid } = statSync(path));
  } catch {
    return null;
  }
  const problems: string[] = [];
  if ((mode & 0o077) !== 0)
    problems.push(`readable or writable by its group or others (mode ${(mode & 0o777).toString(8)})`);
  if (ownUid !== undefined && uid !== ownUid)
    problems.push(`owned by another user (uid ${uid}, this process runs as ${ownUid})`);
  if (problems.length === 0) return null;
  return `Warning: ${named(path)} is ${problems.join(" and ")}: whoever can read it can forge this service's seals and receipt signatures. Make it owner-only (chmod 600, owned by the user that runs the service), or set SIGNING_KEY.`;
}

/**
 * The private key in the key file at `path`, made (a fresh Ed25519 key, mode 0600) when there is
 * none; `created` says which, and `warning` what {@link keyFileExposure} finds in a file that was
 * there. A file that cannot be read or holds no Ed25519 private key throws a SettingError naming
 * the file, never quoting it.
 */
export function keyFromFile(path: string): { key: KeyObject; created: boolean; warning: string | null } {
  const deadline = Date.now() + WRITER_WAIT_MS;
  for (;;) {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT") throw new SettingError(`Cannot read ${named(path)}: ${code ?? (error as Error).name}.`);
      const key = createKeyFile(path);
      if (key !== null) return { key, created: true, warning: null };
      continue; // Another start made it meanwhile: read that one.
    }
    try {
      const key = readSigningKey(text, `The signing key file ${path}`);
      return { key, created: false, warning: keyFileExposure(path) };
    } catch (error) {
      if (!(error instanceof SettingError)) throw error;
      // Written whole in one write, ending with a line break: a file without one may be one
      // another start has just created and not yet written.
      if (!text.endsWith("\n") && Date.now() < deadline) {
        pause(10);
        continue;
      }
      throw new SettingError(
        `${error.message} Correct the file, or remove it to make a new key (the old key's seals then no longer hold unless its private key is in SIGNING_PREVIOUS_KEYS, and its receipts' signatures no longer verify unless at least its public key is there), or set SIGNING_KEY.`,
      );
    }
  }
}

/** Makes the key file with a fresh key and returns the key; null when the file exists already (another start made it). */
function createKeyFile(path: string): KeyObject | null {
  const folder = dirname(path);
  let fd: number;
  try {
    if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });
    fd = openSync(path, "wx", 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return null;
    const name = (error as Error).name;
    // Deno's api:deno may write the key file (or the default folder) alone: not a missing folder.
    const deno = name === "NotCapable" ? " (Deno may write only the key file: make its folder first)" : "";
    throw new SettingError(
      `Cannot create ${named(path)}: ${code ?? name}${deno}. Set SIGNING_KEY, or SIGNING_KEY_FILE to a file this process may create, or SEALS=off.`,
    );
  }
  try {
    const { privateKey } = generateKeyPairSync("ed25519");
    const bytes = new TextEncoder().encode(`${privateKeyText(privateKey)}\n`);
    for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
    return privateKey;
  } catch (error) {
    // Leave no half-made key behind for the next start to trip over.
    rmSync(path, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    throw new SettingError(`Cannot write ${named(path)}: ${code ?? (error as Error).name}.`);
  } finally {
    closeSync(fd);
  }
}

/**
 * `signing` with its key: SIGNING_KEY's as it is, else (seals on or required) the key file's at
 * `path`, made when missing, with the file's exposure as a `warning` for the start to print.
 * With SEALS=off no file is read or made.
 */
export function withKeyFile(signing: SigningSettings, path: string): SigningSettings {
  if (signing.seals === "off" || signing.key !== null) return signing;
  const { key, warning } = keyFromFile(path);
  return { ...signing, key, source: path, ...(warning !== null && { warning }) };
}
