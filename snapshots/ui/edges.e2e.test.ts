/**
 * The page at its edges, in Chromium: one number parser for every amount field
 * (finding 10); an edited demo pack refused before any question, changing nothing (finding 7);
 * top-ups in Activity, in the balances sentence and in the balance history, which has a fees
 * column, the job of each row, a scale and an empty state (finding 13); and the page on a phone
 * and at 1280 px (finding 17): the New job form within the first screen, a balance strip that
 * stays in view while acting on a job, diagram labels of 12 px or more, a paste field wide
 * enough for its placeholder, and Reset away from Open link.
 */
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { useHarness } from "../../scripts/harness/browser.ts";
import { expectText, poll } from "../../scripts/harness/page-waits.ts";
import { exportPack, fillJobForm, walkTo } from "../../scripts/harness/ui-actions.ts";
import {
  alertsIn,
  button,
  expectNewestActivity,
  field,
  jobItem,
  payer,
  region,
  snapshot,
} from "../../scripts/harness/ui-names.ts";

const harness = useHarness("ui/edges.e2e");

/** The text of the error shown by the field `id` (notices.ts errorBy), once it shows. */
async function errorByField(page: Page, id: string): Promise<string> {
  const note = page.locator(`[data-error-for="${id}"]`);
  await note.waitFor();
  return note.innerText();
}

describe("one number parser for every amount field (finding 10)", () => {
  test('"1,000", as the page prints it, is accepted in the create amount and in the top-up', async () => {
    const page = await harness().open();
    await fillJobForm(page, { title: "Thousand" });
    await field(page, "Amount").fill(" 1,000 ");
    await button(page, "Create job").click();
    await expectText(jobItem(page, "Thousand"), "1,000");
    await field(page, "Top up amount").fill("1,000");
    await button(page, "Top up").click();
    await poll(
      () => payer(page).innerText(),
      (text) => text === "2,000",
      (last) => `expected payer credits 2,000 after a top-up of "1,000"; they show ${last}`,
    );
  });

  test('"1e6" is refused in both with the same message, and changes nothing', async () => {
    const page = await harness().open();
    const before = await snapshot(page);
    await fillJobForm(page, { title: "Exponent" });
    await field(page, "Amount").fill("1e6");
    await button(page, "Create job").click();
    const createError = await errorByField(page, "amount");
    await field(page, "Top up amount").fill("1e6");
    await button(page, "Top up").click();
    const topUpError = await errorByField(page, "topup-amount");
    expect(topUpError).toBe(createError);
    expect(createError).toContain("1,000");
    expect(await snapshot(page)).toEqual(before);
  });

  test('a hold of "1e3" seconds is refused with the same message by the job', async () => {
    const page = await harness().open();
    const item = await walkTo(page, "open", { title: "Hold it", amount: 40 });
    await field(item, "Hold seconds").fill("1e3");
    await button(item, "Fund").click();
    await fillJobForm(page, { title: "Other" });
    await field(page, "Amount").fill("1e3");
    await button(page, "Create job").click();
    const createError = await errorByField(page, "amount");
    await expectText(item, createError);
    await expectText(item, /\bopen\b/i);
  });
});

describe("an edited demo pack (finding 7)", () => {
  /** Chooses a pack file after clicking "Import demo pack", answering no question. */
  async function chooseFile(page: Page, text: string): Promise<void> {
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), button(page, "Import demo pack").click()]);
    await chooser.setFiles({ name: "pack.json", mimeType: "application/json", buffer: Buffer.from(text, "utf8") });
  }

  test("with inflated payer credits is refused before any question, says what does not add up, and changes nothing", async () => {
    const page = await harness().open();
    await walkTo(page, "funded", { title: "Logo sketch", amount: 100 });
    const { pack } = await exportPack(page);
    const before = await snapshot(page);
    await chooseFile(page, JSON.stringify({ ...pack, payer_credits: pack.payer_credits + 1_000_452 }));
    const alert = alertsIn(page).first();
    await expectText(alert, "add up", "1,001,452", "1,000");
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await snapshot(page)).toEqual(before);
    await expectText(page.locator("#balances-total"), "1,000");
    expect(await page.locator("#balances-total").innerText()).not.toContain("1,001,352");
  });
});

