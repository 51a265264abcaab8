/**
 * One wallet call at a time on a pack file, across processes: desktop hosts start one
 * stdio server per window, and each shares the default pack. A call holds `<pack>.lock` from
 * reading the pack to writing it back, so no two calls act on the same state and both save.
 *
 * The lock is a file created exclusively (`open` with `wx`: O_CREAT|O_EXCL on Linux and macOS,
 * CREATE_NEW on Windows), holding its owner's host, pid and start time; it is removed when the
 * call ends, by its owner only. A call holds it for milliseconds (the engine runs in this
 * process; a person's confirmation is asked before the lock is taken), so a waiting call polls
 * with a short backoff and gives up after `waitMs` with a message. A lock left by a process that
 * died (killed mid-call) is stale: its pid is not running on this host, or it is older than
 * `staleMs`. A stale lock is broken by renaming it to a name of this process's own (one rename
 * wins), then checking that what was moved is the lock judged stale, so a fresh lock taken
 * meanwhile is put back, not broken. Written here rather than with proper-lockfile: that package
 * keeps locks alive with timers and leans on three more packages, for a lock held a few
 * milliseconds by a process that exits cleanly.
 */
import { closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";

/** How long to wait for a lock, and when a lock counts as stale. */
export interface LockTimes {
  waitMs: number;
  staleMs: number;
}

export const LOCK_TIMES: LockTimes = { waitMs: 10_000, staleMs: 30_000 };

const HOST = hostname();
const OWNER = `${HOST} ${process.pid} ${Date.now()}`;
let taken = 0;

/** The lock could not be had in time; the message names the process that holds it. */
export class PackBusy extends Error {}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The text of the file at `path`, or null when there is none. */
function textOf(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** Whether process `pid` runs on this machine (signal 0 checks without signalling). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the lock holding `text`, last written at `mtimeMs`, was left by a call that will not end it. */
function isStale(text: string, mtimeMs: number, staleMs: number): boolean {
  const [host, pid] = text.split(" ");
  if (host === HOST && Number(pid) !== process.pid && !running(Number(pid))) return true;
  return Date.now() - mtimeMs > staleMs;
}

/** Tries once to create the lock; true when this call holds it. */
function tryCreate(path: string, mine: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, mine);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Breaks the lock at `path` if it still holds `text`; a lock taken meanwhile is put back. */
function breakStale(path: string, text: string): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch {
    return; // another process broke it first
  }
  if (textOf(aside) === text) unlinkSync(aside);
  else if (!tryPutBack(aside, path)) unlinkSync(aside);
}
const tryPutBack = (aside: string, path: string): boolean => {
  try {
    renameSync(aside, path);
    return true;
  } catch {
    return false;
  }
};

/** Runs `act` holding the lock of the file at `file`; throws PackBusy when it cannot be had within `waitMs`. */
export async function withFileLock<T>(file: string, act: () => Promise<T>, times: LockTimes = LOCK_TIMES): Promise<T> {
  const path = `${file}.lock`;
  const mine = `${OWNER} ${++taken}`;
  const giveUp = Date.now() + times.waitMs;
  for (let pause = 1; !tryCreate(path, mine); pause = Math.min(pause * 2, 25)) {
    const text = textOf(path);
    const since = text === null ? null : statSync(path, { throwIfNoEntry: false })?.mtimeMs;
    if (text !== null && since != null && isStale(text, since, times.staleMs)) {
      breakStale(path, text);
      continue;
    }
    if (Date.now() > giveUp) throw new PackBusy(`process ${text?.split(" ")[1] ?? "?"}`);
    await sleep(pause + Math.random() * pause);
  }
  try {
    return await act();
  } finally {
    if (textOf(path) === mine) unlinkSync(path);
  }
}
