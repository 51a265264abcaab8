/**
 * The web UI measured in Chromium. Its weight: everything the empty page fetches, as the browser
 * counts the bytes it transferred (headers and compressed bodies), stays under 40 KB. And
 * axe-core (pinned in package.json) injected into it: the web UI has no violation of any
 * rule axe runs by default (WCAG 2.x A and AA, and axe's best practices) in each state a person
 * meets: empty; a funded job with a hold; released and disputed jobs with their receipts; a
 * simulation; the question Reset asks before it replaces everything (a modal dialog) and errors
 * shown by their controls; a handoff link and a receipt link that does not add up; every seal and signature
 * badge (an older version's seal too) in both schemes; dark mode; 360 px wide, in
 * both schemes with the balance strip, errors and the question Reset asks, a refused dispute with
 * its question open and the service's wait; and the API reference page in both
 * schemes. Contexts reduce motion, so no animation is caught
 * half-way, except for a balance's change shown in dark mode at 360 px, which is
 * checked paused at several points of its animation.
 */
import { describe, expect, test } from "bun:test";
import type { BrowserContextOptions, Page } from "playwright-core";
import { useHarness } from "../../scripts/harness/browser.ts";
import { fillJobForm, fund, walkTo } from "../../scripts/harness/ui-actions.ts";
import { copyLink, decodeToken, encodeToken, openLink } from "../../scripts/harness/ui-links.ts";
import { button, field, receiptItem, region } from "../../scripts/harness/ui-names.ts";
import { everyState } from "../../scripts/harness/ui-states.ts";
import { OLDER_HANDOFF } from "../client/older-seals.ts";

const harness = useHarness("ui/axe-and-weight.e2e");
const AXE = Bun.resolveSync("axe-core/axe.min.js", import.meta.dir);

/** axe's violations on `page`, one line each: rule, impact, and every node with what fails. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map(
      (v: any) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n: any) => `  ${n.target.join(" ")}: ${n.failureSummary}`).join("\n")}`,
    );
  });
}

/** A page at `path` in a context that reduces motion, with `options` on top. */
const open = (path = "/", options: BrowserContextOptions = {}) =>
  harness().open(path, { reducedMotion: "reduce", ...options });

