/**
 * The Worker served locally and offline by workerd, as wrangler.jsonc deploys it: the options
 * wrangler itself derives from wrangler.jsonc (static assets from site/dist, run_worker_first,
 * vars, compatibility date and flags) given to Miniflare, wrangler's own (the same workerd),
 * with the Worker as the text of one bundled module. Used by `bun run api:workers` (local.ts)
 * and by the bench (scripts/bench/workerd.ts), which serves without the assets' router.
 *
 * Why not `wrangler dev --local`: wrangler 4.164 needs Node.js 22.12 or later, and under Bun
 * its dev server answers every request with a 503 (Bun's fetch ignores the undici dispatcher
 * wrangler forwards through, oven-sh/bun#39247). Miniflare under Bun serves fine as long as
 * clients connect to workerd's own socket, which is what this does; it also starts faster.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The repository root. */
export const ROOT = new URL("../..", import.meta.url).pathname;

// No telemetry and no update checks: nothing here needs the network.
process.env.WRANGLER_SEND_METRICS = "false";
process.env.WRANGLER_HIDE_BANNER = "true";

/** The interface the Worker is served on locally unless told otherwise: loopback, as wrangler dev does. */
export const LOCAL_HOST = "127.0.0.1";

/** How to serve the Worker locally. */
export interface LocalWorkerOptions {
  /** The Worker: the text of one ES module (bundleWorker's, or a deploy's dry-run bundle). */
  script: string;
  port: number;
  /** The interface; loopback unless given, as wrangler dev does: this is the local emulation. */
  host?: string;
  /** Bindings over wrangler.jsonc's vars (SITE_URL, LOG, RATE_LIMIT). */
  vars?: Record<string, string>;
  /** RATE_LIMITER emulated with this limit and period (10 or 60 seconds). */
  rateLimiter?: { requests: number; seconds: number };
  /** False: no static assets in front (the local emulation of their router costs about a millisecond a request). */
  assets?: boolean;
  /** True: on workerd's own socket, without Miniflare's entry worker (its emulation of Cloudflare's front line). */
  direct?: boolean;
  /** workerd's V8 inspector (Chrome DevTools protocol) on this loopback port: for profiling (scripts/bench/workerd-profile.ts). */
  inspectorPort?: number;
}

/** Bundles `entry` as wrangler's bundler would for workerd (node: and cloudflare: modules are the runtime's). */
export async function bundleWorker(entry: string): Promise<string> {
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

/** wrangler.jsonc's entry module (its `main`). */
export async function wranglerMain(): Promise<string> {
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  return unstable_getMiniflareWorkerOptions(join(ROOT, "wrangler.jsonc")).main ?? join(ROOT, "api/workers/worker.ts");
}

/** Starts workerd with the Worker; resolves with its URL and how to stop it. */
export async function startLocalWorker(options: LocalWorkerOptions): Promise<{ url: URL; dispose(): Promise<void> }> {
  // Wrangler's own Miniflare (and so its workerd), whichever copy the package manager placed.
  const wranglerDir = dirname(Bun.resolveSync("wrangler/package.json", ROOT));
  const [{ unstable_getMiniflareWorkerOptions }, { Miniflare, convertV4MiniflareOptions, Log, LogLevel }] =
    await Promise.all([
      import("wrangler"),
      import(Bun.resolveSync("miniflare", wranglerDir)) as Promise<typeof import("miniflare")>,
    ]);
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(ROOT, "wrangler.jsonc"));
  // The bundle is one module, so no module rules apply (and Miniflare 5's v4 options refuse them).
  const { modulesRules: _rules, ...worker } = workerOptions;
  if (options.assets === false) delete worker.assets;
  const host = options.host ?? LOCAL_HOST;
  const bindings = { ...(worker.bindings as Record<string, unknown> | undefined), ...options.vars };
  const limit = options.rateLimiter;
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        {
          ...worker,
          bindings,
          ...(limit && {
            ratelimits: {
              RATE_LIMITER: { namespace_id: "1001", simple: { limit: limit.requests, period: limit.seconds } },
            },
          }),
          name: "agent-escrow-demo",
          modules: true,
          script: options.script,
          ...(options.direct && { unsafeDirectSockets: [{ host, port: options.port }] }),
        },
      ],
      host,
      port: options.direct ? 0 : options.port,
      ...(options.inspectorPort !== undefined && { inspectorPort: options.inspectorPort }),
      // The default Request.cf would be fetched from workers.cloudflare.com: a fixed one instead.
      cf: false,
      telemetry: { enabled: false },
      log: new Log(LogLevel.WARN),
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  const url = await miniflare.ready;
  return { url, dispose: () => miniflare.dispose() };
}

/** The workerd processes this one started (Linux, /proc): its children running workerd. */
export function workerdChildren(): number[] {
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
