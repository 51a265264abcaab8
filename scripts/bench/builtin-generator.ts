/**
 * The built-in load generator, used when wrk is missing or BENCH_LOADGEN=builtin: Bun processes
 * running loadgen.ts (an HTTP/1.1 keep-alive client on raw sockets), whose counts and latency
 * histograms are merged into one result.
 */
import { join } from "node:path";
import { JSON_MARK, type LoadGenerator, type LoadSettings, toResult } from "./load.ts";
import { BUN, ROOT } from "./servers.ts";

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
