/**
 * `bun run api:workers`: the Worker (api/worker.ts) served by workerd on PORT (default 3000,
 * settings.ts) at 127.0.0.1, offline, as wrangler.jsonc deploys it: the options wrangler itself
 * derives from wrangler.jsonc (static assets from site/dist, run_worker_first, vars,
 * compatibility date and flags) given to Miniflare, wrangler's own (the same workerd), and the
 * Worker bundled by Bun.build (or WORKER_BUNDLE, see bundle()). SITE_URL, when set, replaces
 * the var, as it does for `bun run api`.
 * It builds the site first when site/dist is missing. SIGINT or SIGTERM stops workerd, then
 * this process; should this process be killed outright, a watchdog stops workerd (Linux).
 *
 * Why not `wrangler dev --local`: wrangler 4.164 needs Node.js 22.12 or later, and under Bun
 * its dev server answers every request with a 503 (Bun's fetch ignores the undici dispatcher
 * wrangler forwards through, oven-sh/bun#39247). Miniflare under Bun serves fine as long as
 * clients connect to workerd's own socket, which is what this does; it also starts faster.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { refuseToStart, settingsOrExit } from "./settings.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const started = performance.now();

// No telemetry and no update checks: nothing here needs the network.
process.env.WRANGLER_SEND_METRICS = "false";
process.env.WRANGLER_HIDE_BANNER = "true";

const { port, host, siteUrl, log, rateLimit } = settingsOrExit(process.env);
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

// Wrangler's own Miniflare (and so its workerd), whichever copy the package manager placed.
const wranglerDir = dirname(Bun.resolveSync("wrangler/package.json", ROOT));
const [{ unstable_getMiniflareWorkerOptions }, { Miniflare, convertV4MiniflareOptions, Log, LogLevel }] =
  await Promise.all([
    import("wrangler"),
    import(Bun.resolveSync("miniflare", wranglerDir)) as Promise<typeof import("miniflare")>,
  ]);

const { workerOptions, main } = unstable_getMiniflareWorkerOptions(join(ROOT, "wrangler.jsonc"));
// The bundle is one module, so no module rules apply (and Miniflare 5's v4 options refuse them).
const { modulesRules: _rules, ...options } = workerOptions;
// For the bench (scripts/bench/servers.ts): WORKER_ASSETS=off serves the Worker without the
// static assets in front (the local emulation of their router costs about a millisecond a
// request), and WORKER_DIRECT=1 on a socket of its own, without Miniflare's entry worker (its
// emulation of Cloudflare's front line: Accept-Encoding and compression, Request.cf).
if (process.env.WORKER_ASSETS === "off") delete options.assets;
const direct = process.env.WORKER_DIRECT === "1";
const bindings: Record<string, unknown> = { ...(options.bindings as Record<string, unknown> | undefined) };
// As on Bun: SITE_URL when set, else this server's own address (http://localhost:<PORT>).
bindings.SITE_URL = siteUrl;
// LOG and RATE_LIMIT as for Bun, over wrangler.jsonc's vars: the Worker reads them
// (api/worker-ops.ts), and RATE_LIMIT binds the local emulation of the rate limiting API with
// the same limit and period. Without LOG, the deployment's own setting (off).
if (process.env.LOG?.trim()) bindings.LOG = log ? "on" : "off";
if (rateLimit) bindings.RATE_LIMIT = `${rateLimit.requests}/${rateLimit.seconds}`;
const ratelimits = rateLimit && {
  RATE_LIMITER: { namespace_id: "1001", simple: { limit: rateLimit.requests, period: rateLimit.seconds } },
};

/**
 * The Worker as the text of one ES module: WORKER_BUNDLE when set (a bundle made by `wrangler
 * deploy --dry-run --outdir <folder>`, `<folder>/worker.js`: what a deploy uploads), else
 * Bun.build's of wrangler.jsonc's main (or of WORKER_MAIN, another entry served with the same
 * configuration: the bench's bare Worker), resolved as wrangler's bundler resolves (workerd,
 * worker and browser conditions; node: and cloudflare: modules are the runtime's). Nothing is
 * written to disk.
 */
async function bundle(): Promise<string> {
  if (process.env.WORKER_BUNDLE) return readFileSync(resolve(process.env.WORKER_BUNDLE), "utf8");
  const entry = process.env.WORKER_MAIN ? resolve(process.env.WORKER_MAIN) : (main ?? join(ROOT, "api/worker.ts"));
  const build = await Bun.build({
    entrypoints: [entry],
    target: "browser",
    format: "esm",
    conditions: ["workerd", "worker", "browser"],
    external: ["node:*", "cloudflare:*"],
  });
  const [output] = build.outputs;
  if (!build.success || output === undefined) throw new AggregateError(build.logs, `bundling ${entry} failed`);
  return output.text();
}
const script = await bundle();

const miniflare = new Miniflare(
  convertV4MiniflareOptions({
    workers: [
      {
        ...options,
        bindings,
        ...(ratelimits && { ratelimits }),
        name: "agent-escrow-demo",
        modules: true,
        script,
        ...(direct && { unsafeDirectSockets: [{ host: host ?? "127.0.0.1", port }] }),
      },
    ],
    // Loopback unless HOST says otherwise, as wrangler dev does: this is the local emulation.
    host: host ?? "127.0.0.1",
    port: direct ? 0 : port,
    // The default Request.cf would be fetched from workers.cloudflare.com: a fixed one instead.
    cf: false,
    telemetry: { enabled: false },
    log: new Log(LogLevel.WARN),
  } as Parameters<typeof convertV4MiniflareOptions>[0]),
);

/** The workerd processes this one started (Linux, /proc): its children running workerd. */
function workerdChildren(): number[] {
  if (process.platform !== "linux") return [];
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === process.pid && readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("workerd")) {
        pids.push(Number(entry));
      }
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

let watchdog: ReturnType<typeof Bun.spawn> | undefined;
let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  watchdog?.kill();
  await miniflare.dispose().catch(() => undefined);
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

const url = await miniflare.ready;
// workerd outlives a process killed outright (SIGKILL): a watchdog stops it then, within a second.
const workerd = workerdChildren();
if (workerd.length > 0) {
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; kill ${workerd.join(" ")} 2>/dev/null`;
  watchdog = Bun.spawn(["sh", "-c", script], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
  watchdog.unref();
}
console.log(
  `agent-escrow-demo (workerd) listening on ${url.href} (ready in ${Math.round(performance.now() - started)} ms)`,
);
