/**
 * Receipt links between pages, in Chromium against the live service (which seals and signs by
 * default): a receipt the service signed settles the job a page holds at an earlier step, shown
 * and counted as settled everywhere (issue 41, finding 2); a receipt whose signature does not
 * hold never shows a green badge, is imported only on Import anyway and settles nothing, and one
 * that contradicts a job held is refused (finding 3).
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { useHarness } from "../../scripts/harness/browser.ts";
import { expectNumber, expectText, valueOrText } from "../../scripts/harness/page-waits.ts";
import { release, submitProof, walkTo } from "../../scripts/harness/ui-actions.ts";
import { copyLink, decodeToken, encodeToken, openLink } from "../../scripts/harness/ui-links.ts";
import {
  button,
  expectNewestActivity,
  expectStatus,
  field,
  jobItem,
  receiptItem,
  region,
  wallet,
} from "../../scripts/harness/ui-names.ts";

const harness = useHarness("ui/receipt-links.e2e");

/** A job of 120 credits a payer funded, handed to a worker who submitted and handed it back, and released: the pages, the worker's copy and the receipt link. */
async function releasedElsewhere(title: string) {
  const payer = await harness().open();
  const funded = await walkTo(payer, "funded", { title, amount: 120 });
  const fundedState = await payer.evaluate(() => localStorage.getItem("agent-escrow-demo:state"));
  const { link } = await copyLink(payer, funded, "handoff");
  const worker = await harness().open();
  await openLink(worker, link);
  await button(region(worker, "Shared job"), "Import job").click();
  await submitProof(jobItem(worker, title));
  const { link: back } = await copyLink(worker, jobItem(worker, title), "handback");
  await openLink(payer, back);
  await button(region(payer, "Shared job"), "Import job").click();
  await release(jobItem(payer, title));
  const { link: receipt } = await copyLink(payer, receiptItem(payer, title), "receipt");
  return { payer, worker, fundedState: fundedState!, receipt };
}

/** Opens `receipt` in `page` and imports it once its signature is found to hold. */
async function importSignedReceipt(page: Page, receipt: string): Promise<void> {
  await openLink(page, receipt);
  const shared = region(page, "Shared receipt");
  await shared.getByText("Signed by this service", { exact: true }).waitFor();
  await button(shared, "Import receipt").click();
}

describe("a receipt the service signed, of a job held at an earlier step (issue 41, finding 2)", () => {
  test("settles the worker's received, submitted copy: shown, counted and filtered as settled", async () => {
    const { worker, receipt } = await releasedElsewhere("Market scan");
    const job = jobItem(worker, "Market scan");
    await expectText(worker.locator("#balances-received"), /with 120 credits in escrow/);
    await importSignedReceipt(worker, receipt);
    await expectStatus(job, "released");
    const text = await expectText(job, /Released by its payer: you \(the agent\) were paid 114 \(fee 6\)/);
    expect(text).not.toMatch(/On release by its payer|you receive 114|not yet/);
    await expectText(worker.locator("#balances-received"), /it holds no credits in escrow now/);
    await expectText(wallet(worker), /^0$/);
    await worker.getByLabel("Show jobs", { exact: true }).selectOption("settled");
    await expectText(job, "Market scan");
    await expectNewestActivity(worker, "import");
  });

  test("settles the payer's own funded copy: 114 to the agent wallet, the fee of 6 in Fees paid", async () => {
    const { payer, fundedState, receipt } = await releasedElsewhere("Logo sketch");
    // The payer's other device holds the job as it was when funded.
    const copy = await harness().open();
    await copy.evaluate((state) => localStorage.setItem("agent-escrow-demo:state", state), fundedState);
    await copy.reload();
    await expectStatus(jobItem(copy, "Logo sketch"), "funded");
    await importSignedReceipt(copy, receipt);
    await expectStatus(jobItem(copy, "Logo sketch"), "released");
    for (const [label, figure] of [
      ["Payer credits", 880],
      ["In escrow", 0],
      ["Agent wallet", 114],
      ["Fees paid", 6],
    ] as const)
      await expectNumber(field(copy, label), figure);
    for (const label of ["Payer credits", "Agent wallet", "Fees paid"])
      expect(await valueOrText(field(copy, label))).toBe(await valueOrText(field(payer, label)));
  });
});

