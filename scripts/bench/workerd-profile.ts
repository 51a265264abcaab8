/**
 * `bun scripts/bench/workerd-profile.ts <case> [seconds] [--bare]`: where the Worker's CPU goes in workerd
 * under load, on any case of cases.ts (an engine or a document). The bench's Worker
 * (workerd.ts, as BENCH_WORKERD serves it) starts with workerd's V8 inspector on a loopback
 * port (INSPECTOR_PORT); after a warm-up (BENCH_WARMUP) the inspector's sampling profiler
 * (Chrome DevTools protocol: Profiler.start, Profiler.stop; PROFILE_INTERVAL µs) runs while the
 * bench's load generator sends the case's request for `seconds` (default 10). It prints req/s,
 * the server CPU per request from /proc, and the functions holding the most samples, by themselves
 * and with their callees. With --bare, the bare Worker instead (bare-worker.ts), sending the
 * Worker's own answer to the case's request, as the bench does.
 *
 * What the sampler sees: JavaScript and the runtime's code it calls (Response, Headers, streams,
 * JSON, crypto) on the isolate's thread; workerd's HTTP and I/O outside JavaScript show as
 * "(program)" or "(idle)", and the kernel only in the /proc figures. The inspector and the
 * profiler slow the Worker, so compare profiles with each other, not with `bun run bench`.
 * The profile (.cpuprofile, for Chrome's DevTools) goes to PROFILE_DIR (default bench-results/).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { env, settings } from "./bench-settings.ts";
import { CASES } from "./cases.ts";
import { type CpuProfile, samplesByFunction, top } from "./cpu-profile.ts";
import { loadGenerator } from "./load-generator.ts";
import { asksCompressed, expectStatus, floorAnswer, targetOf } from "./measure.ts";
import { cpuSeconds } from "./process-usage.ts";
import { freePort, ROOT, startServer, startWorkerd } from "./servers.ts";

/** A Chrome DevTools protocol session over `url`: `send` resolves with a command's result. */
async function devtools(url: string): Promise<{ send(method: string, params?: object): Promise<any>; close(): void }> {
  const socket = new WebSocket(url);
  const pending = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  let next = 1;
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message);
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, (message) =>
          message.error ? reject(new Error(JSON.stringify(message.error))) : resolve(message.result),
        );
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

const [word, secondsText = "10"] = process.argv.slice(2).filter((arg) => arg !== "--bare");
const found = CASES.filter((c) => word !== undefined && c.name === word);
const matching = found.length === 1 ? found : CASES.filter((c) => word !== undefined && c.name.includes(word));
if (matching.length !== 1) {
  console.error(
    `usage: bun scripts/bench/workerd-profile.ts <case> [seconds]; <case> names one case: ${CASES.map((c) => JSON.stringify(c.name)).join(", ")}`,
  );
  process.exit(2);
}
const c = matching[0]!;
const seconds = Number(secondsText);
const interval = env("PROFILE_INTERVAL", 100);
const inspectorPort = freePort();
const { generator } = loadGenerator(settings);
const target = targetOf(c);
const bare = process.argv.includes("--bare");
const answerFile = join(mkdtempSync(join(tmpdir(), "workerd-profile-")), "answer.json");
if (bare) {
  // The bare Worker sends the Worker's own answer to the case's request, as in the bench.
  const worker = await startWorkerd();
  try {
    writeFileSync(answerFile, floorAnswer(await expectStatus(worker, target, c.status, c.name, asksCompressed(c))));
  } finally {
    await worker.stop();
  }
}
const server = await startServer(
  bare ? "bare Worker, profiled" : "Worker (workerd), profiled",
  "scripts/bench/workerd.ts",
  {
    INSPECTOR_PORT: String(inspectorPort),
    ...(bare && { WORKER_MAIN: "scripts/bench/bare-worker.ts", FLOOR_ANSWER: answerFile }),
  },
  bare ? "/" : "/api/health.json",
  {},
  60_000,
);
try {
  if (settings.warmupSeconds > 0) await generator.run(server.url, [target], settings.warmupSeconds);
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
    title?: string;
    webSocketDebuggerUrl: string;
  }[];
  const worker = targets.find((t) => t.title?.includes("agent-escrow-demo")) ?? targets[0];
  if (!worker) throw new Error(`no inspector target on port ${inspectorPort}`);
  const session = await devtools(worker.webSocketDebuggerUrl);
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval });
  await session.send("Profiler.start");
  const before = cpuSeconds(server.process.pid);
  const result = await generator.run(server.url, [target], seconds);
  const after = cpuSeconds(server.process.pid);
  const { profile } = (await session.send("Profiler.stop")) as { profile: CpuProfile };
  session.close();
  const dir = process.env.PROFILE_DIR ?? join(ROOT, "bench-results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `workerd-${c.name.replace(/[^a-z0-9]+/gi, "-")}-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  const cpu =
    before === null || after === null ? "n/a" : `${(((after - before) * 1e6) / result.requests).toFixed(1)} µs`;
  const { samples, self, total } = samplesByFunction(profile);
  console.log(
    [
      `${c.name} on ${bare ? "the bare Worker" : "the Worker"}: ${Math.round(result.rps)} req/s over ${seconds} s, server CPU ${cpu} a request`,
      `  ${samples} samples; by themselves:`,
      ...top(self, samples, 25),
      "  with their callees:",
      ...top(total, samples, 30),
      `  profile: ${file}`,
    ].join("\n"),
  );
} finally {
  generator.close();
  await server.stop();
}
