/**
 * Where an action's result lands, in Chromium at 390 x 844: each
 * action moves the focus to its result (the job, the shared panel, the simulation) inside the
 * viewport and says what happened in the page's one polite status line; a job's error is tied
 * to the input it is about; stale messages go; a change of balance asks the service for no
 * quote again; a rate-limited answer says how long to wait; and an ordinary walk, a fund the
 * balance cannot cover included, logs no console error.
 */
import { describe, expect, test } from "bun:test";
import type { Page, Request } from "playwright-core";
import { EscrowKeeper, localApi } from "../../client/index.ts";
import { useHarness } from "../../scripts/harness/browser.ts";
import { expectText, poll } from "../../scripts/harness/page-waits.ts";
import {
  createJob,
  fillJobForm,
  fund,
  importPack,
  release,
  submitProof,
  succeeded,
  walkTo,
} from "../../scripts/harness/ui-actions.ts";
import { copyLink } from "../../scripts/harness/ui-links.ts";
import {
  alertsIn,
  button,
  CRITERIA,
  expectStatus,
  field,
  jobItem,
  receiptItem,
  region,
  secondsLeft,
  timesShown,
} from "../../scripts/harness/ui-names.ts";

const harness = useHarness("ui/landing.e2e");
const PHONE = { viewport: { width: 390, height: 844 } };

/** What has the focus: its text, the region or job it is in, and whether it lies inside the viewport. */
function focusOf(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { text: "", within: "", inView: false };
    const box = el.getBoundingClientRect();
    const inView = box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
    const region = el.closest("section[aria-labelledby]");
    const heading = region ? document.getElementById(region.getAttribute("aria-labelledby") ?? "") : null;
    const job = el.closest("li[data-job-id]")?.querySelector("h3")?.textContent ?? "";
    return { text: el.textContent?.trim() ?? "", within: `${heading?.textContent ?? ""}|${job}`, inView };
  });
}

/** Waits until the focus is inside the viewport, within `within` ("<region>|<job title>", either may be empty). */
async function expectFocusIn(page: Page, within: string): Promise<void> {
  await poll(
    () => focusOf(page),
    (now) => now.inView && now.within.includes(within),
    (now) => `expected the focus in view within "${within}"; it is on ${JSON.stringify(now)}`,
  );
}

/** Waits until the page's status line (its one role="status" line, index.astro's #page-status) says `text`. */
const expectStatusLine = (page: Page, text: string | RegExp) => expectText(page.locator("#page-status"), text);

describe("the first screen (issue 41, finding 14)", () => {
  test("says the agent is a second person, reached by a link", async () => {
    const page = await harness().open("/", PHONE);
    const intro = page.locator(".intro .lead");
    await expectText(intro, /agent is (a second person|someone else)[^.]*handoff link/i);
    expect(await intro.evaluate((p) => p.getBoundingClientRect().bottom)).toBeLessThan(844);
  });
});

