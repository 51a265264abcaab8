/**
 * The job items at their edges, in Chromium against the real server: an ended hold
 * says what is still possible (finding 2), a received job's figures are told from its agent's
 * side (6), the fee shows before proof (11), each control says whose step it is (12), Proof URL
 * says what it takes and is checked before the call (15), Dispute asks first and each action's
 * fields submit on Enter (16), long criteria fold and the title counter says what it counts
 * (18), and jobs can be removed from this browser and filtered by status (21).
 */
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { EscrowKeeper, localApi } from "../../client/index.ts";
import { useHarness } from "../../scripts/harness/browser.ts";
import { expectNumber, expectText, poll } from "../../scripts/harness/page-waits.ts";
import {
  createJob,
  dispute,
  fillJobForm,
  fund,
  importPack,
  submitProof,
  succeeded,
  walkTo,
} from "../../scripts/harness/ui-actions.ts";
import { copyLink } from "../../scripts/harness/ui-links.ts";
import {
  button,
  CRITERIA,
  expectStatus,
  field,
  jobItem,
  jobItems,
  PROOF_URL,
  payer,
  receiptItem,
  region,
  wallet,
} from "../../scripts/harness/ui-names.ts";

const harness = useHarness("ui/job-item.e2e");

/** The texts of the elements that describe `locator` (aria-describedby), joined. */
const description = (locator: Locator) =>
  locator.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );

/** Counts the engine's transition requests the page sends from now on. */
function countTransitions(page: Page): () => number {
  let n = 0;
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/v0/transition") n++;
  });
  return () => n;
}

describe("finding 2: a hold that ended before proof", () => {
  test("says the agent can still submit and that only Dispute follows; the credits come back by it", async () => {
    const page = await harness().open();
    const item = await createJob(page, { title: "Quick hold", amount: 100 });
    await field(item, "Hold seconds").fill("2");
    await fund(item);
    await expectText(
      item.locator(".state-line"),
      /^The hold ended before proof\. The agent can still submit proof; after that only Dispute is possible, and it returns all 100 credits to you\. Release is no longer possible\.$/,
    );
    expect(await item.innerText()).not.toMatch(/dispute (is still|stays) allowed/i);
    await submitProof(item);
    await dispute(item);
    await expectNumber(payer(page), 1000);
  });
});

describe("finding 6: a received job's figures, from its agent's side", () => {
  test("a released job handed back says the pay is counted in the payer's page, not beside this Agent wallet", async () => {
    const payerKeeper = new EscrowKeeper(localApi());
    const id = succeeded(await payerKeeper.create({ title: "Paid elsewhere", amount: 200, criteria: CRITERIA })).job.id;
    succeeded(await payerKeeper.fund(id));
    succeeded(await payerKeeper.submit(id, { proof_url: PROOF_URL }));
    succeeded(await payerKeeper.release(id));
    const worker = new EscrowKeeper(localApi());
    const link = payerKeeper.handoffLink(id);
    if (!link.ok) throw new Error(link.message);
    expect(worker.importLink(link.link).ok).toBe(true);
    const page = await harness().open();
    await importPack(page, { name: "worker.json", text: worker.exportPack() });
    const item = jobItem(page, "Paid elsewhere");
    await expectText(
      item,
      "Released by its payer: you (the agent) were paid 190 (fee 10) in the payer's page; this page's Agent wallet does not change.",
    );
    expect(await item.innerText()).not.toContain("agent got");
    await expectNumber(wallet(page), 0);
  });
});

describe("issue 41, finding 12: an unfunded job handed to its agent", () => {
  test("says it waits for its payer to fund it and that there is nothing to do yet, never that proof can go in", async () => {
    const sender = await harness().open();
    const { link } = await copyLink(sender, await createJob(sender, { title: "Not yet funded" }), "handoff");
    const page = await harness().open(link);
    const shared = region(page, "Shared job");
    await expectText(shared, /waits for its payer to fund it/);
    expect(await shared.innerText()).not.toMatch(/submit proof/i);
    await button(shared, "Import job").click();
    const item = jobItem(page, "Not yet funded");
    await expectText(
      item.locator(".state-line"),
      "Open: it waits for its payer to fund it; nothing for you to do yet.",
    );
    expect(await button(item, "Submit proof").count()).toBe(0);
    expect(await item.innerText()).not.toMatch(/submit proof/i);
  });
});

