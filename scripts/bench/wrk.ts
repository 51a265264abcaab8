/**
 * wrk as the load generator (Debian's package): found on the PATH, or installed with apt-get
 * when the bench runs as root on a Debian-like system. A Lua script per set of targets sets the
 * request (or rotates through several) and prints the run's figures as one JSON line.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { outputOf } from "../harness/child-output.ts";
import { JSON_MARK, type LoadGenerator, type LoadSettings, parseReport, type Target, toResult } from "./load.ts";

/** Is `wrk` on the PATH? Returns its version line, or null. */
export function wrkVersion(): string | null {
  const found = Bun.which("wrk");
  if (!found) return null;
  const probe = Bun.spawnSync([found, "--version"], { stdout: "pipe", stderr: "pipe" });
  const text = `${probe.stdout.toString()}${probe.stderr.toString()}`;
  return /wrk\s+\S+/.exec(text)?.[0] ?? "wrk";
}

/**
 * Installs wrk with apt-get when it is missing, we are root and apt-get exists (the setup this
 * script documents). Returns a note on what happened.
 */
export function ensureWrk(): string {
  if (wrkVersion()) return "wrk found on PATH";
  if (process.env.BENCH_LOADGEN === "builtin") return "built-in load generator requested";
  if (process.platform !== "linux" || process.getuid?.() !== 0 || !Bun.which("apt-get")) {
    return "wrk missing and cannot be installed here (needs root and apt-get)";
  }
  console.error("[bench] wrk is missing: apt-get update && apt-get install -y wrk");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = Bun.spawnSync(["apt-get", "update"], { stdout: "ignore", stderr: "inherit", env });
  const install =
    update.exitCode === 0
      ? Bun.spawnSync(["apt-get", "install", "-y", "wrk"], { stdout: "ignore", stderr: "inherit", env })
      : update;
  return install.exitCode === 0 && wrkVersion() ? "wrk installed with apt-get" : "apt-get could not install wrk";
}

/** A Lua long string holding `text` verbatim. */
function luaString(text: string): string {
  let level = "";
  while (text.includes(`]${level}]`)) level += "=";
  return `[${level}[${text}]${level}]`;
}

/** The wrk script for `targets`: a fixed request, or a rotation; reports in one JSON line. */
function wrkScript(targets: Target[]): string {
  const lines: string[] = [];
  if (targets.length === 1) {
    const [target] = targets as [Target];
    lines.push(`wrk.method = "${target.method}"`, `wrk.path = ${luaString(target.path)}`);
    if (target.body !== undefined) {
      lines.push(`wrk.body = ${luaString(target.body)}`, `wrk.headers["Content-Type"] = "application/json"`);
    }
    for (const [name, value] of Object.entries(target.headers ?? {}))
      lines.push(`wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`);
  } else {
    lines.push("local requests = {}");
    for (const target of targets) {
      const fields = { ...(target.body !== undefined && { "Content-Type": "application/json" }), ...target.headers };
      const headers = `{ ${Object.entries(fields)
        .map(([name, value]) => `[ ${luaString(name)} ] = ${luaString(value)}`)
        .join(", ")} }`;
      const body = target.body !== undefined ? luaString(target.body) : "nil";
      lines.push(
        `table.insert(requests, wrk.format("${target.method}", ${luaString(target.path)}, ${headers}, ${body}))`,
      );
    }
    lines.push("local i = 0", "request = function() i = i % #requests + 1 return requests[i] end");
  }
  lines.push(
    "done = function(summary, latency, requests)",
    "  local e = summary.errors",
    `  io.write(string.format('${JSON_MARK}{"requests":%.0f,"duration_us":%.0f,"p50_us":%.0f,"p99_us":%.0f,"errors":%.0f,"non2xx":%.0f}\\n',`,
    "    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),",
    "    e.connect + e.read + e.write + e.timeout, e.status))",
    "end",
  );
  return `${lines.join("\n")}\n`;
}

/** wrk with `threads` threads and `connections` connections. */
export function wrkGenerator(settings: LoadSettings): LoadGenerator {
  const dir = mkdtempSync(join(tmpdir(), "escrow-bench-"));
  const scripts = new Map<string, string>();
  let count = 0;
  const scriptFor = (targets: Target[]): string => {
    const key = JSON.stringify(targets);
    let file = scripts.get(key);
    if (!file) {
      file = join(dir, `case-${++count}.lua`);
      writeFileSync(file, wrkScript(targets));
      scripts.set(key, file);
    }
    return file;
  };
  return {
    label: `${wrkVersion()} -t${settings.threads} -c${settings.connections}`,
    async run(baseUrl, targets, seconds) {
      const args = [
        "wrk",
        `-t${settings.threads}`,
        `-c${settings.connections}`,
        `-d${Math.max(1, Math.round(seconds))}s`,
        "-s",
        scriptFor(targets),
        baseUrl,
      ];
      const child = Bun.spawn(args, { stdout: "pipe", stderr: "pipe" });
      const { stdout: output, stderr: errors } = await outputOf(child);
      return toResult(parseReport(output + errors, "wrk"));
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}
