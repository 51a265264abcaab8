/**
 * A body over D9's limit on each runtime's server, as a keep-alive client sends it:
 * in one write, slowly, or chunked; to an engine and to /mcp; with and
 * without Accept-Encoding (workerd's platform compresses answers for a client that accepts a
 * coding). After the 413 the answer is whole and either says Connection: close, or the
 * connection answers the next request: never a keep-alive promise followed by a close, which a
 * client's next request meets as ECONNRESET.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { LiveServer } from "../../scripts/harness/live-server.ts";
import { oversizedUpload, type Upload, type UploadOutcome } from "../../scripts/harness/oversized-upload.ts";
import { RUNTIMES, runtimeTitle, startRuntime } from "../../scripts/harness/runtimes.ts";

/** Each upload, on each path, with and without a coding accepted. */
const UPLOADS: Omit<Upload, "path" | "acceptEncoding">[] = [
  { mode: "whole", size: 65_537 },
  { mode: "whole", size: 70_000 },
  { mode: "whole", size: 1_000_000 },
  { mode: "slow", size: 300_000 },
  { mode: "chunked", size: 70_000 },
  { mode: "chunked", size: 200_000 },
];
const CASES: Upload[] = ["/api/v0/validate", "/mcp"].flatMap((path) =>
  [undefined, "gzip, deflate, br"].flatMap((acceptEncoding) =>
    UPLOADS.map((upload) => ({ ...upload, path, ...(acceptEncoding && { acceptEncoding }) })),
  ),
);
/** Rounds of every case: 24 cases, 216 uploads per runtime. */
const ROUNDS = 9;

describe.each(RUNTIMES)("%s: a body over the limit on a keep-alive connection", (runtime) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startRuntime(runtime);
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  test(`${runtimeTitle(runtime)}: after every 413, a clean close it announced or a connection that still answers`, async () => {
    const outcomes: Record<string, Partial<Record<UploadOutcome, number>>> = {};
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const upload of CASES) {
        const name = `${upload.path} ${upload.mode} ${upload.size}${upload.acceptEncoding ? " (accepts a coding)" : ""}`;
        const outcome = await oversizedUpload(server.port, upload);
        const tally = outcomes[name] ?? {};
        tally[outcome] = (tally[outcome] ?? 0) + 1;
        outcomes[name] = tally;
        if (outcome.startsWith("failed")) failures.push(`${name}: ${outcome}`);
      }
    }
    expect(failures, JSON.stringify(outcomes, null, 1)).toEqual([]);
    // The server is still there and answers.
    expect((await fetch(`${server.base}/api/health.json`)).status).toBe(200);
  }, 60_000);
});
