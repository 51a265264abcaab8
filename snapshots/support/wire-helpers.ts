/**
 * Wire-level helpers the operating suites share (shutdown, rate limit, the runtimes' operate
 * suite): waiting for a condition, a refused connection, a request held in flight, and a
 * request from a chosen loopback address, and a start that a setting refuses.
 */
import { expect } from "bun:test";
import { connect } from "node:net";
import { outputOf } from "../../scripts/harness/child-output.ts";
import { parseResponse } from "../../scripts/harness/http-response.ts";
import { freePort, type LiveServer, ROOT } from "../../scripts/harness/live-server.ts";
import { collect, open, type RawExchange, rawRequest } from "../../scripts/harness/raw-http.ts";
import { testKeyFile } from "../../scripts/harness/test-key.ts";
import { ROUTE_BODIES } from "./fixtures.ts";

/** Waits until `check` holds, polling, or fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  for (const deadline = Date.now() + ms; !(await check()); await Bun.sleep(25)) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
  }
}

/** True when a new connection to the port is refused. */
export const refused = (port: number): Promise<boolean> =>
  open(port).then(
    (socket) => {
      socket.destroy();
      return false;
    },
    () => true,
  );

const BODY = JSON.stringify(ROUTE_BODIES.validate);

/** A request in flight: its headers and all of its body but the last byte are sent; `finish` sends the rest. */
export async function slowRequest(port: number, id: string) {
  const socket = await open(port);
  const bytes = rawRequest("POST", "/api/v0/validate", BODY, { "X-Request-Id": id });
  socket.write(bytes.subarray(0, bytes.length - 1));
  return {
    id,
    socket,
    /** Sends the last byte and waits for the answer. */
    finish: (): Promise<RawExchange> => collect(socket, 10_000, () => socket.write(bytes.subarray(bytes.length - 1))),
  };
}

/** Asserts a slow request's answer: the whole validate 200, with its id. */
export function expectAnswered(exchange: RawExchange, id: string): void {
  expect(exchange.response?.status).toBe(200);
  expect(exchange.response?.headers["x-request-id"]).toBe(id);
  expect(JSON.parse(exchange.response!.text)).toMatchObject({ ok: true, action: "submit" });
}

/** One request from local address `from` to the live server, over its own connection: a GET, or a POST of `body`. */
export function requestFrom(server: LiveServer, from: string, path = "/api/health.json", body: string | null = null) {
  return new Promise<ReturnType<typeof parseResponse>>((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port: server.port, localAddress: from }, () =>
      socket.write(rawRequest(body === null ? "GET" : "POST", path, body, { Connection: "close" })),
    );
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(parseResponse(Buffer.concat(chunks), true)));
  });
}

/** True when a TCP connection from this machine to `host`:`port` succeeds. */
export const connects = (host: string, port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });

/** The JSON lines of a server's stdout: the access log. */
export const logLines = (server: LiveServer): Record<string, unknown>[] =>
  server
    .stdout()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/**
 * Waits (up to 5 s) until `server` has logged `count` lines (only those `which` picks, when
 * given), and answers them: the log is written in batches, a moment after the response.
 */
export async function untilLogged(
  server: LiveServer,
  count: number,
  which: (line: Record<string, unknown>) => boolean = () => true,
): Promise<Record<string, unknown>[]> {
  for (const deadline = Date.now() + 5_000; Date.now() < deadline; await Bun.sleep(20)) {
    if (logLines(server).filter(which).length >= count) break;
  }
  return logLines(server).filter(which);
}

/**
 * Runs `bun api/bun/server.ts` with `env` (one process, a free port, the test key's file unless
 * `env` names another) and returns its exit code and output once it has exited. A start that is
 * not refused would listen for ever: it is killed after 10 s (exit code 137 then).
 */
export async function refusedStart(
  env: Record<string, string>,
): Promise<{ code: number; stderr: string; stdout: string }> {
  const child = Bun.spawn([process.execPath, "api/bun/server.ts"], {
    cwd: ROOT,
    env: { ...process.env, WORKERS: "1", PORT: String(freePort()), SIGNING_KEY_FILE: testKeyFile(), ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  try {
    return await outputOf(child);
  } finally {
    clearTimeout(killer);
  }
}