/** `link` (a receipt link) with `changes` made to its receipt's short keys (D19). */
function edited(link: string, changes: Record<string, unknown>): string {
  const token = link.slice(link.indexOf("r1."));
  return link.replace(token, encodeToken("r1.", { ...decodeToken(token), ...changes }));
}

describe("a receipt whose signature does not hold (issue 41, finding 3)", () => {
  test("edited to a job you do not hold (10,000, fee 500) shows no green badge and imports only on Import anyway", async () => {
    const sender = await harness().open();
    await walkTo(sender, "released", { title: "Logo sketch", amount: 100 });
    const { link } = await copyLink(sender, receiptItem(sender, "Logo sketch"), "receipt");
    const page = await harness().open();
    await openLink(page, edited(link, { a: 10_000, f: 500, ap: 9500 }));
    const shared = region(page, "Shared receipt");
    await shared.getByText("Signature does not match", { exact: true }).waitFor();
    await expectText(shared, "Figures right", "the receipt is not as the service signed it");
    expect(await shared.getByText("✓ Valid").count()).toBe(0);
    expect(await button(shared, "Import receipt").isDisabled()).toBe(true);
    await button(shared, "Import anyway").click();
    await receiptItem(page, "Logo sketch").getByText("Signature does not match", { exact: true }).waitFor();
  });

  test("imported anyway onto a job you hold settles nothing, and the job says so", async () => {
    const { worker, receipt } = await releasedElsewhere("Survey");
    await openLink(worker, edited(receipt, { rn: "Paid twice" }));
    const shared = region(worker, "Shared receipt");
    await shared.getByText("Signature does not match", { exact: true }).waitFor();
    await expectText(shared, 'It does not settle the job "Survey" held here (submitted)');
    await button(shared, "Import anyway").click();
    const job = jobItem(worker, "Survey");
    await expectText(job, /A receipt says this job was released on .*, but it did not settle this copy/);
    await expectStatus(job, "submitted");
    await expectText(worker.locator("#balances-received"), /with 120 credits in escrow/);
  });

  test("with an edited fee (1, payout 119) on a job you hold is refused and settles nothing", async () => {
    const { worker, receipt } = await releasedElsewhere("Audit");
    await openLink(worker, edited(receipt, { f: 1, ap: 119 }));
    const shared = region(worker, "Shared receipt");
    await expectText(shared, "✗ Mismatch", "the fee rule gives fee 6 and agent payout 114 on 120 credits");
    await shared.getByText("Signature does not match", { exact: true }).waitFor();
    expect(await button(shared, "Import receipt").isDisabled()).toBe(true);
    expect(await button(shared, "Import anyway").count()).toBe(0);
    await button(shared, "Dismiss").click();
    await expectStatus(jobItem(worker, "Audit"), "submitted");
    expect(await jobItem(worker, "Audit").innerText()).not.toMatch(/fee 1\b|agent got 119/);
  });

  test("that contradicts a settled job you hold does not replace its receipt", async () => {
    const { payer, receipt } = await releasedElsewhere("Settled audit");
    await openLink(payer, edited(receipt, { f: 1, ap: 119 }));
    const shared = region(payer, "Shared receipt");
    await expectText(shared, "Nothing changed.");
    expect(await button(shared, "Import receipt").isDisabled()).toBe(true);
    expect(await button(shared, "Import anyway").count()).toBe(0);
    await expectNumber(field(receiptItem(payer, "Settled audit"), "Fee"), 6);
  });
});