describe("top-ups and the balance history (finding 13)", () => {
  test("a top-up is an activity event and part of the balances sentence", async () => {
    const page = await harness().open();
    await field(page, "Top up amount").fill("250");
    await button(page, "Top up").click();
    await expectNewestActivity(page, "top-up");
    await expectText(region(page, "Activity").getByRole("listitem").first(), "Topped up 250 payer credits");
    await expectText(page.locator("#balances-total"), "= 1,250 credits", "1,000 start + 250 topped up");
  });

  test("says so while nothing has changed, then shows a scale, the job of each row and the fees paid", async () => {
    const page = await harness().open();
    const history = region(page, "Balance history");
    await expectText(history, "Nothing has changed yet");
    await walkTo(page, "released", { title: "Logo sketch", amount: 100 });
    await expectText(history, "1,000", "0");
    expect(await history.getByText("Nothing has changed yet").count()).toBe(0);
    await history.getByText("Show the figures", { exact: true }).click();
    const table = history.getByRole("table");
    const headers = await table.getByRole("columnheader").allInnerTexts();
    expect(headers).toEqual(["After", "Payer credits", "In escrow", "Agent wallet", "Fees paid"]);
    const last = (await table.getByRole("row").allInnerTexts()).at(-1)!.split(/\s*[\t\n]\s*/);
    expect(last).toEqual(["release", "Logo sketch", "900", "0", "95", "5"]);
  });
});

/** The rendered size in px of every label of every money-flow diagram on the page. */
const diagramLabelSizes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<SVGSVGElement>("svg.money-flow")].flatMap((picture) => {
      const scale = picture.getBoundingClientRect().width / picture.viewBox.baseVal.width;
      return [...picture.querySelectorAll("text")].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
    }),
  );

/** The paste field's width and whether its placeholder fits inside it. */
const pasteField = (page: Page) =>
  field(page, "Paste a handoff or receipt link").evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return {
      width: input.getBoundingClientRect().width,
      fits: context.measureText(input.placeholder).width <= room && input.scrollWidth <= input.clientWidth,
    };
  });

/** The button nearest to `from` on screen (edge to edge), by its name. */
const nearestButton = (from: Locator) =>
  from.evaluate((start) => {
    const a = start.getBoundingClientRect();
    let best = { name: "", distance: Infinity };
    for (const b of document.querySelectorAll("button")) {
      if (b === start || b.closest("dialog") || b.offsetParent === null) continue;
      const r = b.getBoundingClientRect();
      const dx = Math.max(0, r.left - a.right, a.left - r.right);
      const dy = Math.max(0, r.top - a.bottom, a.top - r.bottom);
      const distance = Math.hypot(dx, dy);
      if (distance < best.distance) best = { name: b.textContent?.trim() ?? "", distance };
    }
    return best.name;
  });

/** The focused element, once drawn, and whether the balance strip, when shown, lies over any part of it. */
const coverOfFocus = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: "", covered: false };
    const strip = document.getElementById("balance-strip")!;
    const box = el.getBoundingClientRect();
    const bar = strip.getBoundingClientRect();
    const shown = !strip.hidden && getComputedStyle(strip).display !== "none";
    return {
      name: `${el.tagName} ${el.id || el.textContent?.trim().slice(0, 30)}`,
      covered: shown && box.top < bar.bottom && box.bottom > bar.top,
    };
  });

