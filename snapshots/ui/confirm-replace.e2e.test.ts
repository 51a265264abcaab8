/**
 * Reset and Import demo pack ask first: each opens a modal dialog named by
 * its heading that says what would be lost (jobs, receipts, credits), with focus on Cancel;
 * Cancel and Escape change nothing and give the focus back to the button; "Replace everything"
 * (by mouse or keyboard) does the replacing. A pack that does not read is refused before any
 * question.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { useHarness } from "../../scripts/harness/browser.ts";
import { expectCount, expectNumber, expectText } from "../../scripts/harness/page-waits.ts";
import { exportPack, scriptedPack, walkTo } from "../../scripts/harness/ui-actions.ts";
import {
  alertsIn,
  button,
  expectNewestActivity,
  jobItem,
  jobItems,
  payer,
  snapshot,
} from "../../scripts/harness/ui-names.ts";

const harness = useHarness("ui/confirm-replace.e2e");

/** The open modal dialog, whatever its name. */
const dialogOf = (page: Page) => page.getByRole("dialog");

/** A page holding a released job with its receipt and an open one, so there is something to lose. */
async function pageWithWork(): Promise<Page> {
  const page = await harness().open();
  await walkTo(page, "released", { title: "Logo sketch", amount: 100 });
  await walkTo(page, "open", { title: "Blog draft", amount: 40 });
  return page;
}

/** Chooses a pack file after clicking "Import demo pack" (without answering any question). */
async function chooseFile(page: Page, text: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), button(page, "Import demo pack").click()]);
  await chooser.setFiles({ name: "pack.json", mimeType: "application/json", buffer: Buffer.from(text, "utf8") });
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

describe("Reset", () => {
  test("asks in a modal dialog that says what will be lost, with focus on Cancel", async () => {
    const page = await pageWithWork();
    await button(page, "Reset").click();
    const dialog = dialogOf(page);
    await dialog.waitFor();
    expect(await page.getByRole("dialog", { name: "Reset everything?" }).count()).toBe(1);
    expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open && d.matches(":modal"))).toBe(true);
    await expectText(dialog, "2 jobs", "1 receipt", "900 payer credits", "95 in the agent wallet");
    expect(await focusedName(page)).toBe("Cancel");
    expect(await button(dialog, "Replace everything").count()).toBe(1);
  });

  test("Cancel changes nothing and gives the focus back to Reset", async () => {
    const page = await pageWithWork();
    const before = await snapshot(page);
    await button(page, "Reset").click();
    await button(dialogOf(page), "Cancel").click();
    await dialogOf(page).waitFor({ state: "hidden" });
    expect(await snapshot(page)).toEqual(before);
    expect(await focusedName(page)).toBe("Reset");
  });

  test("Escape cancels too, by keyboard alone", async () => {
    const page = await pageWithWork();
    const before = await snapshot(page);
    await button(page, "Reset").focus();
    await page.keyboard.press("Enter");
    await dialogOf(page).waitFor();
    await page.keyboard.press("Escape");
    await dialogOf(page).waitFor({ state: "hidden" });
    expect(await snapshot(page)).toEqual(before);
    expect(await focusedName(page)).toBe("Reset");
  });

  test("Replace everything, chosen by keyboard, starts over", async () => {
    const page = await pageWithWork();
    await button(page, "Reset").focus();
    await page.keyboard.press("Enter");
    await dialogOf(page).waitFor();
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("Replace everything");
    await page.keyboard.press("Enter");
    await dialogOf(page).waitFor({ state: "hidden" });
    await expectCount(jobItems(page), 0);
    await expectNumber(payer(page), 1000);
    expect(await expectNewestActivity(page, "reset")).toEqual(["reset"]);
    expect(await focusedName(page)).toBe("Reset");
  });
});

