/**
 * Graceful shutdown (api/host/stop.ts, api/bun/server.ts as a child process): on SIGTERM the server
 * stops accepting, answers the requests in flight (a slow client's body still arriving) and
 * exits 0; idle keep-alive connections do not hold it up. With WORKERS=2 the first process
 * forwards the signal and every process drains its own requests before all exit. The wait's
 * bound is in drain.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import type { Socket } from "node:net";
import { childrenOf, type LiveServer, running, startServer } from "../../scripts/harness/live-server.ts";
import { KeepAliveClient, rawRequest } from "../../scripts/harness/raw-http.ts";
import { expectAnswered, refused, slowRequest, until } from "../support/wire-helpers.ts";

/** The pid, among `pids`, that holds the server end of the connection whose client end is `socket` (Linux /proc). */
function ownerOf(socket: Socket, serverPort: number, pids: number[]): number | undefined {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, "0");
  const inode = ["/proc/net/tcp", "/proc/net/tcp6"]
    .flatMap((table) => readFileSync(table, "utf8").split("\n").slice(1))
    .map((line) => line.trim().split(/\s+/))
    .find(
      (cells) => cells[1]?.endsWith(`:${hex(serverPort)}`) && cells[2]?.endsWith(`:${hex(socket.localPort!)}`),
    )?.[9];
  return pids.find((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  });
}

describe("SIGTERM, one process", () => {
  test("stops accepting, answers the request in flight, then exits 0 with its log line written", async () => {
    const server = await startServer();
    const slow = await slowRequest(server.port, "in-flight-1");
    await Bun.sleep(200); // the server has the request and waits for the last byte
    process.kill(server.pid, "SIGTERM");
    await until(() => refused(server.port), 3_000, "new connections refused");
    expect(server.alive()).toBe(true); // still waiting for the request in flight

    await Bun.sleep(500);
    expectAnswered(await slow.finish(), "in-flight-1");
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toContain(
      '"request_id":"in-flight-1","method":"POST","path":"/api/v0/validate","status":200',
    );
    expect(server.stderr()).toBe("");
    slow.socket.destroy();
  }, 20_000);

  test("an idle keep-alive connection does not hold the exit up", async () => {
    const server = await startServer();
    const client = await KeepAliveClient.connect(server.port);
    expect((await client.request(rawRequest("GET", "/api/health.json", null))).status).toBe(200);
    const asked = Date.now();
    process.kill(server.pid, "SIGTERM");
    expect(await server.exited).toBe(0);
    expect(Date.now() - asked).toBeLessThan(3_000);
    client.close();
  }, 20_000);
});

describe("SIGTERM with WORKERS=2", () => {
  test("every process answers its request in flight, then all exit, the first with 0", async () => {
    const server: LiveServer = await startServer({ WORKERS: "2" });
    let child = 0;
    await until(
      () => {
        child = childrenOf(server.pid)[0] ?? 0;
        return child !== 0;
      },
      10_000,
      "the worker child",
    );
    // Open slow requests until each process holds one (the kernel picks the process per connection).
    const held = new Map<number, Awaited<ReturnType<typeof slowRequest>>>();
    const extra: Socket[] = [];
    for (let i = 0; held.size < 2 && i < 200; i++) {
      const slow = await slowRequest(server.port, `worker-${i}`);
      let owner: number | undefined;
      await until(
        () => {
          owner = ownerOf(slow.socket, server.port, [server.pid, child]);
          return owner !== undefined;
        },
        5_000,
        "the connection's owner",
      );
      if (held.has(owner!)) extra.push(slow.socket);
      else held.set(owner!, slow);
    }
    expect([...held.keys()].sort()).toEqual([server.pid, child].sort());
    for (const socket of extra) socket.destroy();
    await Bun.sleep(200);

    process.kill(server.pid, "SIGTERM");
    await until(() => refused(server.port), 3_000, "new connections refused by both");
    expect(server.alive()).toBe(true);
    const slows = [...held.values()];
    const answers = await Promise.all(slows.map((slow) => slow.finish()));
    for (const [i, answer] of answers.entries()) expectAnswered(answer, slows[i]!.id);
    // The first process exits 0 only once its child has exited 0 too (api/bun/server.ts).
    expect(await server.exited).toBe(0);
    expect(running(child)).toBe(false);
    for (const slow of slows) slow.socket.destroy();
  }, 40_000);
});