describe("each action lands where the person looks (390 px)", () => {
  test("a link opened in an open tab draws the Shared panel on screen, with the focus on its heading", async () => {
    const sender = await harness().open();
    const job = await createJob(sender, { title: "Market scan" });
    const { link } = await copyLink(sender, job, "handoff");

    const page = await harness().open("/", PHONE);
    await createJob(page, { title: "Unit tests" });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.evaluate((hash) => {
      location.hash = hash;
    }, new URL(link).hash);
    await expectText(region(page, "Shared job"), "Market scan");
    await expectFocusIn(page, "Shared job|");
    expect((await focusOf(page)).text).toBe("Shared job");
    await expectStatusLine(page, /Opened the handoff link of "Market scan"/);
  });

  test("Import job moves the focus to the imported job and says so", async () => {
    const sender = await harness().open();
    const sent = await walkTo(sender, "funded", { title: "Market scan", amount: 120 });
    const { link } = await copyLink(sender, sent, "handoff");
    const page = await harness().open(link, PHONE);
    await button(region(page, "Shared job"), "Import job").click();
    await expectStatus(jobItem(page, "Market scan"), "funded");
    await expectFocusIn(page, "Jobs|Market scan");
    await expectStatusLine(page, /Imported the job "Market scan"/);
  });

  test("Import receipt moves the focus to the imported receipt", async () => {
    const sender = await harness().open();
    await walkTo(sender, "released", { title: "Logo sketch", amount: 100 });
    const { link } = await copyLink(sender, receiptItem(sender, "Logo sketch"), "receipt");
    const page = await harness().open(link, PHONE);
    await button(region(page, "Shared receipt"), "Import receipt").click();
    await expectFocusIn(page, "Receipts|Logo sketch");
    await expectStatusLine(page, /Imported the receipt of "Logo sketch"/);
    // The receipt's signature check redraws it; the focus stays on it.
    await Bun.sleep(300);
    await expectFocusIn(page, "Receipts|Logo sketch");
  });

  test("Create job moves the focus to the new job; fund, submit and release say what moved", async () => {
    const page = await harness().open("/", PHONE);
    const job = await createJob(page, { title: "Logo sketch", amount: 100 });
    await expectFocusIn(page, "Jobs|Logo sketch");
    await expectStatusLine(page, /Created the job "Logo sketch"/);
    await fund(job);
    await expectStatusLine(page, "Funded: 100 credits held in escrow.");
    await expectFocusIn(page, "Jobs|Logo sketch");
    await submitProof(job);
    await expectStatusLine(page, /Proof submitted/);
    await release(job);
    await expectStatusLine(page, "Released: agent wallet +95, fee 5.");
    await expectFocusIn(page, "Jobs|Logo sketch");
  });

  test("Simulate moves the focus to the simulation", async () => {
    const page = await harness().open("/", PHONE);
    await fillJobForm(page, { title: "Walk it", amount: 100 });
    await button(page, "Simulate").click();
    await expectFocusIn(page, "Simulation|");
    await expectStatusLine(page, /Simulated "Walk it"/);
  });

  test("importing a demo pack says what came in and lands on the jobs", async () => {
    const keeper = new EscrowKeeper(localApi());
    succeeded(await keeper.create({ title: "Packed job", amount: 40, criteria: CRITERIA }));
    const page = await harness().open("/", PHONE);
    await importPack(page, { name: "pack.json", text: keeper.exportPack() });
    await expectStatusLine(page, /Imported the demo pack: 1 job/);
    await expectFocusIn(page, "Jobs|");
  });

  test("a refused job action names the input it is about, which is marked invalid", async () => {
    const page = await harness().open();
    const job = await createJob(page, { title: "Logo sketch" });
    const hold = field(job, "Hold seconds");
    await hold.fill("999999999999");
    await button(job, "Fund").click();
    await hold.and(page.locator("[aria-invalid=true]")).waitFor();
    const described = (await hold.getAttribute("aria-describedby")) ?? "";
    const note = page.locator(`[id="${described.split(/\s+/).at(-1)}"]`);
    expect(await note.getAttribute("role")).toBe("alert");
    await expectText(note, /^Hold seconds must be/);
    // Another tab's change redraws the job; the tie stays.
    await page.evaluate(() => window.dispatchEvent(new StorageEvent("storage", { key: null })));
    await hold.and(page.locator("[aria-invalid=true]")).waitFor();
  });
});

describe("stale messages go", () => {
  test("a newer error takes the place of the last success in the status line (finding 10)", async () => {
    const page = await harness().open();
    const big = await createJob(page, { title: "Too big", amount: 5000 });
    await expectStatusLine(page, /Created the job "Too big"/);
    await button(big, "Fund").click();
    await big.getByRole("alert").waitFor();
    expect(await page.locator("#page-status").innerText()).toBe("");

    await createJob(page, { title: "Logo sketch" });
    await expectStatusLine(page, /Created the job "Logo sketch"/);
    await field(page, "Top up amount").fill("0");
    await button(page, "Top up").click();
    await field(page, "Top up amount").and(page.locator("[aria-invalid=true]")).waitFor();
    expect(await page.locator("#page-status").innerText()).toBe("");
  });

  test("a pack error goes when a good pack is chosen", async () => {
    const page = await harness().open();
    await importPack(page, { name: "bad.json", text: "{" }, { confirm: false });
    await expectText(alertsIn(page).first(), /Not a demo pack/);
    const keeper = new EscrowKeeper(localApi());
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), button(page, "Import demo pack").click()]);
    await chooser.setFiles({
      name: "good.json",
      mimeType: "application/json",
      buffer: Buffer.from(keeper.exportPack()),
    });
    await page.getByRole("dialog").waitFor();
    expect(await alertsIn(page).count()).toBe(0);
  });

  test("a failed Simulate takes the old result away", async () => {
    const page = await harness().open();
    await fillJobForm(page, { title: "Walk it", amount: 100 });
    await button(page, "Simulate").click();
    await region(page, "Simulation").waitFor();
    await field(page, "Amount").fill("-3");
    await button(page, "Simulate").click();
    await expectText(alertsIn(page).first(), /Amount/);
    await region(page, "Simulation").waitFor({ state: "hidden" });
  });
});

