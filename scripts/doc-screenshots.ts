/**
 * `bun run screenshots:docs`: the small, cropped PNGs docs/web-ui.md shows, into docs/web-ui/
 * (committed). Each is one element of the page (a card, a job, the Shared panel; the phone's
 * viewport for the balance strip) in the light scheme with reduced motion at a device scale of 1,
 * named for the state it shows. Like `bun run screenshots` it builds the site, serves it with the
 * real api/bun/server.ts and drives Debian's Chromium (scripts/harness/browser.ts), reaching each
 * state through the page as the browser suites in snapshots/ui/ do. A page error, an unexpected
 * dialog or an error message the picture does not mean to show stops the script.
 * snapshots/docs/images.test.ts holds docs/web-ui.md and docs/web-ui/ to each other.
 */
import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContextOptions, Locator, Page } from "playwright-core";
import { type Harness, startHarness } from "./harness/browser.ts";
import { expectText, poll } from "./harness/page-waits.ts";
import { createJob, exportPack, fillJobForm, fund, submitProof, walkTo } from "./harness/ui-actions.ts";
import { copyLink, decodeToken, encodeToken, openLink } from "./harness/ui-links.ts";
import { alertsIn, button, field, jobItem, region } from "./harness/ui-names.ts";

const OUT = join(import.meta.dir, "..", "docs", "web-ui");
const LOOK = { colorScheme: "light", reducedMotion: "reduce", deviceScaleFactor: 1 } as const;
const DESKTOP: BrowserContextOptions = { ...LOOK, viewport: { width: 1280, height: 900 } };
const PHONE: BrowserContextOptions = { ...LOOK, viewport: { width: 390, height: 844 } };

/** Takes the focus off (no focus ring in a picture) and waits two frames, so what the last action drew is painted. */
const painted = (page: Page) =>
  page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });

/** Fails when the page shows an error message other than the `expected` ones. */
async function noStrayAlerts(page: Page, expected: RegExp[] = []): Promise<void> {
  const shown = (await alertsIn(page).allInnerTexts()).filter((text) => !expected.some((e) => e.test(text)));
  if (shown.length > 0) throw new Error(`the page shows an error it should not:\n${shown.join("\n")}`);
}

/** Writes docs/web-ui/`name`.png of `target` (an element, or the whole viewport of a page). */
async function shoot(name: string, target: Locator | Page, expectedAlerts: RegExp[] = []): Promise<void> {
  const page = "page" in target ? target.page() : target;
  await noStrayAlerts(page, expectedAlerts);
  await painted(page);
  const path = join(OUT, `${name}.png`);
  await target.screenshot({ path, animations: "disabled", caret: "hide" });
  console.log(`${path} ${(statSync(path).size / 1024).toFixed(1)} KB`);
}

/** The payer's Shared panel for a hand-back whose criteria the worker rewrote (finding 1). */
async function handBackRefused(harness: Harness): Promise<void> {
  const payer = await harness.open("/", DESKTOP);
  const job = await walkTo(payer, "funded", {
    title: "Contract audit",
    amount: 120,
    criteria: "Full audit of all 12 functions",
  });
  const { link, token } = await copyLink(payer, job, "handoff");
  const worker = await harness.open("/", DESKTOP);
  const payload = decodeToken(token);
  const rewritten = { ...payload, job: { ...payload.job, c: "Any comment on one function" } };
  await openLink(worker, link.replace(token, encodeToken("h1.", rewritten)));
  await button(region(worker, "Shared job"), "Import anyway").click();
  await submitProof(jobItem(worker, "Contract audit"));
  const { link: back } = await copyLink(worker, jobItem(worker, "Contract audit"), "handback");
  await openLink(payer, back);
  const panel = region(payer, "Shared job");
  await expectText(panel.getByRole("list", { name: "Differences" }), "Criteria differ");
  if (!(await button(panel, "Import job").isDisabled())) throw new Error("Import job is not disabled");
  await shoot("hand-back-refused", panel, [/cannot be imported\. Nothing changed\.$/]);
}

/** An own funded job whose hold ended before proof (finding 2). */
async function holdEndedBeforeProof(harness: Harness): Promise<void> {
  const page = await harness.open("/", DESKTOP);
  const item = await createJob(page, { title: "Quick hold", amount: 100 });
  await field(item, "Hold seconds").fill("1");
  await fund(item);
  await Bun.sleep(1_500);
  await expectText(item.locator(".state-line"), /^The hold ended before proof\./);
  await button(item, "Submit proof").waitFor();
  await shoot("hold-ended-before-proof", item);
}

