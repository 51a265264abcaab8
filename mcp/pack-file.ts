/**
 * The local MCP server's wallet, kept in a demo pack file (D20): the same file the web UI
 * exports and imports, so a person can open in the browser what an agent did, and the other
 * way round. The file is read afresh for every wallet call (a pack saved over it from the
 * browser is seen at once) and written whole, through a temporary file and a rename, after
 * every change. A file that cannot be read as a pack is refused with a clear message and never
 * written over. What the tools answer names the pack by its file name and the setting that
 * chose it, never by its path on this machine (only stderr, the operator's, shows the path).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { type DemoState, freshState, packText, readPackText } from "../client/index.ts";
import { homePath } from "../keys/home-files.ts";
import { HOME_FILES } from "../shared/protocol/constants.ts";

/** A pack file: where it is, and how answers name it. */
export interface Pack {
  path: string;
  label: { file: string; from: "ESCROW_PACK" | "default" };
}

/** The pack: ESCROW_PACK, else ~/.agent-escrow-demo/pack.json. */
export function packOf(env: Record<string, string | undefined> = process.env): Pack {
  const from = env.ESCROW_PACK ? "ESCROW_PACK" : "default";
  const path = resolve(env.ESCROW_PACK || homePath(HOME_FILES.pack, env));
  return { path, label: { file: basename(path), from } };
}

/** How messages name the pack: its file name and the setting that chose it. */
export const packName = (pack: Pack): string =>
  pack.label.from === "default" ? `the default pack (${HOME_FILES.pack})` : `the pack ${pack.label.file} (ESCROW_PACK)`;

/** The state in `pack` (a fresh one when there is no file yet), or why it cannot be used. */
export function loadPack(pack: Pack): { ok: true; state: DemoState } | { ok: false; message: string } {
  let text: string;
  try {
    text = readFileSync(pack.path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { ok: true, state: freshState() };
    return { ok: false, message: `Cannot read ${packName(pack)} (${code ?? "error"}).` };
  }
  const read = readPackText(text);
  if (read.ok) return read;
  return {
    ok: false,
    message: `Cannot use ${packName(pack)}: ${read.message} The file is left as it is; fix or move it, or set ESCROW_PACK to another file.`,
  };
}

/** What a call says when another process held the pack's lock too long (pack-lock.ts); `holder` names it. */
export const packBusy = (pack: Pack, holder: string, waitedMs: number): string =>
  `Cannot use ${packName(pack)} now: another wallet process (${holder}) kept it locked for ${waitedMs / 1000} s. ` +
  `Nothing changed; try again, or delete ${pack.label.file}.lock beside it if no wallet process is running.`;

/** Errors a rename over a file another process has open may meet on Windows, for a moment. */
const BUSY = new Set(["EPERM", "EACCES", "EBUSY"]);

/** Writes `state` as `pack`, whole (a reader never sees half a file). */
export function savePack(pack: Pack, state: DemoState): void {
  mkdirSync(dirname(pack.path), { recursive: true });
  const temporary = `${pack.path}.${process.pid}.tmp`;
  writeFileSync(temporary, packText(state));
  for (let tries = 1; ; tries++) {
    try {
      renameSync(temporary, pack.path);
      return;
    } catch (error) {
      if (tries === 20 || !BUSY.has((error as NodeJS.ErrnoException).code ?? "")) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5 * tries);
    }
  }
}
