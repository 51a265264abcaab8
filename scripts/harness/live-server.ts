/**
 * A real `api/bun/server.ts` (or another runtime's server command) as a child process on a free
 * loopback port, for the tests and scripts that need the wire: its stdout and stderr are drained
 * continuously (a full pipe would stall the server) and kept, and its processes and RSS are read
 * from /proc. Raw HTTP/1.1 exchanges with it are in raw-http.ts; each runtime's own start is in
 * runtimes.ts.
 */

import { readFileSync } from "node:fs";
import { testKeyFile } from "./test-key.ts";

/** The repository root. */
export const ROOT = new URL("../..", import.meta.url).pathname;

/** A running server and what it printed so far. */
export interface LiveServer {
  port: number;
  /** `http://127.0.0.1:<port>` */
  base: string;
  pid: number;
  /** Everything the server wrote to stdout so far. */
  stdout(): string;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** True while the process runs. */
  alive(): boolean;
  /** The exit code, once the process has exited (and its output has been read to the end). */
  exited: Promise<number>;
  /**
   * The process that serves: `pid` itself, or for a script (`bun run api:node`) the last of
   * its descendants, the runtime the script started. Signals meant for the server go here.
   */
  serverPid(): number;
  /** Resident set size of the server process in bytes (VmRSS of /proc/<pid>/status). */
  rss(): number;
  /** Kills the process and waits for it to exit. */
  stop(): Promise<void>;
}

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

/** What a stand-in for another service answers on the README's port: 503, so a suite that reaches it fails. */
export const OTHER_SERVICE = "another service holds port 3000";

/**
 * Stands in for another service on D16's port 3000, the port the README's examples name, while
 * a suite runs: the suites that run those examples start their server on a free port, and this
 * proves it (their server could not listen on 3000, and a snippet still naming 3000 would get
 * this 503). Nothing is held when 3000 is taken already; then the proof is only as good as what
 * listens there (if it is this service, a snippet still naming 3000 would pass against it).
 * `stop()` frees the port again.
 */
export function holdReadmePort(): { stop(): void } {
  try {
    const server = Bun.serve({ port: 3000, fetch: () => new Response(OTHER_SERVICE, { status: 503 }) });
    return { stop: () => void server.stop(true) };
  } catch {
    return { stop() {} };
  }
}

/** Reads a stream to the end into `sink`, chunk by chunk, so the pipe never fills. */
async function drain(stream: ReadableStream<Uint8Array>, sink: { text: string }): Promise<void> {
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    sink.text += decoder.decode(value, { stream: true });
  }
  sink.text += decoder.decode();
}

/**
 * Starts `bun api/bun/server.ts` with PORT set and waits (up to 10 s) until /api/health.json answers
 * 200. One process (WORKERS=1) unless `env` says otherwise, so its pid is the whole server.
 * On a free port unless `env.PORT` names one.
 */
export function startServer(env: Record<string, string> = {}): Promise<LiveServer> {
  return startCommand([process.execPath, "api/bun/server.ts"], { WORKERS: "1", ...env });
}

/**
 * Starts `command` in the repository root with PORT set (a free port unless `env.PORT` names
 * one), SIGNING_KEY_FILE the test key's (test-key.ts) unless `env` names another, and the rest
 * of `env` over this process's environment, and waits (up to `timeoutMs`)
 * until /api/health.json answers 200 on 127.0.0.1. Its output is drained and kept; `stop()`
 * sends SIGTERM and waits for the exit (SIGKILL after 10 s).
 */
export async function startCommand(
  command: string[],
  env: Record<string, string> = {},
  timeoutMs = 10_000,
): Promise<LiveServer> {
  const port = env.PORT ? Number(env.PORT) : freePort();
  const child = Bun.spawn(command, {
    cwd: ROOT,
    env: { ...process.env, SIGNING_KEY_FILE: testKeyFile(), ...env, PORT: String(port) },
    stdout: "pipe",
    stderr: "pipe",
    stdin: "ignore",
  });
  const out = { text: "" };
  const err = { text: "" };
  const drained = Promise.all([drain(child.stdout, out), drain(child.stderr, err)]);
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    // A script (bun run api:node) runs its server as a grandchild: stop the whole tree.
    for (const pid of descendants(child.pid).reverse()) {
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        // Gone already.
      }
    }
    if (child.exitCode === null) child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await child.exited;
    clearTimeout(timer);
    await drained;
  };
  let up = false;
  for (
    const deadline = Date.now() + timeoutMs;
    !up && Date.now() < deadline && child.exitCode === null;
    await Bun.sleep(25)
  ) {
    up = (await fetch(`${base}/api/health.json`).catch(() => undefined))?.status === 200;
  }
  if (!up) {
    await stop();
    throw new Error(`${command.join(" ")} did not answer on ${base} within ${timeoutMs} ms:\n${out.text}\n${err.text}`);
  }
  return {
    port,
    base,
    pid: child.pid,
    stdout: () => out.text,
    stderr: () => err.text,
    alive: () => child.exitCode === null && child.signalCode === null,
    exited: Promise.all([child.exited, drained]).then(([code]) => code),
    serverPid: () => descendants(child.pid).at(-1) ?? child.pid,
    rss: () => rssOf(child.pid),
    stop,
  };
}

/** The pids of `pid`'s children (Linux /proc); none once it is gone. */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** True while `pid` runs (a process that exited and is not yet reaped counts as gone). */
export function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** Every process below `pid`, parents before their children (Linux /proc). */
const descendants = (pid: number): number[] => childrenOf(pid).flatMap((child) => [child, ...descendants(child)]);

/** VmRSS of a process in bytes. */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}
