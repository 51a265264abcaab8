/**
 * The service runs unchanged on Node 20: shared/http/service.ts is bundled for Node with Bun.build,
 * then the system `node` drives it with the fixed clock, and its answers must equal what the
 * same requests give under Bun. The requests live in one module that both runtimes import, so
 * the two sides cannot drift. A missing `node` fails the test; nothing is skipped.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CREATE, NOW, testHandler } from "../support/helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "escrow-node-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The requests, as plain JavaScript both runtimes import: a create, a create with a demo key
 * and an idempotency key (SHA-256 paths), a fund of the first job, a streamed body over the
 * limit (the stream reader), and the health document. Each answer is recorded as text.
 */
const STEPS = `
export async function steps(handle, create) {
  const record = async (response) => ({
    status: response.status,
    type: response.headers.get("content-type"),
    cache: response.headers.get("cache-control"),
    origin: response.headers.get("access-control-allow-origin"),
    etag: response.headers.get("etag"),
    id: response.headers.get("x-request-id"),
    body: await response.text(),
  });
  const post = (path, body, headers = {}) =>
    handle(new Request("http://localhost" + path, { method: "POST", body, headers, duplex: "half" }));
  const created = await record(await post("/api/v0/transition", JSON.stringify({ action: "create", ...create })));
  const keyed = await record(await post("/api/v0/transition", JSON.stringify({ action: "create", ...create }), {
    Authorization: "Bearer demo-key-123",
    "Idempotency-Key": "order-42",
  }));
  const job = JSON.parse(created.body).job;
  const funded = await record(await post("/api/v0/transition", JSON.stringify({ action: "fund", job, payer_credits: 1000 })));
  let pulled = 0;
  const endless = new ReadableStream({ pull(controller) { pulled++; controller.enqueue(new Uint8Array(8192).fill(32)); } });
  const tooLarge = { ...(await record(await post("/api/v0/quote", endless))), pulled };
  const health = await record(await handle(new Request("http://localhost/api/health.json")));
  return [created, keyed, funded, tooLarge, health];
}
`;

const NODE_SCRIPT = `
import { createHandler } from "./http.js";
import { steps } from "./steps.mjs";
const { now, create } = JSON.parse(process.argv[2]);
let counter = 0; // the Node host's random source: counts, like the tests' fixed one
const handle = createHandler({ now: () => now, randomHex: (n) => (++counter).toString(16).padStart(n, "0").slice(-n) });
console.log(JSON.stringify({ version: process.version, bun: process.versions.bun ?? null, answers: await steps(handle, create) }));
`;

describe("Node 20", () => {
  test("the bundled handler gives the same answers under node as under Bun", async () => {
    const node = Bun.which("node");
    expect(node, "node must be on PATH (the handler must run on Node 20)").not.toBeNull();

    const build = await Bun.build({
      entrypoints: [new URL("../../shared/http/service.ts", import.meta.url).pathname],
      target: "node",
      format: "esm",
      outdir: dir,
      naming: "http.js",
    });
    expect(build.success, build.logs.join("\n")).toBe(true);
    writeFileSync(join(dir, "steps.mjs"), STEPS);
    writeFileSync(join(dir, "main.mjs"), NODE_SCRIPT);

    const run = Bun.spawnSync([node as string, join(dir, "main.mjs"), JSON.stringify({ now: NOW, create: CREATE })], {
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(run.exitCode, run.stderr.toString()).toBe(0);
    const {
      version,
      bun,
      answers: onNode,
    } = JSON.parse(run.stdout.toString()) as {
      version: string;
      bun: string | null;
      answers: Record<string, unknown>[];
    };
    // `bun run` can put a "node" that is really Bun on PATH; that would prove nothing.
    expect(bun, `${node} is Bun, not Node`).toBeNull();
    expect(Number(/^v(\d+)\./.exec(version)?.[1])).toBeGreaterThanOrEqual(20);

    const { steps } = (await import(join(dir, "steps.mjs"))) as {
      steps: (handle: unknown, create: unknown) => Promise<Record<string, unknown>[]>;
    };
    const onBun = await steps(testHandler(), CREATE);

    expect(onNode.map((answer) => answer.status)).toEqual([200, 200, 200, 413, 200]);
    // Each request without an X-Request-Id takes a fresh one (D22) from the same random source
    // as job ids, before the engine runs: the first request's id is 1, its job's 2.
    expect(onNode[0]!.id).toBe("0000000000000001");
    expect(JSON.parse(onNode[0]!.body as string).job.id).toBe("as_0000000002");
    expect(JSON.parse(onNode[2]!.body as string).job.status).toBe("funded");
    expect(onNode[3]!.pulled as number).toBeLessThan(12);
    expect(onNode).toEqual(onBun);
  }, 20_000);
});
