/**
 * `bun run api:workers`: the Worker (worker.ts) served by workerd on PORT (default 3000) at
 * 127.0.0.1 unless HOST says otherwise, offline, as wrangler.jsonc deploys it (miniflare.ts).
 * The settings of `bun run api` (api/host/settings.ts): SITE_URL, when set, replaces the var;
 * LOG, when set, too (else the deployment's own: off); RATE_LIMIT binds the local emulation of
 * the rate limiting API with the same limit and period; MCP_ALLOWED_ORIGINS, when set, replaces
 * the var too, and the Worker is told the address it listens on (HOST), for /mcp's loopback rule.
 * SEALS, SIGNING_KEY and SIGNING_PREVIOUS_KEYS as on Bun: the Worker gets the key `bun run api`
 * would sign with (SIGNING_KEY, else the default key file's, made when missing) as its
 * SIGNING_KEY binding, where a deployment has a secret. WORKER_BUNDLE serves a bundle made by
 * `wrangler deploy --dry-run --outdir <folder>` (`<folder>/worker.js`: what a deploy uploads)
 * instead of bundling wrangler.jsonc's main. It builds the site first when site/dist is
 * missing. SIGINT or SIGTERM stops workerd, then this process; should this process be killed
 * outright, a watchdog stops workerd within a second (Linux).
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { previousKeyJwk, privateKeyText } from "../../keys/ed25519-keys.ts";
import { sealsNote } from "../../keys/key-settings.ts";
import { refuseToStart } from "../../keys/refuse-to-start.ts";
import { settingsOrExit } from "../host/settings.ts";
import { bundleWorker, ROOT, startLocalWorker, workerdChildren, wranglerMain } from "./miniflare.ts";

const started = performance.now();
const { port, host, siteUrl, log, rateLimit, mcpAccess, signing } = settingsOrExit(process.env);
// The rate limiting API counts per 10 or per 60 seconds, and nothing else.
if (rateLimit && rateLimit.seconds !== 10 && rateLimit.seconds !== 60)
  refuseToStart(
    `RATE_LIMIT's seconds must be 10 or 60 on Workers (the rate limiting API's periods); got ${rateLimit.seconds}.`,
  );

if (!existsSync(join(ROOT, "site/dist/index.html"))) {
  console.log("site/dist is missing: bun run build");
  const build = Bun.spawnSync([process.execPath, "run", "build"], { cwd: ROOT, stdout: "inherit", stderr: "inherit" });
  if (build.exitCode !== 0) throw new Error(`bun run build failed (exit ${build.exitCode})`);
}

const bundle = process.env.WORKER_BUNDLE;
const worker = await startLocalWorker({
  script: bundle ? readFileSync(resolve(bundle), "utf8") : await bundleWorker(await wranglerMain()),
  port,
  host,
  vars: {
    // As on Bun: SITE_URL when set, else this server's own address (http://localhost:<PORT>).
    SITE_URL: siteUrl,
    ...(process.env.LOG?.trim() && { LOG: log ? "on" : "off" }),
    ...(rateLimit && { RATE_LIMIT: `${rateLimit.requests}/${rateLimit.seconds}` }),
    // Where it listens, so that /mcp keeps to loopback's rule there (a deployed Worker has no HOST).
    HOST: host,
    ...(process.env.MCP_ALLOWED_ORIGINS?.trim() && {
      MCP_ALLOWED_ORIGINS: mcpAccess.allowedOrigins === "*" ? "*" : mcpAccess.allowedOrigins.join(","),
    }),
    // HOST's own name and MCP_ALLOWED_HOSTS, as Bun reads them.
    ...(mcpAccess.allowedHosts !== undefined &&
      mcpAccess.allowedHosts.length > 0 && {
        MCP_ALLOWED_HOSTS: mcpAccess.allowedHosts === "*" ? "*" : mcpAccess.allowedHosts.join(","),
      }),
    // The key `bun run api` signs with (SIGNING_KEY, else the key file, read or made by
    // settingsOrExit), as the secret a deployment sets: the same kid and signatures as Bun.
    SEALS: signing.seals,
    ...(signing.key && { SIGNING_KEY: privateKeyText(signing.key) }),
    ...(signing.previous.length > 0 && { SIGNING_PREVIOUS_KEYS: JSON.stringify(signing.previous.map(previousKeyJwk)) }),
  },
  ...(rateLimit && { rateLimiter: rateLimit }),
});

let watchdog: ReturnType<typeof Bun.spawn> | undefined;
let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  watchdog?.kill();
  await worker.dispose().catch(() => undefined);
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

// workerd outlives a process killed outright (SIGKILL): a watchdog stops it then, within a second.
const workerd = workerdChildren();
if (workerd.length > 0) {
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; kill ${workerd.join(" ")} 2>/dev/null`;
  watchdog = Bun.spawn(["sh", "-c", script], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
  watchdog.unref();
}
console.log(
  `agent-escrow-demo (workerd) listening on ${worker.url.href} (ready in ${Math.round(performance.now() - started)} ms); ${sealsNote(signing)}`,
);
