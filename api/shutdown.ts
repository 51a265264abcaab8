/**
 * Graceful shutdown of `bun run api`: on SIGTERM (or SIGINT) the server stops accepting
 * connections and closes idle keep-alive ones, lets the requests in flight finish for at most
 * {@link GRACE_MS}, closes whatever is left, and the process exits 0. With WORKERS=n the first
 * process forwards the signal and waits for its children too (server.ts).
 */
import type { Server } from "bun";

/** How long requests in flight may take to finish once a stop is asked for. */
export const GRACE_MS = 10_000;

/** What a stop says on stderr when the grace period ran out. */
export const CUT_OFF = `stopped after ${GRACE_MS / 1000} s with requests still in flight; they were cut off`;

/**
 * Stops `server`: no new connections, requests in flight answered, for at most `graceMs`;
 * then every connection left is closed. Resolves true when everything finished in time.
 */
export async function drain(server: Server<unknown>, graceMs: number = GRACE_MS): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), graceMs);
  });
  const inTime = await Promise.race([server.stop(false).then(() => true), late]);
  clearTimeout(timer);
  if (!inTime) await server.stop(true);
  return inTime;
}
