/**
 * `bun scripts/bench/profile.ts <case> [seconds]`: where one case's server CPU goes under load,
 * seals on (the default start, the access log on) against SEALS=off. Each side is
 * the service started under Bun's sampling profiler (`bun --cpu-prof --cpu-prof-md
 * --cpu-prof-interval=100`, PROFILE_INTERVAL µs), warmed up (BENCH_WARMUP) and then loaded for
 * `seconds` (default 10) by the bench's load generator with the case's body (cases.ts). It prints
 * each side's req/s, the server CPU per request of each thread (user and system, from /proc;
 * Linux), and the functions that hold the most samples, by themselves and with their callees.
 * The profiles (.cpuprofile for Chrome's DevTools, .md) stay in PROFILE_DIR (default
 * bench-results/profile-<date>/seals-on and seals-off).
 *
 * What the sampler sees: the main thread while it runs JavaScript or native code called from it
 * (JSON, crypto, Response); Bun's HTTP work outside JavaScript and the kernel appear only in the
 * /proc figures. The profiler slows the server (its own thread takes CPU too), so compare the
 * two sides with each other, not with `bun run bench`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { env, log, settings } from "./bench-settings.ts";
import { CASES } from "./cases.ts";
import { type CpuProfile, samplesByFunction, top } from "./cpu-profile.ts";
import { loadGenerator } from "./load-generator.ts";
import { targetOf } from "./measure.ts";
import { ROOT, startServer } from "./servers.ts";

/** CPU ticks (user, system) of each thread of `pid`, by thread id, with its name. */
function threads(pid: number): Map<string, { name: string; user: number; system: number }> {
  const found = new Map<string, { name: string; user: number; system: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
      found.set(tid, { name, user: Number(fields[11]), system: Number(fields[12]) });
    } catch {
      // the thread ended
    }
  }
  return found;
}

const [word, secondsText] = process.argv.slice(2);
const found = CASES.filter((c) => c.seals && word !== undefined && c.name.includes(word));
if (found.length !== 1) {
  console.error(
    `usage: bun scripts/bench/profile.ts <case> [seconds]; <case> names one engine case: ${CASES.filter((c) => c.seals)
      .map((c) => JSON.stringify(c.name))
      .join(", ")}`,
  );
  process.exit(2);
}
const c = found[0]!;
const seconds = Number(secondsText ?? 10);
if (!(seconds >= 1) || process.platform !== "linux") {
  console.error("profile.ts: [seconds] must be a number of at least 1, and it reads threads from /proc (Linux only).");
  process.exit(2);
}
const interval = env("PROFILE_INTERVAL", 100);
const dir =
  process.env.PROFILE_DIR ?? join(ROOT, "bench-results", `profile-${new Date().toISOString().replace(/[:.]/g, "-")}`);
const { generator } = loadGenerator(settings);
const target = targetOf(c);
try {
  for (const seals of ["on", "off"] as const) {
    const out = join(dir, `seals-${seals}`);
    const flags = ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${out}`, `--cpu-prof-interval=${interval}`];
    const server = await startServer(
      `service SEALS=${seals}, profiled`,
      [...flags, "api/bun/server.ts"],
      { WORKERS: "1", SEALS: seals },
      "/api/health.json",
    );
    let lines: string[];
    try {
      const warm =
        settings.warmupSeconds > 0 ? await generator.run(server.url, [target], settings.warmupSeconds) : null;
      const before = threads(server.process.pid);
      const result = await generator.run(server.url, [target], seconds);
      const after = threads(server.process.pid);
      lines = [
        `${c.name}, seals ${seals}: ${Math.round(result.rps)} req/s over ${seconds} s (${result.requests} requests)`,
      ];
      for (const [tid, end] of after) {
        const start = before.get(tid) ?? { user: 0, system: 0 };
        const us = (ticks: number) => ((ticks * 1e4) / result.requests).toFixed(1);
        if (end.user + end.system > start.user + start.system)
          lines.push(
            `  thread ${end.name}: user ${us(end.user - start.user)}, system ${us(end.system - start.system)} µs/req`,
          );
      }
      lines.push(`  (the profile also holds the warm-up: ${warm?.requests ?? 0} requests)`);
    } finally {
      await server.stop(); // the profile is written as the server exits
    }
    const file = readdirSync(out).find((name) => name.endsWith(".cpuprofile"));
    if (file) {
      const { samples, self, total } = samplesByFunction(
        JSON.parse(readFileSync(join(out, file), "utf8")) as CpuProfile,
      );
      lines.push(`  ${samples} samples; by themselves:`, ...top(self, samples, 12), "  with their callees:");
      lines.push(...top(total, samples, 16), `  profile: ${join(out, file)}`);
    }
    console.log(`${lines.join("\n")}\n`);
    log(`seals ${seals}: done`);
  }
} finally {
  generator.close();
}