describe("issue 41, finding 13: a Verify result", () => {
  test("is still shown after a reload, as the Activity's verify event is", async () => {
    const page = await harness().open();
    await walkTo(page, "released", { title: "Logo sketch" });
    await walkTo(page, "disputed", { title: "Data cleanup" });
    const receipt = receiptItem(page, "Logo sketch");
    await button(receipt, "Verify receipt").click();
    const said = await expectText(receipt.locator(".verdict"), /^✓ Valid Verified: valid\./);
    await page.reload();
    await expectText(receiptItem(page, "Logo sketch").locator(".verdict"), said);
    // A receipt never verified still says so.
    await expectText(receiptItem(page, "Data cleanup").locator(".verdict"), /^Not verified yet/);
  });
});

describe("finding 11: the fee before proof", () => {
  test("the create form and a funded job say what release will pay", async () => {
    const page = await harness().open();
    await fillJobForm(page, { title: "Fee shown", amount: 100 });
    expect(await description(field(page, "Amount"))).toContain("On release: fee 5, agent receives 95.");
    await field(page, "Amount").fill("250");
    expect(await description(field(page, "Amount"))).toContain("On release: fee 13, agent receives 237.");
    await field(page, "Amount").fill("100");
    const item = await createJob(page, { title: "Fee shown", amount: 100 });
    await fund(item);
    await expectText(item, "On release: fee 5, agent receives 95.");
  });
});

describe("finding 12: whose step each control is", () => {
  test("your own job labels Fund and Release as yours and Submit proof as the agent's", async () => {
    const page = await harness().open();
    const item = await createJob(page, { title: "Both sides" });
    await expectText(item, "Your step (the payer)");
    await fund(item);
    await expectText(item, "Agent's step (you are testing both sides here)");
    await submitProof(item);
    await expectText(item, "Your step (the payer)");
  });
});

describe("finding 15: what Proof URL takes", () => {
  test("its hint says any text is taken; a blank one is refused by the input before any call", async () => {
    const page = await harness().open();
    const item = await walkTo(page, "funded", { title: "Blank proof" });
    const proof = field(item, "Proof URL");
    expect(await description(proof)).toContain("the service accepts any text");
    expect(await description(field(page, "Callback URL"))).toContain("https://");
    const sent = countTransitions(page);
    await proof.fill("   ");
    await button(item, "Submit proof").click();
    await poll(
      () => description(proof),
      (text) => text.includes("Proof URL is required"),
      (text) => `Proof URL is described by ${JSON.stringify(text)}`,
    );
    expect(await proof.getAttribute("aria-invalid")).toBe("true");
    expect(sent()).toBe(0);
    await proof.fill("see the attached file");
    await proof.press("Enter");
    await expectStatus(item, "submitted");
  });
});

describe("finding 16: Release and Dispute", () => {
  test("Dispute asks first, with its reason only; Cancel goes back; Enter in Release note releases", async () => {
    const page = await harness().open();
    const item = await walkTo(page, "submitted", { title: "Two actions" });
    expect(await field(item, "Dispute reason").count()).toBe(0);
    await button(item, "Dispute").click();
    const reason = field(item, "Dispute reason");
    await poll(
      () => reason.evaluate((el) => el === document.activeElement),
      (focused) => focused,
      () => "Dispute reason did not get the focus",
    );
    expect(await field(item, "Release note").count()).toBe(0);
    await button(item, "Cancel").click();
    await field(item, "Release note").fill("Thanks");
    await field(item, "Release note").press("Enter");
    await expectStatus(item, "released");
    await expectNumber(wallet(page), 95);
  });

  test("Enter in Dispute reason disputes", async () => {
    const page = await harness().open();
    const item = await walkTo(page, "submitted", { title: "Keyed dispute" });
    await button(item, "Dispute").click();
    await field(item, "Dispute reason").fill("Charts missing");
    await field(item, "Dispute reason").press("Enter");
    await expectStatus(item, "disputed");
    await expectNumber(payer(page), 1000);
  });
});

