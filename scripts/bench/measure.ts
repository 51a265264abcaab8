/**
 * The measured comparisons of a run: every case against its bare-runtime baseline (and each
 * document also against a constant of its own size), WORKERS=2 against WORKERS=1 on a few
 * cases, and with BENCH_WORKERD every case on the Worker in workerd against a bare Worker.
 * Each server's answer is checked once before it is measured.
 */
import { alternate, type Contender, ratioRange, roundRatio } from "./alternate.ts";
import type { BenchCase } from "./cases.ts";
import type { LoadGenerator, Target } from "./load.ts";
import type { CaseResult, Side, WorkersResult } from "./results.ts";
import { type Server, startBaseline, startService, startWorkerd } from "./servers.ts";
import { log } from "./settings.ts";

/** A case's result from its two measured sides: the ratio is the service's to its baseline. */
const caseResult = (c: BenchCase, service: Side, baseline: Side): CaseResult => ({
  name: c.name,
  request: `${c.method} ${c.path}`,
  target: c.target,
  service,
  baseline,
  ratio: roundRatio(service, baseline),
  ratioRange: ratioRange(service, baseline),
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

/**
 * Checks once, before measuring, that `server` answers `target` with `status`. Returns the
 * size of the body as sent. With `compressed`, the answer must also come compressed: the service
 * compresses a document in the background after its first request that asks, so it gets a few
 * seconds for that.
 */
async function expectStatus(
  server: Server,
  target: Target,
  status: number,
  name: string,
  compressed = false,
): Promise<number> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const response = await fetch(server.url + target.path, {
      method: target.method,
      headers: { ...(target.body !== undefined && { "Content-Type": "application/json" }), ...target.headers },
      ...(target.body !== undefined && { body: target.body }),
      decompress: false,
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== status)
      throw new Error(`${name}: ${server.name} answered ${response.status}, expected ${status}`);
    if (!compressed || response.headers.has("content-encoding")) return bytes;
    if (performance.now() > deadline) throw new Error(`${name}: ${server.name} never sent the document compressed`);
    await Bun.sleep(50);
  }
}

/** Every case: the service against its baseline (documents also against a same-size constant). */
export async function measureCases(
  generator: LoadGenerator,
  service: Server,
  cases: BenchCase[],
): Promise<CaseResult[]> {
  const get = await startBaseline("get");
  const post = await startBaseline("post");
  const results: CaseResult[] = [];
  try {
    for (const c of cases) {
      const target = targetOf(c);
      const size = await expectStatus(service, target, c.status, c.name, asksCompressed(c));
      const baseline = c.baseline === "post" ? post : get;
      // The baseline gets the same request headers as the service (it ignores them).
      const extra = c.headers !== undefined ? { headers: c.headers } : {};
      const baselineTarget: Target =
        c.baseline === "post"
          ? { method: "POST", path: "/", body: c.body ?? "{}", ...extra }
          : { method: "GET", path: "/", ...extra };
      await expectStatus(baseline, baselineTarget, 200, c.name);
      const contenders: Contender[] = [
        { label: "service", server: service, target },
        {
          label: c.baseline === "post" ? "POST baseline (same body)" : "GET baseline (small JSON)",
          server: baseline,
          target: baselineTarget,
        },
      ];
      let sized: Server | undefined;
      if (c.method === "GET") {
        sized = await startBaseline("get", size);
        contenders.push({
          label: `GET baseline (${size} B constant)`,
          server: sized,
          target: { method: "GET", path: "/", ...extra },
        });
      }
      try {
        log(`${c.name}: ${contenders.map((x) => x.label).join(" vs ")}`);
        const [s, b, same] = await alternate(generator, contenders, c.name);
        results.push({
          ...caseResult(c, s!, b!),
          ...(same && { sameBytes: same, ratioSameBytes: roundRatio(s!, same) }),
        });
      } finally {
        await sized?.stop();
      }
    }
  } finally {
    await get.stop();
    await post.stop();
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
