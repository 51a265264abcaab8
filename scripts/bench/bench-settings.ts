/**
 * The settings of a `bun run bench` run, read once from the environment (the list is in
 * scripts/bench.ts and docs/performance.md), BENCH_BEFORE_ENV's settings for the other build,
 * and the progress line every step writes to stderr.
 */

/** A number from the environment, or `fallback` when it is unset or not a number. */
export const env = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isFinite(value) ? value : fallback;
};

/** Load settings every measured slice shares; written into the results file as they are. */
export const settings = {
  durationSeconds: env("BENCH_DURATION", 3),
  rounds: Math.max(1, env("BENCH_ROUNDS", 4)),
  warmupSeconds: env("BENCH_WARMUP", 2),
  connections: env("BENCH_CONNECTIONS", 64),
  threads: env("BENCH_THREADS", 2),
};

/** A progress line on stderr, so stdout holds only the report. */
export const log = (message: string): void => console.error(`[bench] ${message}`);

/**
 * BENCH_BEFORE_ENV's settings: `NAME=value` words separated by spaces. A word without "=" or
 * with nothing before it stops the run before anything starts, rather than becoming a setting
 * no one meant.
 */
export function beforeEnvOf(text: string): Record<string, string> {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return Object.fromEntries(
    words.map((word) => {
      const at = word.indexOf("=");
      if (at <= 0) {
        throw new Error(
          `BENCH_BEFORE_ENV: ${JSON.stringify(word)} is not NAME=value; give settings as NAME=value separated by spaces (BENCH_BEFORE_ENV="SEALS=off WORKERS=2").`,
        );
      }
      return [word.slice(0, at), word.slice(at + 1)];
    }),
  );
}