describe("axe finds no violation", () => {
  test("on the empty page", async () => {
    const page = await open();
    await region(page, "Balance history").getByRole("img").waitFor();
    expect(await violations(page)).toEqual([]);
  });

  test("with a funded job whose hold counts down", async () => {
    const page = await open();
    const item = await walkTo(page, "open", { title: "Unit tests", amount: 40 });
    await field(item, "Hold seconds").fill("600");
    await fund(item);
    await item.getByRole("timer").waitFor();
    expect(await violations(page)).toEqual([]);
  });

  test("with a released and a disputed job, their flows and receipts", async () => {
    const page = await open();
    await walkTo(page, "released", { title: "Logo sketch" });
    await walkTo(page, "disputed", { title: "Data cleanup" });
    await region(page, "Receipts").getByRole("listitem").first().waitFor();
    expect(await violations(page)).toEqual([]);
  });

  test("with a simulation shown", async () => {
    const page = await open();
    await fillJobForm(page, { title: "Market scan" });
    await button(page, "Simulate").click();
    await region(page, "Simulation").getByRole("img").waitFor();
    expect(await violations(page)).toEqual([]);
  });

  test.each(["light", "dark"] as const)("with the question Reset asks open, %s", async (colorScheme) => {
    // The modal dialog before everything is replaced.
    const page = await open("/", { colorScheme });
    await walkTo(page, "released", { title: "Logo sketch" });
    await button(page, "Reset").click();
    await page.getByRole("dialog", { name: "Reset everything?" }).waitFor();
    expect(await violations(page)).toEqual([]);
  });

  test("with errors shown by their controls", async () => {
    // An error by the top-up field, one by a create field and one on a job.
    const page = await open();
    const job = await walkTo(page, "open", { title: "Unit tests", amount: 4000 });
    await button(job, "Fund").click();
    await job.getByRole("alert").waitFor();
    await field(page, "Top up amount").fill("0");
    await button(page, "Top up").click();
    await fillJobForm(page, { title: "Market scan" });
    await field(page, "Amount").fill("many");
    await button(page, "Create job").click();
    await page.locator("[aria-invalid=true]").nth(1).waitFor();
    expect(await violations(page)).toEqual([]);
  });

  test("with a handoff link opened, and a receipt link that does not add up", async () => {
    const sender = await open();
    const { handoff, badReceipt } = await everyState(sender);
    const page = await open();
    await openLink(page, handoff);
    await region(page, "Shared job").waitFor();
    expect(await violations(page)).toEqual([]);
    await openLink(page, badReceipt);
    await region(page, "Shared receipt").getByRole("list", { name: "Mismatches" }).waitFor();
    expect(await violations(page)).toEqual([]);
  });

  test.each(["light", "dark"] as const)("with every seal and signature badge, %s", async (colorScheme) => {
    const sender = await open();
    const funded = await walkTo(sender, "funded", { title: "Market scan", amount: 120 });
    const { link: handoff, token: jobToken } = await copyLink(sender, funded, "handoff");
    await walkTo(sender, "released", { title: "Logo sketch" });
    const { link: receiptLink, token } = await copyLink(sender, receiptItem(sender, "Logo sketch"), "receipt");
    const job = decodeToken(jobToken).job;
    const { se: _, ...unsealed } = job;
    const handoffWith = (changed: object) =>
      handoff.replace(jobToken, encodeToken("h1.", { ...decodeToken(jobToken), job: changed }));
    const badges: [string, string, string][] = [
      [handoff, "Shared job", "Sealed by this service"],
      [handoffWith({ ...job, a: 10 }), "Shared job", "Seal does not match"],
      [handoffWith(unsealed), "Shared job", "Not sealed"],
      [`${harness().baseURL}/#handoff/${OLDER_HANDOFF}`, "Shared job", "Not sealed"],
      [receiptLink, "Shared receipt", "Signed by this service"],
      [
        receiptLink.replace(token, encodeToken("r1.", { ...decodeToken(token), f: 7 })),
        "Shared receipt",
        "Signature does not match",
      ],
    ];
    const page = await open("/", { colorScheme });
    for (const [link, panel, text] of badges) {
      await openLink(page, link);
      await region(page, panel).getByText(text, { exact: true }).waitFor();
      expect(await violations(page)).toEqual([]);
    }
    await page.route("**/.well-known/jwks.json", (route) => route.fulfill({ status: 404, body: "Not found" }));
    await openLink(page, receiptLink);
    await region(page, "Shared receipt").getByText("Could not check the signature", { exact: true }).waitFor();
    expect(await violations(page)).toEqual([]);
  });

  test.each([
    ["in dark mode", { colorScheme: "dark" }],
    ["at 360 px wide", { viewport: { width: 360, height: 800 } }],
    ["in dark mode at 360 px wide", { colorScheme: "dark", viewport: { width: 360, height: 800 } }],
  ] as const)("with every picture, %s", async (_name, options) => {
    const page = await open("/", options);
    await everyState(page);
    expect(await violations(page)).toEqual([]);
  });

  test.each(["light", "dark"] as const)(
    "at 360 px wide, %s: the balance strip, errors by their controls and the question Reset asks",
    async (colorScheme) => {
      // What a phone meets, in both schemes; the other helpers' live regions and dialogs join here.
      const page = await open("/", { colorScheme, viewport: { width: 360, height: 740 } });
      await walkTo(page, "funded", { title: "Data cleanup", amount: 60 });
      await walkTo(page, "funded", { title: "Unit tests", amount: 30 });
      const item = await walkTo(page, "open", { title: "Logo sketch", amount: 40 });
      await field(page, "Top up amount").fill("1e6");
      await button(page, "Top up").click();
      await field(item, "Hold seconds").fill("1e3");
      await button(item, "Fund").click();
      await item.getByRole("alert").waitFor();
      await button(item, "Fund").scrollIntoViewIfNeeded();
      await page.locator("#balance-strip").waitFor();
      expect(await violations(page)).toEqual([]);
      await button(page, "Reset").click();
      await page.getByRole("dialog", { name: "Reset everything?" }).waitFor();
      expect(await violations(page)).toEqual([]);
    },
  );

  test.each(["light", "dark"] as const)(
    "at 360 px wide, %s: a refused dispute with its question open, a note over its count, and the service's wait",
    async (colorScheme) => {
      // Issue 41: the states its findings 1 and 6 added.
      const page = await open("/", { colorScheme, viewport: { width: 360, height: 740 } });
      const funded = await walkTo(page, "funded", { title: "Unit tests", amount: 30 });
      await field(funded, "Proof note").fill("n".repeat(401));
      const item = await walkTo(page, "submitted", { title: "Logo sketch", amount: 40 });
      await button(item, "Dispute").click();
      await field(item, "Dispute reason").fill("r".repeat(401));
      await button(item, "Confirm dispute").click();
      await field(item, "Dispute reason").and(page.locator("[aria-invalid=true]")).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.route("**/api/v0/transition", (route) =>
        route.fulfill({
          status: 429,
          headers: { "content-type": "application/json", "retry-after": "30" },
          body: JSON.stringify({ ok: false, error: "rate_limited", message: "Too many requests." }),
        }),
      );
      await fillJobForm(page, { title: "Market scan" });
      await button(page, "Create job").click();
      await page.getByText(/try again in/).waitFor();
      expect(await violations(page)).toEqual([]);
    },
  );

  test("while a balance's change is shown, in dark mode at 360 px wide, at every point of its animation", async () => {
    // This state animates, so the context lets motion through and the page's
    // animations are paused at several points from start to end; axe checks each frame.
    const page = await open("/", {
      colorScheme: "dark",
      viewport: { width: 360, height: 800 },
      reducedMotion: "no-preference",
    });
    await walkTo(page, "funded", { title: "Unit tests", amount: 40 });
    await page.locator(".balance .delta.changed").first().waitFor({ state: "attached" });
    const duration = await page.evaluate(() => {
      const animations = document.getAnimations();
      for (const a of animations) a.pause();
      return Math.max(...animations.map((a) => Number(a.effect?.getComputedTiming().endTime ?? 0)));
    });
    expect(duration).toBeGreaterThan(0);
    for (const fraction of [0, 0.25, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99]) {
      await page.evaluate((t) => {
        for (const a of document.getAnimations()) a.currentTime = t;
      }, fraction * duration);
      expect(await violations(page), `at ${Math.round(fraction * duration)} ms`).toEqual([]);
    }
  });

  test.each(["light", "dark"] as const)("on the API reference, %s", async (colorScheme) => {
    const page = await open("/reference/", { colorScheme });
    expect(await violations(page)).toEqual([]);
  });
});

