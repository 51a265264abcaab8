/**
 * What a load generator of `bun run bench` is and what it reports. Two exist: wrk when it is
 * installed (wrk.ts) and a built-in HTTP/1.1 keep-alive client on raw sockets
 * (builtin-generator.ts, loadgen.ts), chosen by load-generator.ts and named in every report.
 * Both drive the same targets with the same connections for the same duration and print one
 * JSON line in the same shape, read here.
 */

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

/** Marks the one JSON line a generator prints at the end of a run. */
export const JSON_MARK = "BENCH_JSON ";

/** Reads the one JSON line (after JSON_MARK) a child of the bench printed. */
export function parseReportLine<T>(output: string, tool: string): T {
  const line = output.split("\n").find((text) => text.startsWith(JSON_MARK));
  if (!line) throw new Error(`${tool} printed no report:\n${output}`);
  return JSON.parse(line.slice(JSON_MARK.length)) as T;
}

/** Reads the JSON line a run printed: counts, and latencies in µs. */
export const parseReport = (output: string, tool: string) =>
  parseReportLine<{
    requests: number;
    duration_us: number;
    p50_us: number;
    p99_us: number;
    errors: number;
    non2xx: number;
  }>(output, tool);

/** A run's JSON line as a LoadResult: req/s over the run's own duration, latencies in ms. */
export const toResult = (report: ReturnType<typeof parseReport>): LoadResult => {
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
