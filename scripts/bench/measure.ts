/**
 * The measured comparisons of a run: every case against its same-answer floor (a bare server
 * that reads the same request and sends the service's own answer, floor-server.ts), with
 * BENCH_BEFORE another build of the service (an older commit's server) in the same rounds;
 * WORKERS=2 against WORKERS=1 on a few cases; and with BENCH_WORKERD every case on the Worker in
 * workerd against a bare Worker. Each server's answer is checked once before it is measured.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { alternate, type Contender, ratioRange, roundRatio } from "./alternate.ts";
import type { BenchCase } from "./cases.ts";
import type { LoadGenerator, Target } from "./load.ts";
import type { CaseResult, Side, WorkersResult } from "./results.ts";
import { type Server, startFloor, startService, startWorkerd } from "./servers.ts";
import { log } from "./settings.ts";

/** A case's result from its measured sides: the ratios are to the floor. */
const caseResult = (c: BenchCase, service: Side, floor: Side, before?: Side): CaseResult => ({
  name: c.name,
  request: `${c.method} ${c.path}`,
  target: c.target,
  service,
  baseline: floor,
  ratio: roundRatio(service, floor),
  ratioRange: ratioRange(service, floor),
  ...(before && { before, ratioBefore: roundRatio(before, floor), ratioBeforeRange: ratioRange(before, floor) }),
});

/** The cases measured with WORKERS=2 against WORKERS=1. */
export const WORKERS_CASES = ["transition fund", "simulate"];

/** The request a case sends. */
export const targetOf = (c: BenchCase): Target => ({
  method: c.method,
  path: c.path,
  ...(c.body !== undefined && { body: c.body }),
  ...(c.headers !== undefined && { headers: c.headers }),
});

/** True for a case whose request asks for a compressed answer. */
const asksCompressed = (c: BenchCase): boolean => c.headers?.["Accept-Encoding"] !== undefined;

/** What a server answered: status, headers and body bytes. */
interface Answer {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

/**
 * Checks once, before measuring, that `server` answers `target` with `status`, and returns the
 * answer as sent. With `compressed`, the answer must also come compressed: the service
 * compresses a document in the background after its first request that asks, so it gets a few
 * seconds for that.
 */
async function expectStatus(
  server: Server,
  target: Target,
  status: number,
  name: string,
  compressed = false,
): Promise<Answer> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const response = await fetch(server.url + target.path, {
      method: target.method,
      headers: { ...(target.body !== undefined && { "Content-Type": "application/json" }), ...target.headers },
      ...(target.body !== undefined && { body: target.body }),
      decompress: false,
    });
    const body = new Uint8Array(await response.arrayBuffer());
    if (response.status !== status)
      throw new Error(`${name}: ${server.name} answered ${response.status}, expected ${status}`);
    if (!compressed || response.headers.has("content-encoding"))
      return { status: response.status, headers: response.headers, body };
    if (performance.now() > deadline) throw new Error(`${name}: ${server.name} never sent the document compressed`);
    await Bun.sleep(50);
  }
}

/**
 * The floor's copy of an answer: its status, its headers but Date and Content-Length (which
 * Bun writes itself) with X-Request-Id as a constant of the same length, and its body.
 */
function floorAnswer(answer: Answer): string {
  const headers = [...answer.headers]
    .filter(([name]) => name !== "date" && name !== "content-length")
    .map(([name, value]) => [name, name === "x-request-id" ? "0".repeat(value.length) : value]);
  return JSON.stringify({ status: answer.status, headers, body: Buffer.from(answer.body).toString("base64") });
}

/**
 * Every case: the service against the floor that sends its own answer (and, with `before`,
 * another build of the service in the same rounds).
 */
export async function measureCases(
  generator: LoadGenerator,
  service: Server,
  cases: BenchCase[],
  before?: Server,
): Promise<CaseResult[]> {
  const folder = mkdtempSync(join(tmpdir(), "bench-floor-"));
  const results: CaseResult[] = [];
  try {
    for (const c of cases) {
      const target = targetOf(c);
      const answer = await expectStatus(service, target, c.status, c.name, asksCompressed(c));
      if (before) await expectStatus(before, target, c.status, c.name, asksCompressed(c));
      const file = join(folder, "answer.json");
      writeFileSync(file, floorAnswer(answer));
      const floor = await startFloor(file);
      try {
        await expectStatus(floor, target, c.status, c.name);
        const contenders: Contender[] = [
          { label: "service", server: service, target },
          { label: "same-answer floor", server: floor, target },
          ...(before ? [{ label: "before", server: before, target }] : []),
        ];
        log(`${c.name}: ${contenders.map((x) => x.label).join(" vs ")}`);
        const [s, f, b] = await alternate(generator, contenders, c.name);
        results.push(caseResult(c, s!, f!, b));
      } finally {
        await floor.stop();
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return results;
}

/** WORKERS=2 against WORKERS=1 on a few cases. */
export async function measureWorkers(
  generator: LoadGenerator,
  one: Server,
  cases: BenchCase[],
): Promise<WorkersResult[]> {
  const two = await startService(2);
  const results: WorkersResult[] = [];
  try {
    for (const c of cases) {
      const target = targetOf(c);
      await expectStatus(two, target, c.status, c.name, asksCompressed(c));
      const [a, b] = await alternate(
        generator,
        [
          { label: "WORKERS=1", server: one, target },
          { label: "WORKERS=2", server: two, target },
        ],
        `${c.name} (workers)`,
      );
      results.push({ name: c.name, one: a!, two: b!, ratio: roundRatio(b!, a!), ratioRange: ratioRange(b!, a!) });
    }
  } finally {
    await two.stop();
  }
  return results;
}

/**
 * BENCH_WORKERD: every case on the Worker in workerd (api/workers/local.ts) against the bare Worker
 * (scripts/bench/bare-worker.ts) served the same way (servers.ts, startWorkerd), in the same
 * run as Bun's figures. The bare Worker gets each case's own method, path, body and headers.
 */
export async function measureWorkerd(generator: LoadGenerator, cases: BenchCase[]): Promise<CaseResult[]> {
  const worker = await startWorkerd();
  let bare: Server | undefined;
  const results: CaseResult[] = [];
  try {
    bare = await startWorkerd(true);
    for (const c of cases) {
      const target = targetOf(c);
      const name = `${c.name} (workerd)`;
      await expectStatus(worker, target, c.status, name, asksCompressed(c));
      const bareTarget: Target = { ...target, ...(c.method === "POST" && { body: c.body ?? "{}" }) };
      await expectStatus(bare, bareTarget, 200, name);
      log(`${name}: Worker vs bare Worker`);
      const [s, b] = await alternate(
        generator,
        [
          { label: "Worker (workerd)", server: worker, target },
          { label: "bare Worker", server: bare, target: bareTarget },
        ],
        name,
      );
      results.push(caseResult(c, s!, b!));
    }
  } finally {
    await worker.stop();
    await bare?.stop();
  }
  return results;
}
