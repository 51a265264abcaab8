/**
 * The local MCP server's wallet, kept in a demo pack file (D20): the same file the web UI
 * exports and imports, so a person can open in the browser what an agent did, and the other
 * way round. The file is read afresh for every wallet call (a pack saved over it from the
 * browser is seen at once) and written whole, through a temporary file and a rename, after
 * every change. A file that cannot be read as a pack is refused with a clear message and never
 * written over.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, resolve } from "node:path";
import { type DemoState, freshState, packText, readPackText } from "../client/index.ts";

/** Where the pack lives: ESCROW_PACK, else ~/.agent-escrow-demo/pack.json. */
export const packPath = (env: Record<string, string | undefined> = process.env): string =>
  resolve(env.ESCROW_PACK || `${homedir()}/.agent-escrow-demo/pack.json`);

/** The state in the pack at `path` (a fresh one when there is no file yet), or why it cannot be used. */
export function loadPack(path: string): { ok: true; state: DemoState } | { ok: false; message: string } {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { ok: true, state: freshState() };
    return { ok: false, message: `The demo pack at ${path} cannot be read (${(error as Error).message}).` };
  }
  const read = readPackText(text);
  if (read.ok) return read;
  return {
    ok: false,
    message: `The demo pack at ${path} is not one this server can use: ${read.message} The file is left as it is; fix or move it, or set ESCROW_PACK to another path.`,
  };
}

/** Writes `state` as the pack at `path`, whole (a reader never sees half a file). */
export function savePack(path: string, state: DemoState): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, packText(state));
  renameSync(temporary, path);
}
