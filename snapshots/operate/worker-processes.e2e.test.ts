/**
 * WORKERS=n (api/bun/processes.ts): the first process serves and starts n - 1 children on the same
 * port; SIGTERM to it stops every one, and a child whose parent is killed outright keeps
 * nothing running for long (it exits within about a second).
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { childrenOf, running, startServer } from "../../scripts/harness/live-server.ts";
import { until } from "../support/wire-helpers.ts";

/** True when `pid` holds a socket listening on TCP `port` (Linux /proc: its fds against /proc/net/tcp{,6}). */
function listening(pid: number, port: number): boolean {
  const portHex = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const cells = line.trim().split(/\s+/);
      if (cells[1]?.endsWith(portHex) && cells[3] === "0A") inodes.add(cells[9]!);
    }
  }
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? "");
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/** Starts WORKERS=2 and returns it with the one child it started, once that child listens on the port too. */
async function startTwo() {
  const server = await startServer({ WORKERS: "2" });
  let child = 0;
  await until(
    () => {
      child = childrenOf(server.pid).find(running) ?? 0;
      return child !== 0 && listening(child, server.port);
    },
    10_000,
    "a worker child listening on the port",
  );
  return { server, child };
}

describe("WORKERS=2 (Linux, SO_REUSEPORT)", () => {
  test("starts one child, says so, and SIGTERM to the first process stops both", async () => {
    const { server, child } = await startTwo();
    try {
      expect(childrenOf(server.pid).filter(running)).toEqual([child]);
      await until(() => server.stdout().includes("(2 processes)"), 5_000, "the listening line");
      expect(readFileSync(`/proc/${child}/cmdline`, "utf8")).toContain("api/bun/server.ts");
      process.kill(server.pid, "SIGTERM");
      await until(() => !server.alive(), 5_000, "the first process to exit");
      await until(() => !running(child), 5_000, "the child to exit");
    } finally {
      if (running(child)) process.kill(child, "SIGKILL");
      await server.stop();
    }
  }, 30_000);

  test("the child serves the same port, and exits by itself once its parent is killed", async () => {
    const { server, child } = await startTwo();
    try {
      process.kill(server.pid, "SIGKILL");
      await until(() => !server.alive(), 5_000, "the first process to die");
      // Only the child holds the port now: it still answers.
      const response = await fetch(`${server.base}/api/health.json`);
      expect(response.status).toBe(200);
      await until(() => !running(child), 5_000, "the orphaned child to exit");
    } finally {
      if (running(child)) process.kill(child, "SIGKILL");
      await server.stop();
    }
  }, 30_000);
});
