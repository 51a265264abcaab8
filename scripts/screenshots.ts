/**
 * `bun run screenshots`: PNGs of the web UI's main states at 1280 and 390 px wide, for a reviewer
 * to look at, in screenshots/ (ignored by git). It builds the site, serves it with the real
 * api/bun/server.ts and drives Debian's Chromium as the browser suite does (scripts/harness/browser.ts),
 * walking the jobs through the page itself. SCREENSHOTS_DIR names another folder.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { startHarness } from "./harness/browser.ts";
import { openLink } from "./harness/ui-links.ts";
import { button, region } from "./harness/ui-names.ts";
import { everyState } from "./harness/ui-states.ts";

const OUT = process.env.SCREENSHOTS_DIR ?? join(import.meta.dir, "..", "screenshots");
const WIDTHS = [1280, 390] as const;

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const path = join(OUT, `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: "disabled" });
  console.log(path);
}

mkdirSync(OUT, { recursive: true });
const harness = await startHarness();
try {
  for (const width of WIDTHS) {
    for (const scheme of ["light", "dark"] as const) {
      const options = { viewport: { width, height: 900 }, colorScheme: scheme, reducedMotion: "reduce" } as const;
      const empty = await harness.open("/", options);
      await shoot(empty, `empty-${width}-${scheme}`);
      const page = await harness.open("/", options);
      const { handoff } = await everyState(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, `jobs-${width}-${scheme}`);
      const receiver = await harness.open("/", options);
      await openLink(receiver, handoff);
      await region(receiver, "Shared job").waitFor();
      await shoot(receiver, `handoff-${width}-${scheme}`);
      await button(region(receiver, "Shared job"), "Import job").click();
      await region(receiver, "Shared job").waitFor({ state: "hidden" });
      await shoot(receiver, `received-${width}-${scheme}`);
      await harness.closeContexts();
    }
  }
} finally {
  await harness.stop();
}