describe("Import demo pack", () => {
  test("asks, naming what the pack brings and what will be lost; Cancel changes nothing", async () => {
    const { text } = await scriptedPack();
    const page = await pageWithWork();
    const before = await snapshot(page);
    await chooseFile(page, text);
    const dialog = page.getByRole("dialog", { name: "Import this demo pack?" });
    await expectText(dialog, "pack.json", "2 jobs", "1 receipt", "860 payer credits", "900 payer credits");
    expect(await focusedName(page)).toBe("Cancel");
    await button(dialog, "Cancel").click();
    await dialog.waitFor({ state: "hidden" });
    expect(await snapshot(page)).toEqual(before);
    expect(await focusedName(page)).toBe("Import demo pack");
  });

  test("Replace everything imports the pack", async () => {
    const page = await pageWithWork();
    const { text } = await exportPack(page);
    await walkTo(page, "open", { title: "Unit tests", amount: 10 });
    await chooseFile(page, text);
    await button(dialogOf(page), "Replace everything").click();
    await expectCount(jobItem(page, "Unit tests"), 0);
    await expectCount(jobItems(page), 2);
    await expectNewestActivity(page, "import", "export");
  });

  test("a pack that does not read is refused without a question", async () => {
    const page = await pageWithWork();
    const before = await snapshot(page);
    await chooseFile(page, "{ not json");
    await alertsIn(page).first().waitFor();
    expect(await dialogOf(page).count()).toBe(0);
    expect(await snapshot(page)).toEqual(before);
  });
});

describe("a demo pack whose own jobs were rewritten (issue 41, finding 5)", () => {
  /** A page holding one job of 300 credits walked to `to`, and its exported pack. */
  async function exported(to: "released" | "disputed") {
    const page = await harness().open();
    await walkTo(page, to, { title: "Data cleanup", amount: 300 });
    const { pack } = await exportPack(page);
    return { page, pack, job: pack.jobs[0], receipt: pack.receipts[0] };
  }

  test("a released job set to fee 0 and payout 300, the agent wallet raised to match, is refused before any question", async () => {
    const { page, pack, job } = await exported("released");
    const before = await snapshot(page);
    Object.assign(job, { fee: 0, agentPayout: 300 });
    pack.agent_credits += 15;
    await chooseFile(page, JSON.stringify(pack));
    await expectText(alertsIn(page).first(), "released with fee 0 and agent payout 300", "the fee rule gives fee 15");
    expect(await dialogOf(page).count()).toBe(0);
    expect(await snapshot(page)).toEqual(before);
  });

  test("a disputed job's amount changed from 300 to 3,000 is refused: it is not as its receipt says", async () => {
    const { page, pack, job } = await exported("disputed");
    job.amount = 3000;
    await chooseFile(page, JSON.stringify(pack));
    await expectText(alertsIn(page).first(), "is not as its receipt says");
    expect(await dialogOf(page).count()).toBe(0);
  });

  test("a disputed job changed with its receipt to match is named in the question, which asks for Import anyway", async () => {
    const { page, pack, job, receipt } = await exported("disputed");
    Object.assign(job, { amount: 3000 });
    Object.assign(receipt, { amount: 3000, returned_to_payer: 3000 });
    const before = await snapshot(page);
    const asked: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/api/v0/")) asked.push(path);
    });
    await chooseFile(page, JSON.stringify(pack));
    const dialog = page.getByRole("dialog", { name: "Import this demo pack?" });
    await expectText(dialog, `The service says the seal of 1 job does not hold: "Data cleanup" (${job.id})`);
    expect(asked).toEqual(["/api/v0/verify"]);
    expect(await button(dialog, "Replace everything").count()).toBe(0);
    await button(dialog, "Cancel").click();
    await dialog.waitFor({ state: "hidden" });
    expect(await snapshot(page)).toEqual(before);
    await chooseFile(page, JSON.stringify(pack));
    await button(dialogOf(page), "Import anyway").click();
    await expectText(jobItem(page, "Data cleanup"), "3,000 credits");
  });

  test("a pack with no sealed job asks nothing of the service, and the question is Replace everything", async () => {
    const { text } = await scriptedPack();
    const page = await pageWithWork();
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/v0/")) asked.push(request.url());
    });
    await chooseFile(page, text);
    await button(dialogOf(page), "Replace everything").waitFor();
    expect(asked).toEqual([]);
  });
});
