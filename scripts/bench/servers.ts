/**
 * Processes under test for `bun run bench`: the service (`bun api/bun/server.ts`, optionally with
 * WORKERS, or with SEALS=off), its same-answer floors, and with BENCH_BEFORE another build of it,
 * each on its own free loopback port. What Linux's /proc tells about them (CPU time and resident
 * memory) is in process-usage.ts.
 */
import type { Subprocess } from "bun";
import { freePort, ROOT } from "../harness/live-server.ts";
import { testKeyFile } from "../harness/test-key.ts";

export { freePort, ROOT };
/** The Bun binary running the bench: the local devDependency under `npx bun run bench`. */
export const BUN = process.execPath;

/** A started server. */
export interface Server {
  name: string;
  port: number;
  url: string;
  process: Subprocess;
  stop(): Promise<void>;
}

/** Every server process this run started, so that none outlives it, whatever happens. */
const running = new Set<Subprocess>();
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill("SIGTERM");
    process.exit(130);
  });
}

/** Keeps `child` on the list of processes to stop when the bench ends. */
export function track(child: Subprocess): Subprocess {
  running.add(child);
  child.exited.then(() => running.delete(child));
  return child;
}

/** Resolves once `url` answers `probe` (any status), or throws after `timeoutMs`. */
export async function waitFor(
  url: string,
  process: Subprocess,
  probe: RequestInit = {},
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (process.exitCode !== null) throw new Error(`${url}: server exited with ${process.exitCode}`);
    const response = await fetch(url, probe).catch(() => null);
    if (response) {
      await response.arrayBuffer();
      return;
    }
    await Bun.sleep(5);
  }
  throw new Error(`${url}: no answer within ${timeoutMs} ms`);
}

/**
 * Starts `bun <script>` (or `bun ...script`: Bun's flags, then the script) with `env` on a free
 * port and waits (`timeoutMs`) until `readyPath` answers `probe`.
 */
export async function startServer(
  name: string,
  script: string | string[],
  env: Record<string, string>,
  readyPath: string,
  probe: RequestInit = {},
  timeoutMs = 10_000,
): Promise<Server> {
  const port = freePort();
  const child = Bun.spawn([BUN, ...[script].flat()], {
    cwd: ROOT,
    // Every server signs with the tests' key (test-key.ts), as cases.ts seals its jobs with it.
    // No SIGNING_KEY of the bench's own environment may override the key file.
    env: { ...process.env, SIGNING_KEY: "", SIGNING_KEY_FILE: testKeyFile(), ...env, PORT: String(port) },
    stdout: "ignore",
    stderr: "inherit",
  });
  track(child);
  const url = `http://127.0.0.1:${port}`;
  const server: Server = {
    name,
    port,
    url,
    process: child,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
      await child.exited;
      clearTimeout(timer);
    },
  };
  try {
    await waitFor(url + readyPath, child, probe, timeoutMs);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/**
 * Starts the service, `bun api/bun/server.ts`, with `workers` processes: SEALS on (the default
 * start, set so that no SEALS of the bench's own environment leaks in), or with `seals` "off" the
 * same build without seals (the seals comparison).
 */
export const startService = (workers = 1, seals: "on" | "off" = "on"): Promise<Server> =>
  startServer(
    `service${workers === 1 ? "" : ` WORKERS=${workers}`}${seals === "off" ? " SEALS=off" : ""}`,
    "api/bun/server.ts",
    { WORKERS: String(workers), SEALS: seals },
    "/api/health.json",
  );

/**
 * BENCH_WORKERD: the Worker in workerd (workerd.ts, the same Worker as `bun run api:workers`),
 * or another checkout's (`script`: its scripts/bench/workerd.ts, BENCH_BEFORE), on workerd's own
 * socket, without what Miniflare puts in front to emulate Cloudflare's front line (see
 * workerd.ts). workerd takes seconds to start: a minute each.
 */
export const startWorkerd = (name = "Worker (workerd)", script = "scripts/bench/workerd.ts"): Promise<Server> =>
  startServer(name, script, {}, "/api/health.json", {}, 60_000);

/** BENCH_WORKERD: the bare Worker (bare-worker.ts) sending the answer in `file`, configured as the Worker is. */
export const startBareWorker = (file: string): Promise<Server> =>
  startServer(
    "bare Worker",
    "scripts/bench/workerd.ts",
    { WORKER_MAIN: "scripts/bench/bare-worker.ts", FLOOR_ANSWER: file },
    "/",
    {},
    60_000,
  );

/** Starts the same-answer floor (floor-server.ts) sending the answer in `file`. */
export const startFloor = (file: string): Promise<Server> =>
  startServer("same-answer floor", "scripts/bench/floor-server.ts", { FLOOR_ANSWER: file }, "/");

/** BENCH_BEFORE: another build of the service (`script`, e.g. an older commit's server), one process, log on. */
export const startBefore = (script: string, env: Record<string, string> = {}): Promise<Server> =>
  startServer("before", script, { ...env, WORKERS: "1" }, "/api/health.json");

/** `count` more processes made by `start`, one after the other (BENCH_PROCESSES). */
export async function startMore(count: number, start: () => Promise<Server>): Promise<Server[]> {
  const started: Server[] = [];
  for (let i = 0; i < count; i++) started.push(await start());
  return started;
}