describe.each([
  ["390 px", { width: 390, height: 844 }],
  ["360 px", { width: 360, height: 740 }],
  ["1280 px", { width: 1280, height: 800 }],
] as const)("at %s wide (finding 17)", (_name, viewport) => {
  test("the money-flow diagram's labels are 12 px or more", async () => {
    const page = await harness().open("/", { viewport });
    await walkTo(page, "released", { title: "Logo sketch", amount: 100 });
    await walkTo(page, "disputed", { title: "Data cleanup", amount: 40 });
    await fillJobForm(page, { title: "Market scan" });
    await button(page, "Simulate").click();
    await region(page, "Simulation").getByRole("img").waitFor();
    const sizes = await diagramLabelSizes(page);
    expect(sizes.length).toBeGreaterThan(10);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
  });

  test("the paste field is wide enough for its placeholder, and Reset is not next to Open link", async () => {
    const page = await harness().open("/", { viewport });
    const { width, fits } = await pasteField(page);
    expect(width).toBeGreaterThanOrEqual(viewport.width > 900 ? 260 : 250);
    expect(fits).toBe(true);
    expect(await nearestButton(button(page, "Open link"))).not.toBe("Reset");
    expect(await nearestButton(button(page, "Reset"))).not.toBe("Open link");
  });

  if (viewport.width < 900)
    test("the New job form starts within the first screen, and a balance strip stays in view while acting on a job", async () => {
      const page = await harness().open("/", { viewport });
      const top = await page.getByRole("heading", { name: "New job" }).evaluate((h) => h.getBoundingClientRect().top);
      expect(top).toBeLessThan(viewport.height * 0.75);
      // Two jobs put the Balances card (after Jobs and Receipts on a phone) out of sight of the first.
      await walkTo(page, "funded", { title: "Data cleanup", amount: 60 });
      const item = await walkTo(page, "funded", { title: "Logo sketch", amount: 100 });
      await button(item, "Submit proof").scrollIntoViewIfNeeded();
      const strip = page.locator("#balance-strip");
      await expectText(strip, "Payer 840", "Escrow 160", "Wallet 0", "Fees 0");
      const box = await strip.evaluate((s) => s.getBoundingClientRect().toJSON());
      expect(box.top).toBe(0);
      expect(box.bottom).toBeLessThanOrEqual(viewport.height * 0.1);
      const figures = await page.locator("#balance-figures").evaluate((f) => f.getBoundingClientRect().toJSON());
      expect(figures.top > viewport.height || figures.bottom < 0).toBe(true);
    });

  if (viewport.width < 900)
    test("nothing focused sits under the balance strip: Tab and Shift+Tab through the whole page (WCAG 2.4.11, finding 7)", async () => {
      const page = await harness().open("/", { viewport });
      await walkTo(page, "funded", { title: "Data cleanup", amount: 60 });
      await walkTo(page, "submitted", { title: "Logo sketch", amount: 100 });
      for (const key of ["Tab", "Shift+Tab"]) {
        await page.evaluate(() => {
          (document.activeElement as HTMLElement | null)?.blur();
          window.scrollTo(0, 0);
        });
        const covered: string[] = [];
        let stops = 0;
        for (let first = ""; stops < 200; stops++) {
          await page.keyboard.press(key);
          const stop = await coverOfFocus(page);
          if (stop.name === first) break;
          first ||= stop.name;
          if (stop.covered) covered.push(stop.name);
        }
        expect(stops).toBeGreaterThan(20);
        expect(covered, key).toEqual([]);
      }
    });
});

describe("the parts of the page loaded on demand (site/src/client/on-demand.ts)", () => {
  test("the empty page fetches one script; an export, a link or a simulation fetches its part when first used", async () => {
    const page = await harness().open();
    const scripts = async () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((e) => new URL(e.name).pathname)
          .filter((path) => path.endsWith(".js")),
      );
    expect(await scripts()).toHaveLength(1);
    await exportPack(page);
    expect((await scripts()).some((path) => path.includes("/demo-pack."))).toBe(true);
    await fillJobForm(page, { title: "Market scan" });
    await button(page, "Simulate").click();
    await region(page, "Simulation").getByRole("img").waitFor();
    expect((await scripts()).some((path) => path.includes("/simulation-panel."))).toBe(true);
  });

  test("a part the server cannot send says so at the top and changes nothing", async () => {
    const page = await harness().open();
    const before = await snapshot(page);
    await page.route("**/_astro/demo-pack.*", (route) => route.abort());
    await button(page, "Export demo pack").click();
    await expectText(alertsIn(page).first(), "could not be loaded from the server");
    expect(await snapshot(page)).toEqual(before);
  });
});