/** The engine requests (/api/v0/...) the page sends from now on. */
function countEngineCalls(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/v0/")) seen.push(request);
  });
  return seen;
}

/** Waits until no job says "quoting…". */
const quotesSettled = (page: Page) =>
  poll(
    () => region(page, "Jobs").innerText(),
    (text) => !text.includes("quoting"),
    () => "quotes never settled",
  );

describe("quotes (finding 8)", () => {
  test("one fund with 25 open jobs sends at most a handful of requests", async () => {
    const keeper = new EscrowKeeper(localApi());
    for (let i = 1; i <= 25; i++)
      succeeded(await keeper.create({ title: `Batch job ${i}`, amount: 10 + i, criteria: CRITERIA }));
    const page = await harness().open();
    await importPack(page, { name: "batch.json", text: keeper.exportPack() });
    await expectStatus(jobItem(page, "Batch job 25"), "open");
    await quotesSettled(page);
    const calls = countEngineCalls(page);
    await fund(jobItem(page, "Batch job 7"));
    await quotesSettled(page);
    await Bun.sleep(300);
    expect(calls.map((r) => new URL(r.url()).pathname).length).toBeLessThanOrEqual(3);
    await expectText(jobItem(page, "Batch job 3"), /payer credits 983 → 970/);
  });

  test("a create costs one request: the new job's fund is shown without asking (finding 6)", async () => {
    const page = await harness().open();
    const calls = countEngineCalls(page);
    const job = await createJob(page, { title: "Logo sketch", amount: 100 });
    await expectText(job, /Fund holds 100 credits in escrow: payer credits 1,000 → 900\. No fee\./);
    await Bun.sleep(300);
    expect(calls.map((r) => new URL(r.url()).pathname)).toEqual(["/api/v0/transition"]);
  });
});

/** A 429 rate_limited answer (D23) that asks to wait `seconds`. */
const rateLimited = (seconds: number) => ({
  status: 429,
  headers: { "content-type": "application/json", "retry-after": String(seconds) },
  body: JSON.stringify({
    ok: false,
    error: "rate_limited",
    message: "Too many requests from this client. Retry after the number of seconds in Retry-After.",
  }),
});

describe("the service's wait (finding 6)", () => {
  test("a refused action says it once, by its button, counting down; nothing is sent meanwhile", async () => {
    const page = await harness().open();
    const first = await walkTo(page, "submitted", { title: "Logo sketch" });
    const second = await walkTo(page, "submitted", { title: "Data cleanup" });
    await page.route("**/api/v0/transition", (route) => route.fulfill(rateLimited(9)));
    await button(first, "Release").click();
    await expectText(first, /Too many requests: try again in \d+ s\./);
    expect(await timesShown(page, "try again in")).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Release");
    const before = await secondsLeft(page);
    // The count ticks each second, at its own phase: within two seconds it has gone down.
    await Bun.sleep(2100);
    expect(await secondsLeft(page)).toBeLessThan(before);

    const calls = countEngineCalls(page);
    await button(second, "Release").click();
    await expectText(second, /Too many requests: try again in \d+ s\./);
    expect(await timesShown(page, "try again in")).toBe(1);
    expect(await timesShown(page, "Too many requests")).toBe(1);
    expect(calls).toEqual([]);
    await expectStatus(second, "submitted");
  });

  test("rate-limited quotes do not repeat the wait on every job", async () => {
    const page = await harness().open();
    const first = await walkTo(page, "submitted", { title: "Logo sketch" });
    await walkTo(page, "submitted", { title: "Data cleanup" });
    await page.route("**/api/v0/quote", (route) => route.fulfill(rateLimited(9)));
    // A new demo key asks every quote again.
    await button(page, "Mint demo key").click();
    await expectText(first, /Release: not quoted yet; asked again after the service's wait\./);
    expect(await timesShown(page, "Too many requests")).toBe(0);
    await button(first, "Release").click();
    expect(await timesShown(page, "try again in")).toBe(1);
  });
});

describe("the console (finding 19)", () => {
  test("an ordinary walk, a fund the balance cannot cover included, logs no error", async () => {
    const page = await (await harness().newContext()).newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/");
    const big = await createJob(page, { title: "Too big", amount: 5000 });
    await expectText(big, /Fund is not possible now: Need 5,000 credits/);
    const job = await walkTo(page, "submitted", { title: "Logo sketch", amount: 100 });
    await release(job);
    await Bun.sleep(300);
    expect(errors).toEqual([]);
  });
});