/** A submitted job after Dispute: the question, its reason, Confirm dispute and Cancel (finding 16). */
async function disputeQuestion(harness: Harness): Promise<void> {
  const page = await harness.open("/", DESKTOP);
  const item = await walkTo(page, "submitted", { title: "Market scan", amount: 120 });
  await button(item, "Dispute").click();
  await field(item, "Dispute reason").fill("The summary is missing");
  await button(item, "Confirm dispute").waitFor();
  await button(item, "Cancel").waitFor();
  await shoot("dispute-question", item);
}

/** The New job form with an amount typed: what release will pay (finding 11). */
async function feeLine(harness: Harness): Promise<void> {
  const page = await harness.open("/", DESKTOP);
  await fillJobForm(page, { title: "Logo sketch", amount: 100 });
  await expectText(page.locator("#fee-line"), "On release: fee 5, agent receives 95");
  await page.getByRole("heading", { name: "New job" }).click();
  await shoot("fee-line", region(page, "New job"));
}

/** The Demo pack card refusing a pack whose payer credits were inflated (finding 7). */
async function packRefused(harness: Harness): Promise<void> {
  const page = await harness.open("/", DESKTOP);
  await walkTo(page, "funded", { title: "Logo sketch", amount: 100 });
  const { pack } = await exportPack(page);
  const edited = JSON.stringify({ ...pack, payer_credits: pack.payer_credits + 1_000_452 });
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), button(page, "Import demo pack").click()]);
  await chooser.setFiles({ name: "pack.json", mimeType: "application/json", buffer: Buffer.from(edited, "utf8") });
  const card = region(page, "Demo pack");
  await expectText(alertsIn(card).first(), "add up");
  if ((await page.getByRole("dialog").count()) > 0) throw new Error("the edited pack was asked about");
  await shoot("pack-refused", card, [/add up/]);
}

/** At 390 px, acting on a job far from the Balances card: the strip stays at the top (finding 17). */
async function phoneBalanceStrip(harness: Harness): Promise<void> {
  const page = await harness.open("/", PHONE);
  await walkTo(page, "funded", { title: "Data cleanup", amount: 60 });
  const item = await walkTo(page, "funded", { title: "Logo sketch", amount: 100 });
  await button(item, "Submit proof").scrollIntoViewIfNeeded();
  const strip = page.locator("#balance-strip");
  await expectText(strip, "Payer 840", "Escrow 160");
  // The job's title just below the strip, as a person scrolls to it.
  const below = await strip.evaluate((s) => s.getBoundingClientRect().bottom);
  await item.evaluate((el, gap) => window.scrollBy(0, el.getBoundingClientRect().top - gap), below + 12);
  await poll(
    () => strip.evaluate((s) => s.getBoundingClientRect().top),
    (top) => top === 0,
    (top) => `the balance strip is at ${top} px, not at the top`,
  );
  await shoot("phone-balance-strip", page);
}

/** A job received through a handoff link, on the worker's page (findings 6, 12). */
async function receivedJob(harness: Harness): Promise<void> {
  const payer = await harness.open("/", DESKTOP);
  const job = await walkTo(payer, "funded", { title: "Market scan", amount: 120 });
  const { link } = await copyLink(payer, job, "handoff");
  const worker = await harness.open("/", DESKTOP);
  await openLink(worker, link);
  await button(region(worker, "Shared job"), "Import job").click();
  await region(worker, "Shared job").waitFor({ state: "hidden" });
  const item = jobItem(worker, "Market scan");
  await item.getByText("Sealed by this service", { exact: true }).waitFor();
  await expectText(item, "Your step (the agent)", /receive/);
  await shoot("received-job", item);
}

const STATES = [
  handBackRefused,
  holdEndedBeforeProof,
  disputeQuestion,
  feeLine,
  packRefused,
  phoneBalanceStrip,
  receivedJob,
];

mkdirSync(OUT, { recursive: true });
const harness = await startHarness();
try {
  for (const state of STATES) {
    await state(harness);
    const errors = await harness.closeContexts();
    if (errors.length > 0) throw new Error(`${state.name}: the page misbehaved:\n${errors.join("\n")}`);
  }
} finally {
  await harness.stop();
}
