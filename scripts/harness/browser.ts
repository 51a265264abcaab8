/**
 * Harness of the end-to-end browser suite: builds the site once (Astro under Bun, into
 * site/dist), serves it with the real api/bun/server.ts on a free port, and drives Debian's
 * Chromium with playwright-core (npm's browser downloads fail on these machines; see
 * scripts/harness/browser-setup.ts). Every test gets a fresh browser context: a fresh profile, so
 * empty localStorage, with clipboard permissions granted; the tests wait on the page with
 * page-waits.ts.
 * A missing Chromium is a failure, never a skip: run `bun scripts/harness/browser-setup.ts` first.
 */
import { afterAll, afterEach, beforeAll, setDefaultTimeout } from "bun:test";
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { CHROMIUM_PATH } from "./browser-setup.ts";
import { outputOf } from "./child-output.ts";
import { ROOT, startServer } from "./live-server.ts";
import { ACTION_TIMEOUT } from "./page-waits.ts";

/**
 * Chromium flags for a headless run in a container: no sandbox (it needs privileges a
 * container lacks), no GPU, no QUIC, and no first-run or background network traffic, since the
 * tests reach only loopback.
 */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A running site + API + browser, shared by the tests of one file. */
export interface Harness {
  /** Origin of the server, e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseURL: string;
  browser: Browser;
  /** Milliseconds spent in each setup step, for the report. */
  timings: { build: number; server: number; browser: number };
  /** A fresh context (empty storage, clipboard granted, downloads accepted). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a fresh context, navigated to `path` (relative to baseURL, or absolute). */
  open(path?: string, options?: BrowserContextOptions): Promise<Page>;
  /** Closes every context opened since the last call; returns their uncaught errors and dialogs. */
  closeContexts(): Promise<string[]>;
  /** Closes the browser and stops the server. */
  stop(): Promise<void>;
}

let built: Promise<void> | undefined;

/**
 * Builds the site into site/dist once per process, so the browser suites of one `bun test` share
 * a build (set E2E_SKIP_BUILD=1 to reuse the last build).
 */
function buildSite(): Promise<void> {
  built ??= build();
  return built;
}

async function build(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === "1" && existsSync(`${ROOT}site/dist/index.html`)) return;
  const child = Bun.spawn([process.execPath, "--bun", "astro", "build", "--root", "site"], {
    cwd: ROOT,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const { code, stdout: out, stderr: err } = await outputOf(child);
  if (code !== 0) throw new Error(`astro build failed (exit ${code}):\n${(out + err).slice(-4000)}`);
}

/** Launches Chromium, failing loudly when the binary is missing. */
async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Run \`bun scripts/harness/browser-setup.ts\` (apt-get install chromium) ` +
        "or set CHROMIUM_PATH. The browser suite never skips.",
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

async function timed<T>(step: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await step();
  return [value, Math.round(performance.now() - started)];
}

/**
 * Builds, serves and launches everything the browser suite needs, the server with the settings
 * `env` names (RATE_LIMIT, ...) besides its defaults. Call once in beforeAll.
 */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const [, build] = await timed(buildSite);
  const [server, serverMs] = await timed(() => startServer(env));
  let browser: Browser;
  let browserMs: number;
  try {
    [browser, browserMs] = await timed(launchBrowser);
  } catch (error) {
    await server.stop();
    throw error;
  }
  let open: { context: BrowserContext; errors: string[] }[] = [];

  const newContext = async (options: BrowserContextOptions = {}) => {
    const context = await browser.newContext({
      baseURL: server.base,
      acceptDownloads: true,
      permissions: ["clipboard-read", "clipboard-write"],
      ...options,
    });
    context.setDefaultTimeout(ACTION_TIMEOUT);
    const errors: string[] = [];
    context.on("page", (page) => {
      page.on("pageerror", (error) => errors.push(`uncaught error on ${page.url()}: ${error.message}`));
      // One click commits: a confirm/alert/prompt dialog anywhere breaks the contract.
      page.on("dialog", (dialog) => {
        errors.push(`unexpected ${dialog.type()} dialog: ${dialog.message()}`);
        void dialog.dismiss().catch(() => {});
      });
    });
    open.push({ context, errors });
    return context;
  };

  return {
    baseURL: server.base,
    browser,
    timings: { build, server: serverMs, browser: browserMs },
    newContext,
    async open(path = "/", options) {
      const page = await (await newContext(options)).newPage();
      await page.goto(path);
      return page;
    },
    async closeContexts() {
      const closing = open;
      open = [];
      await Promise.all(closing.map(({ context }) => context.close()));
      const died = server.alive() ? null : `api/bun/server.ts died:\n${server.stderr()}`;
      return [...closing.flatMap(({ errors }) => errors), ...(died ? [died] : [])];
    },
    async stop() {
      await Promise.all(open.map(({ context }) => context.close().catch(() => {})));
      await browser.close().catch(() => {});
      await server.stop();
    },
  };
}

/**
 * Registers one harness for the calling test file (its server with the settings `env` names):
 * started before its first test, every
 * context closed after each test (a page error, dialog or dead server fails that test), stopped
 * after the last. Returns a getter, since the harness exists only once beforeAll has run.
 */
export function useHarness(name: string, env: Record<string, string> = {}): () => Harness {
  let ui: Harness | undefined;
  setDefaultTimeout(30_000);
  beforeAll(async () => {
    ui = await startHarness(env);
    const { build, server, browser } = ui.timings;
    console.error(`${name}: site build ${build} ms, server up ${server} ms, Chromium launch ${browser} ms`);
  }, 120_000);
  afterEach(async () => {
    const errors = await ui?.closeContexts();
    if (errors?.length) throw new Error(`the page misbehaved:\n${errors.join("\n")}`);
  });
  afterAll(async () => {
    await ui?.stop();
  });
  return () => {
    if (!ui) throw new Error("the browser harness did not start");
    return ui;
  };
}
