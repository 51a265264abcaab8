/**
 * The measured comparisons of a run: every case against its same-answer floor (a bare server
 * that reads the same request and sends the service's own answer, floor-server.ts), each engine
 * case also against the same build with SEALS=off (seals.ts), and with BENCH_BEFORE
 * another build of the service (an older commit's server), all in the same rounds. WORKERS=2
 * against WORKERS=1 and the Worker in workerd are in measure-runtimes.ts. Each server's answer is
 * checked once before it is measured.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { alternate, type Build, type Contender, processesOf, ratioRange, roundRatio } from "./alternate.ts";
import { log } from "./bench-settings.ts";
import type { BenchCase } from "./cases.ts";
import type { LoadGenerator, Target } from "./load.ts";
import type { CaseResult, Side } from "./results.ts";
import { sealsAnswerProblem, sealsComparison } from "./seals.ts";
import { type Server, startFloor } from "./servers.ts";
import { measureSignature } from "./signature.ts";

/** A case's result from its measured sides: the ratios are to the floor; `off` is the service with SEALS=off. */
export const caseResult = (c: BenchCase, service: Side, floor: Side, before?: Side, off?: Side): CaseResult => ({
  name: c.name,
  request: `${c.method} ${c.path}`,
  target: c.target,
  service,
  baseline: floor,
  ratio: roundRatio(service, floor),
  ratioRange: ratioRange(service, floor),
  ...(before && {
    before,
    ratioBefore: roundRatio(before, floor),
    ratioBeforeRange: ratioRange(before, floor),
    toBefore: roundRatio(service, before),
    toBeforeRange: ratioRange(service, before),
  }),
  ...(off && c.seals && { seals: sealsComparison(c.seals, service, off, before) }),
});

/** The request a case sends. */
export const targetOf = (c: BenchCase): Target => ({
  method: c.method,
  path: c.path,
  ...(c.body !== undefined && { body: c.body }),
  ...(c.headers !== undefined && { headers: c.headers }),
});

/** True for a case whose request asks for a compressed answer. */
export const asksCompressed = (c: BenchCase): boolean => c.headers?.["Accept-Encoding"] !== undefined;

/** What a server answered: status, headers and body bytes. */
export interface Answer {
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
export async function expectStatus(
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
 * Bun and workerd write themselves) with X-Request-Id as a constant of the same length, and its body.
 */
export function floorAnswer(answer: Answer): string {
  const headers = [...answer.headers]
    .filter(([name]) => name !== "date" && name !== "content-length")
    .map(([name, value]) => [name, name === "x-request-id" ? "0".repeat(value.length) : value]);
  return JSON.stringify({ status: answer.status, headers, body: Buffer.from(answer.body).toString("base64") });
}

/**
 * Every case: the service against the floor that sends its own answer; each engine case also
 * against `off` (the same build with SEALS=off), after one measurement of an Ed25519 signature in
 * a loop (`signatures` collects them); with `before`, another build of the service (the service
 * and `before` may each be several processes, which the rounds take in turn). All in the
 * same rounds, ordered so that the pairs compared are in adjacent slices: before, SEALS=off,
 * service, floor on an engine case (before beside SEALS=off), service, floor, before otherwise.
 */
export async function measureCases(
  generator: LoadGenerator,
  service: Build,
  cases: BenchCase[],
  before?: Build,
  off?: Server,
  signatures: number[] = [],
): Promise<CaseResult[]> {
  const folder = mkdtempSync(join(tmpdir(), "bench-floor-"));
  const results: CaseResult[] = [];
  try {
    for (const c of cases) {
      const target = targetOf(c);
      const [first, ...others] = processesOf(service);
      const answer = await expectStatus(first!, target, c.status, c.name, asksCompressed(c));
      for (const server of [...others, ...processesOf(before ?? [])])
        await expectStatus(server, target, c.status, c.name, asksCompressed(c));
      const sealsOff = c.seals && off ? off : undefined;
      if (sealsOff) {
        const offAnswer = await expectStatus(sealsOff, target, c.status, c.name);
        const text = (a: Answer) => new TextDecoder().decode(a.body);
        const problem = sealsAnswerProblem(c.sealsMarks ?? [], text(answer), text(offAnswer));
        if (problem) throw new Error(`${c.name}: ${problem}`);
        const us = await measureSignature();
        signatures.push(us);
        log(`${c.name}: one Ed25519 signature in a loop: ${us.toFixed(1)} µs`);
      }
      const file = join(folder, "answer.json");
      writeFileSync(file, floorAnswer(answer));
      const floor = await startFloor(file);
      try {
        await expectStatus(floor, target, c.status, c.name);
        const contenders: Contender[] = [
          { label: "service", server: service, target },
          { label: "same-answer floor", server: floor, target },
        ];
        if (sealsOff) contenders.unshift({ label: "service SEALS=off", server: sealsOff, target });
        if (before) contenders[sealsOff ? "unshift" : "push"]({ label: "before", server: before, target });
        log(`${c.name}: ${contenders.map((x) => x.label).join(" vs ")}`);
        const sides = await alternate(generator, contenders, c.name);
        const side = (label: string) => sides.find((x) => x.label === label);
        const [s, f] = [side("service")!, side("same-answer floor")!];
        results.push(caseResult(c, s, f, side("before"), side("service SEALS=off")));
      } finally {
        await floor.stop();
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return results;
}
