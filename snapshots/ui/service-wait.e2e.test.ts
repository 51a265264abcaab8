/**
 * The page under a live rate limit (D23: RATE_LIMIT, 429 rate_limited with Retry-After), in
 * Chromium (issue 41, finding 6): each create costs one request, and once the service asks the
 * page to wait, the page says so once, by the action it refused, counting down. Whether the
 * limit counts the page's static files is the service's business: the test creates until the
 * service refuses, however many requests the page's own load took.
 */
import { expect, test } from "bun:test";
import { useHarness } from "../../scripts/harness/browser.ts";
import { poll } from "../../scripts/harness/page-waits.ts";
import { fillJobForm } from "../../scripts/harness/ui-actions.ts";
import { button, jobItem, secondsLeft, timesShown } from "../../scripts/harness/ui-names.ts";

/** The limit's window in seconds: windows are the epoch's consecutive spans of it. */
const WINDOW = 10;
const harness = useHarness("ui/service-wait.e2e", { RATE_LIMIT: `8/${WINDOW}` });

test("creates cost one request each until the service's wait, which the page says once, counting down", async () => {
  // Start as a window starts, so that the wait is long enough to watch it count.
  await Bun.sleep(WINDOW * 1000 - (Date.now() % (WINDOW * 1000)) + 50);
  const page = await harness().open();
  await page.locator("#app[data-ready]").waitFor();
  const sent: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/v0/")) sent.push(request.url());
  });
  let refused = false;
  for (let i = 1; i <= 12 && !refused; i++) {
    const before = sent.length;
    await fillJobForm(page, { title: `Batch ${i} done` });
    await button(page, "Create job").click();
    const outcome = await poll(
      async () =>
        (await timesShown(page, "try again in")) > 0 ? "wait" : await jobItem(page, `Batch ${i} done`).count(),
      (now) => now === "wait" || now === 1,
      (now) => `create ${i} showed neither its job nor a wait (${now})`,
    );
    refused = outcome === "wait";
    expect(sent.length - before).toBe(1);
  }
  expect(refused).toBe(true);
  expect(await timesShown(page, "try again in")).toBe(1);
  const first = await secondsLeft(page);
  expect(first).toBeGreaterThan(1);
  // The count ticks each second, at its own phase: within two seconds it has gone down.
  await Bun.sleep(2100);
  expect(await secondsLeft(page)).toBeLessThan(first);
}, 60_000);
