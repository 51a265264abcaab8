/**
 * The environment settings of `bun run api` read as numbers: PORT (D16) and WORKERS. Kept apart
 * from server.ts, which listens as soon as it is imported, so that they can be tested.
 */

/** The default port (D16). */
export const DEFAULT_PORT = 3000;

/**
 * The port PORT asks for: D16's 3000 when unset or blank, else a whole number from 0 (any free
 * port) to 65535. Anything else stops the start with a message naming the value, rather than
 * listening somewhere unexpected (an empty PORT would otherwise read as 0, a random port).
 */
export function listenPort(value: string | undefined): number {
  const text = value?.trim() ?? "";
  if (text === "") return DEFAULT_PORT;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port <= 65535)) throw new Error(`PORT must be a whole number from 0 to 65535; got ${JSON.stringify(value)}.`);
  return port;
}

/** The number of processes WORKERS asks for: a whole number >= 1 (default 1). */
export function workerCount(value: string | undefined): number {
  const count = Math.floor(Number(value ?? 1));
  return Number.isFinite(count) && count >= 1 ? count : 1;
}

/** The origin documents name when SITE_URL is unset: this machine on the port served (D16's 3000 by default). */
export const localSiteUrl = (port: number): string => `http://localhost:${port}`;

/** PORT's port, or the start stops with its one-line message (no stack trace) and exit code 1. */
export function portOrExit(value: string | undefined): number {
  try {
    return listenPort(value);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
