/**
 * The access log's writer (LOG, on by default): lines are gathered and written to stdout when
 * 4 KiB are waiting, or {@link FLUSH_MS} after the first of them, so a busy server makes one
 * write per few dozen requests instead of one per request, and a quiet one shows each line
 * within a moment. Each write is whole lines of at most 4,096 bytes (PIPE_BUF), so the lines of
 * several processes (WORKERS=n) sharing one pipe never cut into each other. Writes are
 * synchronous: a reader that stops reading stdout slows the server down rather than filling
 * its memory (LOG=off for such a place).
 */
import { writeSync } from "node:fs";
// Node's timers (unref) on every runtime: Deno's global setTimeout answers a number.
import { setTimeout } from "node:timers";

/** At most this many bytes per write: a pipe writes them whole (Linux PIPE_BUF). */
const ATOMIC_BYTES = 4096;
/** How long a line may wait. */
export const FLUSH_MS = 50;
/** Past this many bytes waiting for a stdout that does not take them (EAGAIN), they are dropped. */
const MAX_WAITING = 1 << 20;

/** A buffered writer of ASCII lines. */
export interface LineWriter {
  /** Queues one line (without its newline). */
  line(text: string): void;
  /** Writes everything queued now. */
  flush(): void;
}

/**
 * A line writer to `write` (by default a synchronous write to stdout). `write` gets whole lines
 * of at most 4,096 bytes at a time (a longer line alone) and may throw an errno error: EAGAIN
 * keeps the lines for a later try, anything else stops the writer.
 */
export function lineWriter(write: (text: string) => void = (text) => writeSync(1, text)): LineWriter {
  /** Lines not yet joined into a chunk, and their bytes with their newlines (ASCII: length is bytes). */
  let lines: string[] = [];
  let size = 0;
  /** Chunks a full non-blocking stdout did not take yet, oldest first. */
  const waiting: string[] = [];
  let waitingSize = 0;
  let scheduled = false;
  let broken = false;

  /** Joins the gathered lines into one chunk behind those waiting. */
  function seal(): void {
    if (lines.length === 0) return;
    if (waitingSize + size <= MAX_WAITING) {
      waiting.push(`${lines.join("\n")}\n`);
      waitingSize += size;
    }
    lines = [];
    size = 0;
  }

  function flush(): void {
    scheduled = false;
    seal();
    while (waiting.length > 0 && !broken) {
      const chunk = waiting[0]!;
      try {
        write(chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EAGAIN") {
          // A non-blocking stdout that is full: try again shortly.
          scheduled = true;
          setTimeout(flush, 10).unref();
        } else {
          // The reader is gone: stop logging and keep serving.
          broken = true;
          waiting.length = 0;
          waitingSize = 0;
        }
        return;
      }
      waiting.shift();
      waitingSize -= chunk.length;
    }
  }

  return {
    line(text) {
      if (broken) return;
      const bytes = text.length + 1;
      if (size + bytes > ATOMIC_BYTES) seal();
      lines.push(text);
      size += bytes;
      if (size >= ATOMIC_BYTES) flush();
      else if (!scheduled) {
        scheduled = true;
        setTimeout(flush, FLUSH_MS).unref();
      }
    },
    flush,
  };
}
