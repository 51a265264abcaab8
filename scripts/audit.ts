/**
 * `bun run audit`: Lighthouse (13.5.0, pinned here and fetched by npx on first use; it is not a
 * dependency of the tests) against the built web UI, served by the real api/bun/server.ts, in
 * Debian's Chromium (CHROMIUM_PATH). Prints each category's score and the page's transferred
 * bytes, writes the reports to lighthouse/ (ignored by git), and exits non-zero when performance
 * is below 95 or accessibility, best practices or SEO below 100.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CHROMIUM_PATH } from "./harness/browser-setup.ts";
import { ROOT, startServer } from "./harness/live-server.ts";

const LIGHTHOUSE = "lighthouse@13.5.0";
const OUT = join(ROOT, "lighthouse");
const MINIMUM: Record<string, number> = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

async function run(command: string[], env: Record<string, string> = {}): Promise<number> {
  const child = Bun.spawn(command, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdout: "inherit",
    stderr: "inherit",
  });
  return child.exited;
}

if ((await run([process.execPath, "run", "build"])) !== 0) process.exit(1);
mkdirSync(OUT, { recursive: true });
const server = await startServer();
let code: number;
try {
  code = await run(
    [
      "npx",
      "--yes",
      LIGHTHOUSE,
      `${server.base}/`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      "--only-categories=performance,accessibility,best-practices,seo",
      "--output=json",
      "--output=html",
      `--output-path=${join(OUT, "report")}`,
      "--quiet",
    ],
    { CHROME_PATH: CHROMIUM_PATH },
  );
} finally {
  await server.stop();
}
if (code !== 0) {
  console.error(`audit: lighthouse exited ${code}`);
  process.exit(1);
}

const report = JSON.parse(readFileSync(join(OUT, "report.report.json"), "utf8"));
let failed = false;
for (const [id, category] of Object.entries(report.categories) as [string, { title: string; score: number }][]) {
  const score = Math.round(category.score * 100);
  const low = score < (MINIMUM[id] ?? 0);
  failed ||= low;
  console.log(`${category.title.padEnd(16)} ${String(score).padStart(3)}${low ? `  (below ${MINIMUM[id]})` : ""}`);
}
const weight = report.audits["total-byte-weight"]?.numericValue;
if (typeof weight === "number") console.log(`${"Transferred".padEnd(16)} ${(weight / 1024).toFixed(1)} KB`);
console.log(`reports: ${join(OUT, "report.report.html")} and .json`);
process.exit(failed ? 1 : 0);
