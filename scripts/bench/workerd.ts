/**
 * The bench's Worker in workerd (BENCH_WORKERD): the service's Worker, or with WORKER_MAIN
 * another entry (bare-worker.ts, given the answer in the file FLOOR_ANSWER names as its
 * FLOOR_ANSWER binding) under the same configuration, served on workerd's own socket
 * without the static assets' router (api/workers/miniflare.ts: `direct`, no `assets`). Here
 * Miniflare's emulation of Cloudflare's front line costs about a millisecond a request and
 * would hide what the Worker itself costs; in production Cloudflare runs its own. Listens on
 * 127.0.0.1:PORT; stops on SIGTERM. It seals and signs with the tests' key (test-key.ts), as
 * the bench's Bun service does, unless SEALS=off. INSPECTOR_PORT opens workerd's V8 inspector
 * there (workerd-profile.ts).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { bundleWorker, startLocalWorker, wranglerMain } from "../../api/workers/miniflare.ts";
import { TEST_SIGNING_JWK } from "../harness/test-key.ts";

const seals = process.env.SEALS?.trim() || "on";

const main = process.env.WORKER_MAIN ? resolve(process.env.WORKER_MAIN) : await wranglerMain();
const worker = await startLocalWorker({
  script: await bundleWorker(main),
  port: Number(process.env.PORT),
  assets: false,
  direct: true,
  ...(process.env.INSPECTOR_PORT && { inspectorPort: Number(process.env.INSPECTOR_PORT) }),
  vars: {
    SEALS: seals,
    ...(seals !== "off" && { SIGNING_KEY: JSON.stringify(TEST_SIGNING_JWK) }),
    ...(process.env.FLOOR_ANSWER && { FLOOR_ANSWER: readFileSync(process.env.FLOOR_ANSWER, "utf8") }),
  },
});
const stop = async (): Promise<void> => {
  await worker.dispose().catch(() => undefined);
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