describe("finding 18: long criteria and the title counter", () => {
  test("long criteria fold behind Show all; the card stays short", async () => {
    const page = await harness().open();
    const item = await createJob(page, {
      title: "Long audit",
      criteria: "Check every function and its tests. ".repeat(90),
    });
    const short = (await item.boundingBox())!.height;
    expect(short).toBeLessThan(900);
    const toggle = button(item, "Show all");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    await poll(
      () => toggle.getAttribute("aria-expanded"),
      (open) => open === "true",
      () => "Show all did not open",
    );
    expect((await item.boundingBox())!.height).toBeGreaterThan(short);
  });

  test("30 emoji read 90/80 characters, and the counter says why", async () => {
    const page = await harness().open();
    await field(page, "Title").fill("👩‍💻".repeat(30));
    expect(await description(field(page, "Title"))).toContain(
      "90/80 characters as the service counts them: an emoji can count as several",
    );
  });
});

describe("finding 21: removing jobs and filtering the list", () => {
  test("a disputed job is removed after a question, its receipt stays; a funded one says why it stays", async () => {
    const page = await harness().open();
    const gone = await walkTo(page, "disputed", { title: "Drop me" });
    const kept = await walkTo(page, "funded", { title: "Keep me" });
    expect(await button(kept, "Remove").count()).toBe(0);
    await expectText(kept, "Kept here: its 100 credits are in escrow until it is released or disputed.");
    await button(gone, "Remove").click();
    await button(gone, "Cancel").click();
    await button(gone, "Remove").click();
    await button(gone, "Remove job").click();
    await poll(
      () => jobItem(page, "Drop me").count(),
      (n) => n === 0,
      () => "the removed job is still listed",
    );
    await receiptItem(page, "Drop me").waitFor();
    await page.reload();
    await jobItem(page, "Keep me").waitFor();
    expect(await jobItem(page, "Drop me").count()).toBe(0);
  });

  test("Show jobs filters the list by status", async () => {
    const page = await harness().open();
    await createJob(page, { title: "Still open" });
    await walkTo(page, "funded", { title: "Now funded" });
    await walkTo(page, "released", { title: "All done" });
    const titles = () =>
      jobItems(page)
        .allInnerTexts()
        .then((t) => t.map((s) => s.split("\n")[0]).sort());
    const show = page.getByLabel("Show jobs", { exact: true });
    await show.selectOption("funded");
    await poll(
      titles,
      (t) => t.join() === "Now funded",
      (t) => `shown: ${t.join()}`,
    );
    await show.selectOption("settled");
    await poll(
      titles,
      (t) => t.join() === "All done",
      (t) => `shown: ${t.join()}`,
    );
    await show.selectOption("submitted");
    await poll(
      titles,
      (t) => t.length === 0,
      (t) => `shown: ${t.join()}`,
    );
    await expectText(page.locator("#jobs-empty"), /No submitted jobs/);
    await show.selectOption("all");
    await poll(
      titles,
      (t) => t.length === 3,
      (t) => `shown: ${t.join()}`,
    );
  });
});

describe("axe finds no violation in the new states", () => {
  const AXE = Bun.resolveSync("axe-core/axe.min.js", import.meta.dir);

  test.each(["light", "dark"] as const)(
    "Dispute's question, Remove's question, a refused Proof URL and clamped criteria at 360 px, %s",
    async (colorScheme) => {
      const page = await harness().open("/", {
        colorScheme,
        reducedMotion: "reduce",
        viewport: { width: 360, height: 800 },
      });
      const asked = await walkTo(page, "submitted", { title: "Asked", criteria: "Every chart, labelled. ".repeat(30) });
      await button(asked, "Dispute").click();
      const funded = await walkTo(page, "funded", { title: "Blank" });
      await button(funded, "Submit proof").click();
      await funded.locator("[aria-invalid=true]").waitFor();
      const gone = await walkTo(page, "disputed", { title: "Gone" });
      await button(gone, "Remove").click();
      await button(gone, "Remove job").waitFor();
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await page.addScriptTag({ path: AXE });
      const found = await page.evaluate(async () => {
        const result = await (window as any).axe.run(document, { resultTypes: ["violations"] });
        return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(" ")).join(", ")}`);
      });
      expect(found).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    },
  );
});
