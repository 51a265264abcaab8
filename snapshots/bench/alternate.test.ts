/**
 * The bench's rounds (scripts/bench/alternate.ts) with a build run as several processes
 * (BENCH_PROCESSES): each process is warmed up, round r measures process r mod n, and the
 * order of the contenders alternates. A load generator that only records what it was sent;
 * no server starts, nothing here measures time.
 */
import { expect, test } from "bun:test";
import type { Subprocess } from "bun";
import { alternate, processesOf } from "../../scripts/bench/alternate.ts";
import { settings } from "../../scripts/bench/bench-settings.ts";
import type { LoadGenerator, LoadResult } from "../../scripts/bench/load.ts";
import type { Server } from "../../scripts/bench/servers.ts";

/** A server that is only a URL (this process's pid, so /proc reads work). */
const server = (url: string): Server => ({
  name: url,
  port: 0,
  url,
  process: { pid: process.pid } as Subprocess,
  stop: async () => undefined,
});

test("a build of several processes gives round r to process r mod n, each warmed up first", async () => {
  const sent: { url: string; seconds: number }[] = [];
  const generator: LoadGenerator = {
    label: "recorder",
    run: async (url, _targets, seconds): Promise<LoadResult> => {
      sent.push({ url, seconds });
      return { requests: 100, seconds, rps: 100, p50Ms: 1, p99Ms: 2, errors: 0, non2xx: 0 };
    },
    close: () => undefined,
  };
  const a = [server("a1"), server("a2"), server("a3")];
  const b = server("b");
  const target = { method: "GET" as const, path: "/" };
  const sides = await alternate(
    generator,
    [
      { label: "a", server: a, target },
      { label: "b", server: b, target },
    ],
    "test",
  );
  const warmups = settings.warmupSeconds > 0 ? ["a1", "a2", "a3", "b"] : [];
  expect(sent.slice(0, warmups.length).map((s) => s.url)).toEqual(warmups);
  const measured = sent.slice(warmups.length).map((s) => s.url);
  const expected = Array.from({ length: settings.rounds }, (_, round) => {
    const pair = [`a${(round % 3) + 1}`, "b"];
    return round % 2 === 1 ? pair.reverse() : pair;
  }).flat();
  expect(measured).toEqual(expected);
  expect(sides.map((side) => side.rounds.length)).toEqual([settings.rounds, settings.rounds]);
  expect(processesOf(b)).toEqual([b]);
  expect(processesOf(a)).toBe(a);
});
