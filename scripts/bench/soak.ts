/**
 * The soak of a run: a fresh service under every case in turn, its RSS read before, at a third
 * and at the end, to show memory stays flat under load.
 */
import { CASES } from "./cases.ts";
import type { LoadGenerator } from "./load.ts";
import { targetOf } from "./measure.ts";
import { rssMegabytes } from "./process-usage.ts";
import type { SoakResult } from "./results.ts";
import { startService } from "./servers.ts";

/** A fresh service under every case in turn for `seconds`; RSS at a third and at the end. */
export async function soak(generator: LoadGenerator, seconds: number): Promise<SoakResult> {
  const service = await startService(1);
  try {
    const pid = service.process.pid;
    const rssStartMb = rssMegabytes(pid);
    const marks = [Math.round(seconds / 3), seconds];
    const samples: { atSeconds: number; mb: number | null }[] = [];
    const started = performance.now();
    const load = generator.run(service.url, CASES.map(targetOf), seconds);
    const first = marks[0]!;
    await Bun.sleep(first * 1000);
    samples.push({ atSeconds: first, mb: rssMegabytes(pid) });
    const result = await load;
    samples.push({ atSeconds: Math.round((performance.now() - started) / 1000), mb: rssMegabytes(pid) });
    return { seconds, requests: result.requests, rps: result.rps, rssStartMb, rssSamples: samples };
  } finally {
    await service.stop();
  }
}
