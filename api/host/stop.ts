/**
 * The one stop path of every process that serves (Bun, Node, Deno): on SIGTERM or SIGINT the
 * server stops accepting connections and closes idle keep-alive ones, the requests in flight
 * are answered for at most {@link GRACE_MS}, whatever is left is cut off (and the stop says so
 * on stderr), the access log's last lines are written, and the process exits. What differs
 * between the runtimes is the {@link Listener} record; with WORKERS=n the first Bun process
 * stops its children alongside (api/bun/processes.ts).
 */
import process from "node:process";
import type { Host } from "./assemble.ts";

/** How long requests in flight may take to finish once a stop is asked for. */
const GRACE_MS = 10_000;

/** What a stop says on stderr when the grace period ran out. */
const CUT_OFF = `stopped after ${GRACE_MS / 1000} s with requests still in flight; they were cut off`;

/** How a runtime's server stops. */
export interface Listener {
  /** Stops accepting connections; resolves once the requests in flight are answered. */
  close(): Promise<unknown>;
  /** Closes every connection still open, past the grace period (when the runtime can). */
  cut(): unknown;
}

/** Other processes that stop with this one: resolves true when each exited 0. */
export type Companions = (graceMs: number) => Promise<boolean>;

/**
 * Stops `listener`: no new connections, requests in flight answered, for at most `graceMs`;
 * then every connection left is cut. Resolves true when everything finished in time.
 */
export async function drain(listener: Listener, graceMs: number = GRACE_MS): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), graceMs);
  });
  const closed = listener.close().then(
    () => true,
    () => true,
  );
  const inTime = await Promise.race([closed, late]);
  clearTimeout(timer);
  if (!inTime) await listener.cut();
  return inTime;
}

/**
 * Stops on SIGTERM and SIGINT, and returns the stop for the host's own reasons (a child that
 * died, an orphaned child): {@link drain}, the companions alongside, the log's last lines, then
 * exit with `code`, or 1 when a companion did not stop cleanly. Once: further signals change
 * nothing (Ctrl-C reaches every process of a group).
 */
export function stopOnSignals(host: Host, listener: Listener, companions?: Companions): (code: number) => void {
  let stopping = false;
  const stop = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    // Children get GRACE_MS to drain, and a little longer to exit, before they are killed outright.
    const [inTime, clean] = await Promise.all([drain(listener), companions?.(GRACE_MS + 2_000) ?? true]);
    if (!inTime) process.stderr.write(`${CUT_OFF}\n`);
    if (!clean) process.stderr.write("a worker did not stop cleanly\n");
    host.accessLog?.flush();
    process.exit(clean ? code : 1);
  };
  process.on("SIGTERM", () => void stop(0));
  process.on("SIGINT", () => void stop(0));
  process.on("exit", () => host.accessLog?.flush());
  return (code) => void stop(code);
}
