/**
 * The load generator of `bun run bench`: wrk when it is installed (Debian's package; the bench
 * installs it with apt-get when it runs as root), otherwise a built-in HTTP/1.1 keep-alive
 * client on raw sockets (loadgen.ts), labelled as such in every report. Both drive one target
 * with the same connections for the same duration and report requests, latency percentiles
 * and errors in the same shape.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUN, ROOT } from "./servers.ts";

/** One kind of request to send. */
export interface Target {
  method: "GET" | "POST";
  path: string;
  body?: string;
  /** Extra request headers (a document case's Accept-Encoding). */
  headers?: Record<string, string>;
}

/** What one load run measured. */
export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Connect, read, write and timeout errors (non-2xx statuses are not errors here). */
  errors: number;
  /** Responses whose status was not 2xx or 3xx. */
  non2xx: number;
}

/** Load settings shared by every run. */
export interface LoadSettings {
  connections: number;
  threads: number;
}

/** A load generator. */
export interface LoadGenerator {
  /** Shown in the report: which tool, which version. */
  label: string;
  /** Sends `targets` (rotating per request when several) to `baseUrl` for `seconds`. */
  run(baseUrl: string, targets: Target[], seconds: number): Promise<LoadResult>;
  /** Removes temporary files. */
  close(): void;
}

const JSON_MARK = "BENCH_JSON ";

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

/** Reads the JSON line a run printed. */
function parseReport(
  output: string,
  tool: string,
): { requests: number; duration_us: number; p50_us: number; p99_us: number; errors: number; non2xx: number } {
  const line = output.split("\n").find((text) => text.startsWith(JSON_MARK));
  if (!line) throw new Error(`${tool} printed no report:\n${output}`);
  return JSON.parse(line.slice(JSON_MARK.length));
}

const toResult = (report: ReturnType<typeof parseReport>): LoadResult => {
  const seconds = report.duration_us / 1e6;
  return {
    requests: report.requests,
    seconds,
    rps: report.requests / seconds,
    p50Ms: report.p50_us / 1000,
    p99Ms: report.p99_us / 1000,
    errors: report.errors,
    non2xx: report.non2xx,
  };
};

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
      const [output, errors] = await Promise.all([
        new Response(child.stdout).text(),
        new Response(child.stderr).text(),
        child.exited,
      ]);
      return toResult(parseReport(output + errors, "wrk"));
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * The built-in fallback: `threads` Bun processes running loadgen.ts, sharing `connections`
 * keep-alive connections. Slower than wrk (JavaScript on the same two cores), so its figures
 * are lower and the report says which generator produced them.
 */
export function builtinGenerator(settings: LoadSettings, why: string): LoadGenerator {
  const processes = Math.max(1, settings.threads);
  return {
    label: `built-in Bun socket client, ${processes} processes, ${settings.connections} connections (${why})`,
    async run(baseUrl, targets, seconds) {
      const url = new URL(baseUrl);
      const share = (i: number) =>
        Math.floor(settings.connections / processes) + (i < settings.connections % processes ? 1 : 0);
      const children = Array.from({ length: processes }, (_, i) =>
        Bun.spawn([BUN, join(ROOT, "scripts/bench/loadgen.ts")], {
          env: {
            ...process.env,
            LOADGEN: JSON.stringify({
              host: url.hostname,
              port: Number(url.port),
              targets,
              connections: share(i),
              seconds,
            }),
          },
          stdout: "pipe",
          stderr: "inherit",
        }),
      );
      const outputs = await Promise.all(
        children.map(async (child) => {
          const text = await new Response(child.stdout).text();
          await child.exited;
          return JSON.parse(
            text
              .split("\n")
              .find((line) => line.startsWith(JSON_MARK))!
              .slice(JSON_MARK.length),
          ) as {
            requests: number;
            duration_us: number;
            errors: number;
            non2xx: number;
            histogram: [number, number][];
          };
        }),
      );
      // Merge: requests and errors add up, durations are concurrent, histograms merge.
      const histogram = new Map<number, number>();
      for (const out of outputs)
        for (const [bucket, n] of out.histogram) histogram.set(bucket, (histogram.get(bucket) ?? 0) + n);
      const total = outputs.reduce((sum, out) => sum + out.requests, 0);
      const percentile = (p: number): number => {
        const rank = Math.ceil((p / 100) * total);
        let seen = 0;
        for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
          seen += histogram.get(bucket)!;
          if (seen >= rank) return bucket * 10; // buckets are 10 µs wide
        }
        return 0;
      };
      return toResult({
        requests: total,
        duration_us: Math.max(...outputs.map((out) => out.duration_us)),
        p50_us: percentile(50),
        p99_us: percentile(99),
        errors: outputs.reduce((sum, out) => sum + out.errors, 0),
        non2xx: outputs.reduce((sum, out) => sum + out.non2xx, 0),
      });
    },
    close() {},
  };
}

/** wrk when available (installing it when allowed), else the built-in generator. */
export function loadGenerator(settings: LoadSettings): { generator: LoadGenerator; note: string } {
  const note =
    process.env.BENCH_LOADGEN === "builtin" ? "built-in load generator requested (BENCH_LOADGEN=builtin)" : ensureWrk();
  const useWrk = process.env.BENCH_LOADGEN !== "builtin" && wrkVersion() !== null;
  const why = process.env.BENCH_LOADGEN === "builtin" ? "BENCH_LOADGEN=builtin" : "wrk not available";
  return { generator: useWrk ? wrkGenerator(settings) : builtinGenerator(settings, why), note };
}
