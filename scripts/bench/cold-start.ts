/**
 * Cold start: milliseconds from spawning a command to the first 200 of GET /api/health.json,
 * on a fresh port each time. The command is `bun run api` with the local Bun binary (what a
 * deployment runs), and for comparison `bun api/bun/server.ts` (the server without `bun run`); with
 * BENCH_WORKERD, `bun run api:workers` and `bun api/workers/local.ts` too (workerd, offline), and
 * `bun run api:node` and `bun run api:deno`.
 */
import { median } from "./median.ts";
import type { ColdStartResult } from "./results.ts";
import { BUN, freePort, ROOT, track } from "./servers.ts";

/** Spawn to first 200, once, within `timeoutMs`. Polls with a fresh connection every millisecond or so. */
async function once(args: string[], timeoutMs: number): Promise<number> {
  const port = freePort();
  const url = `http://127.0.0.1:${port}/api/health.json`;
  const started = performance.now();
  const child = track(
    Bun.spawn([BUN, ...args], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port) },
      stdout: "ignore",
      stderr: "ignore",
    }),
  );
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
      const response = await fetch(url, { keepalive: false }).catch(() => null);
      if (response?.status === 200) {
        const elapsed = performance.now() - started;
        await response.arrayBuffer();
        return elapsed;
      }
      if (performance.now() - started > timeoutMs) throw new Error(`${args.join(" ")}: no 200 within ${timeoutMs} ms`);
      await Bun.sleep(1);
    }
  } finally {
    child.kill("SIGTERM");
    await child.exited;
  }
}

/** `count` cold starts of `bun <args>`, one after another (each within `timeoutMs`). */
export async function coldStart(args: string[], count: number, timeoutMs = 10_000): Promise<ColdStartResult> {
  const runs: number[] = [];
  for (let i = 0; i < count; i++) runs.push(await once(args, timeoutMs));
  return {
    command: `bun ${args.join(" ")}`,
    runs,
    median: median(runs),
    min: Math.min(...runs),
    max: Math.max(...runs),
  };
}
