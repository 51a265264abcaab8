/**
 * The engine cases of the bench (cases.ts) in one process, without sockets: each body through the
 * service's own `fetch` (shared/http/service.ts) of this build and of another one, in interleaved
 * batches, so both meet the same machine at the same moments. For comparing two builds of the
 * engine when the HTTP bench's noise would hide a few microseconds.
 *
 *   bun scripts/bench/engine-loop.ts <other checkout>   (SEALS=off: no sealing; ROUNDS, CALLS)
 *
 * Both builds sign with this checkout's Signer (keys/ed25519-keys.ts, over the tests' key), so
 * an older checkout compares too, wherever it kept its key modules.
 *
 * Prints, per case, µs per call of each build (median and range over the rounds) and after/before.
 */
import { join } from "node:path";
import { signerFromKeys } from "../../keys/ed25519-keys.ts";
import { readSigningKey } from "../../keys/signing-key.ts";
import { TEST_SIGNING_JWK } from "../harness/test-key.ts";
import { CASES } from "./cases.ts";

const other = process.argv[2];
if (!other) throw new Error("usage: bun scripts/bench/engine-loop.ts <other checkout>");
const ROUNDS = Number(process.env.ROUNDS ?? 15);
const CALLS = Number(process.env.CALLS ?? 2000);
const sealsOff = process.env.SEALS === "off";
/** One fixed clock for both builds, so that their answers can be compared byte for byte. */
const NOW = Date.parse("2026-01-01T00:00:01.000Z");

type Fetch = (request: Request) => Response | Promise<Response>;

const signer = signerFromKeys(readSigningKey(JSON.stringify(TEST_SIGNING_JWK)));

/** The service `fetch` of the checkout at `root`, signing with `signer` unless SEALS=off. */
async function serviceOf(root: string): Promise<Fetch> {
  const { createService } = await import(join(root, "shared/http/service.ts"));
  const service = createService({
    now: () => NOW,
    randomHex: (length: number) => `${"0".repeat(length - 1)}1`,
    sealing: sealsOff ? undefined : { mode: "on", signer },
  });
  return (request) => service.fetch(request);
}

const builds = [
  { name: "before", fetch: await serviceOf(other) },
  { name: "after", fetch: await serviceOf(join(import.meta.dir, "../..")) },
];
const cases = CASES.filter((c) => c.seals !== undefined);

/** µs per call of `calls` requests of `c` through `fetch`, each answer read whole. */
async function batch(fetch: Fetch, c: (typeof cases)[number], calls: number): Promise<number> {
  const url = `http://bench.local${c.path}`;
  const init = { method: "POST", headers: { "content-type": "application/json" }, body: c.body };
  const started = performance.now();
  for (let i = 0; i < calls; i++) {
    const response = await fetch(new Request(url, init));
    await response.arrayBuffer();
  }
  return ((performance.now() - started) * 1000) / calls;
}

// Each build answers each case as the other does (status and body), once, before any timing.
for (const c of cases) {
  const answers = await Promise.all(
    builds.map(async (b) => {
      const init = { method: "POST", headers: { "content-type": "application/json" }, body: c.body };
      const response = await b.fetch(new Request(`http://bench.local${c.path}`, init));
      return `${response.status} ${(await response.text()).replace(/"request_id":"[^"]*"/, "")}`;
    }),
  );
  if (answers[0] !== answers[1]) throw new Error(`${c.name}: the builds answer differently`);
  if (!answers[0]!.startsWith(String(c.status))) throw new Error(`${c.name}: status ${answers[0]!.slice(0, 3)}`);
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const f = (x: number): string => x.toFixed(2);

console.log(`seals ${sealsOff ? "off" : "on"}, ${ROUNDS} rounds of ${CALLS} calls per build and case`);
console.log("| case | before µs (range) | after µs (range) | after/before |");
console.log("|---|---|---|---|");
for (const c of cases) {
  for (const b of builds) await batch(b.fetch, c, CALLS); // warm-up
  const times: number[][] = builds.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which build goes first, so neither always runs right after the other.
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) times[i]!.push(await batch(builds[i]!.fetch, c, CALLS));
  }
  const [before, after] = times.map(median) as [number, number];
  const range = (xs: number[]): string => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;
  console.log(
    `| ${c.name} | ${f(before)} (${range(times[0]!)}) | ${f(after)} (${range(times[1]!)}) | ${(after / before).toFixed(3)} |`,
  );
}