/** The most the empty page may transfer, every request counted . */
const WEIGHT_MAX = 40 * 1024;

describe("the page's weight", () => {
  test(`the empty page transfers under ${WEIGHT_MAX / 1024} KB in all, its text compressed`, async () => {
    const page = await (await harness().newContext({ reducedMotion: "reduce" })).newPage();
    const encodings = new Map<string, string>();
    page.on("response", (response) => {
      encodings.set(new URL(response.url()).pathname, response.headers()["content-encoding"] ?? "none");
    });
    await page.goto("/", { waitUntil: "networkidle" });
    await page.locator("#app[data-ready]").waitFor();
    const entries = await page.evaluate(() =>
      [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")].map((e) => ({
        path: new URL(e.name).pathname,
        transferred: (e as PerformanceResourceTiming).transferSize,
      })),
    );
    const total = entries.reduce((sum, e) => sum + e.transferred, 0);
    console.error(
      `ui/axe-and-weight.e2e: the empty page transferred ${(total / 1024).toFixed(1)} KB: ${entries
        .map((e) => `${e.path} ${e.transferred} B (${encodings.get(e.path) ?? "?"})`)
        .join(", ")}`,
    );
    expect(entries.map((e) => e.path)).toContain("/");
    for (const e of entries) expect(e.transferred, e.path).toBeGreaterThan(0);
    for (const path of entries.map((e) => e.path).filter((p) => p === "/" || p.startsWith("/_astro/")))
      expect(encodings.get(path), path).not.toBe("none");
    expect(total).toBeLessThan(WEIGHT_MAX);
  });
});
