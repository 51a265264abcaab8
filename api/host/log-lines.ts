/**
 * The access log's writer (LOG, on by default): each request's line is written as ASCII bytes
 * straight from its record into one 4 KiB buffer (shared/http/access-log.ts), and the buffer goes to stdout when the next line would not fit, or {@link FLUSH_MS} after its first
 * line, so a busy server makes one write per few dozen requests instead of one per request
 * (300 against 1,500 ns a line, written to a pipe read by `cat`), and a quiet one shows each line within a moment. Each
 * write is whole lines of at most 4,096 bytes (PIPE_BUF), so the lines of several processes
 * (WORKERS=n) sharing one pipe never cut into each other. Writes are synchronous: a reader that
 * stops reading stdout slows the server down rather than filling its memory (LOG=off for such
 * a place).
 */
import { writeSync } from "node:fs";
// Node's timers (unref) on every runtime: Deno's global setTimeout answers a number.
import { setTimeout } from "node:timers";
import { type AccessRecord, accessLogLine, encodeAccessLine } from "../../shared/http/access-log.ts";

/** At most this many bytes per write: a pipe writes them whole (Linux PIPE_BUF). */
const ATOMIC_BYTES = 4096;
/** How long a line may wait. */
export const FLUSH_MS = 50;
/** Past this many bytes waiting for a stdout that does not take them (EAGAIN), they are dropped. */
const MAX_WAITING = 1 << 20;

/** Writes `length` bytes of `bytes` somewhere; may throw an errno error. */
export type ByteSink = (bytes: Uint8Array, length: number) => void;

/** A buffered writer of access log lines. */
export interface LineWriter {
  /** Queues the access log line of `record`. */
  access(record: AccessRecord): void;
  /** Writes everything queued now. */
  flush(): void;
}

/** The bytes of an access line that does not fit the buffer (a path of kilobytes), with its newline. */
const longLine = (record: AccessRecord): Uint8Array =>
  Uint8Array.from(`${accessLogLine(record)}\n`, (char) => char.charCodeAt(0));

/**
 * A line writer to `write` (by default a synchronous write to stdout). `write` gets whole lines
 * of at most 4,096 bytes at a time (a longer line alone) and may throw an errno error: EAGAIN
 * keeps the lines for a later try, anything else stops the writer.
 */
export function lineWriter(write: ByteSink = (bytes, length) => writeSync(1, bytes, 0, length)): LineWriter {
  let buffer = new Uint8Array(ATOMIC_BYTES);
  let used = 0;
  /** Chunks a full non-blocking stdout did not take yet, oldest first. */
  const waiting: Uint8Array[] = [];
  let waitingSize = 0;
  let scheduled = false;
  let broken = false;

  /** Moves the buffered lines behind those waiting. */
  function seal(): void {
    if (used === 0) return;
    if (waitingSize + used <= MAX_WAITING) {
      waiting.push(buffer.subarray(0, used));
      waitingSize += used;
      buffer = new Uint8Array(ATOMIC_BYTES);
    }
    used = 0;
  }

  function flush(): void {
    scheduled = false;
    if (broken) return;
    if (waiting.length === 0) {
      // The usual case: the buffer goes out as it is, and is filled again.
      if (used === 0) return;
      try {
        write(buffer, used);
        used = 0;
        return;
      } catch (error) {
        if (!failed(error)) return;
      }
    }
    seal();
    while (waiting.length > 0 && !broken) {
      const chunk = waiting[0]!;
      try {
        write(chunk, chunk.length);
      } catch (error) {
        failed(error);
        return;
      }
      waiting.shift();
      waitingSize -= chunk.length;
    }
  }

  /** Handles a failed write: true when it may be tried again later (EAGAIN). */
  function failed(error: unknown): boolean {
    if ((error as NodeJS.ErrnoException).code === "EAGAIN") {
      // A non-blocking stdout that is full: try again shortly.
      scheduled = true;
      setTimeout(flush, 10).unref();
      return true;
    }
    // The reader is gone: stop logging and keep serving.
    broken = true;
    waiting.length = 0;
    waitingSize = 0;
    used = 0;
    return false;
  }

  /** After a line went in: the first line of a buffer schedules its write. */
  function queued(): void {
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, FLUSH_MS).unref();
    }
  }

  /** Writes a line that the buffer cannot take whole: what waits first, then the line alone. */
  function alone(bytes: Uint8Array): void {
    flush();
    if (broken) return;
    if (waiting.length === 0) {
      try {
        write(bytes, bytes.length);
        return;
      } catch (error) {
        if (!failed(error)) return;
      }
    }
    if (waitingSize + bytes.length <= MAX_WAITING) {
      waiting.push(bytes);
      waitingSize += bytes.length;
    }
  }

  return {
    access(record) {
      if (broken) return;
      let end = encodeAccessLine(record, buffer, used);
      if (end === -1 && used > 0) {
        flush();
        if (broken) return;
        if (used > 0) seal();
        end = encodeAccessLine(record, buffer, used);
      }
      if (end === -1) return alone(longLine(record));
      used = end;
      queued();
    },
    flush,
  };
}
