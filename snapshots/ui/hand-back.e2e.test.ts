/**
 * Hand-backs at their edges in Chromium against the live service,
 * which seals by default, with two browsers: a payer and a worker. A worker who rewrites the
 * criteria inside the handoff link sees the seal fail and must choose "Import anyway"; the
 * warning stays on their job after a reload; their hand-back is refused on the payer's page,
 * Import job disabled and the differences listed, and the payer's criteria stay. A clean
 * hand-back imports the proof. A copied link goes when its job moves on; a received job's link
 * is the "Hand-back link"; opening a link clears the last status message; the same hand-back
 * imported again changes nothing. Receipt links are receipt-links.e2e.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { useHarness } from "../../scripts/harness/browser.ts";
import { expectText } from "../../scripts/harness/page-waits.ts";
import { submitProof, walkTo } from "../../scripts/harness/ui-actions.ts";
import { copyLink, decodeToken, encodeToken, openLink } from "../../scripts/harness/ui-links.ts";
import {
  activityItems,
  button,
  expectStatus,
  field,
  jobItem,
  PROOF_URL,
  region,
} from "../../scripts/harness/ui-names.ts";

const harness = useHarness("ui/hand-back.e2e");

const CRITERIA = "Full audit of all 12 functions";
const REWRITTEN = "Any comment on one function";

describe("a hand-back that rewrites the payer's terms", () => {
  test("is refused on the payer's page with the differences listed; a clean one imports the proof", async () => {
    const payer = await harness().open();
    const job = await walkTo(payer, "funded", { title: "Contract audit", amount: 120, criteria: CRITERIA });
    const { link, token } = await copyLink(payer, job, "handoff");

    // The worker rewrites the criteria inside the link: the service says the seal does not hold.
    const worker = await harness().open();
    const payload = decodeToken(token);
    await openLink(
      worker,
      link.replace(token, encodeToken("h1.", { ...payload, job: { ...payload.job, c: REWRITTEN } })),
    );
    const shared = region(worker, "Shared job");
    await shared.getByText("Seal does not match", { exact: true }).waitFor();
    await expectText(shared, /changed after the service sealed it, or another service sealed it/);
    expect(await button(shared, "Import job").isDisabled()).toBe(true);
    await button(shared, "Import anyway").click();
    const received = jobItem(worker, "Contract audit");
    await received.getByText("Seal does not match", { exact: true }).waitFor();
    // The warning survives a reload: the seal is asked again and the item shows it.
    await worker.reload();
    await jobItem(worker, "Contract audit").getByText("Seal does not match", { exact: true }).waitFor();
    await submitProof(jobItem(worker, "Contract audit"));
    const { link: back, token: backToken } = await copyLink(worker, jobItem(worker, "Contract audit"), "handback");
    expect(decodeToken(backToken).job.c).toBe(REWRITTEN);

    await openLink(payer, back);
    const panel = region(payer, "Shared job");
    const differences = panel.getByRole("list", { name: "Differences" });
    await expectText(differences, `Criteria differ: yours “${CRITERIA}”, the link's “${REWRITTEN}”`);
    await expectText(differences, /Seal: your copy left sealed by the service and this one comes back without a seal/);
    expect(await button(panel, "Import job").isDisabled()).toBe(true);
    await expectText(jobItem(payer, "Contract audit"), CRITERIA);
    await expectStatus(jobItem(payer, "Contract audit"), "funded");

    // A clean hand-back of the same job by another worker imports its proof.
    const other = await harness().open();
    await openLink(other, link);
    await button(region(other, "Shared job"), "Import job").click();
    await submitProof(jobItem(other, "Contract audit"));
    const { link: clean } = await copyLink(other, jobItem(other, "Contract audit"), "handback");
    await openLink(payer, clean);
    const cleanPanel = region(payer, "Shared job");
    await cleanPanel.getByText("Sealed by this service", { exact: true }).waitFor();
    await button(cleanPanel, "Import job").click();
    const mine = jobItem(payer, "Contract audit");
    await expectStatus(mine, "submitted");
    await expectText(mine, PROOF_URL);
    await expectText(mine, CRITERIA);
  });
});

describe("a copied link", () => {
  test("goes when its job moves on; a received job's link is the Hand-back link; opening a link clears the status line", async () => {
    const payer = await harness().open();
    const job = await walkTo(payer, "funded", { title: "Stale link", amount: 50 });
    const { link } = await copyLink(payer, job, "handoff");
    await submitProof(job);
    await field(job, "Handoff link").waitFor({ state: "detached" });

    const worker = await harness().open();
    await openLink(worker, link);
    await button(region(worker, "Shared job"), "Import job").click();
    const received = jobItem(worker, "Stale link");
    await copyLink(worker, received, "handback");
    expect(await field(received, "Handoff link").count()).toBe(0);
    await worker
      .getByRole("status")
      .filter({ hasText: /Hand-back link copied/ })
      .waitFor();
    await field(worker, "Paste a handoff or receipt link").fill(link);
    await button(worker, "Open link").click();
    await region(worker, "Shared job").waitFor();
    expect(
      await worker
        .getByRole("status")
        .filter({ hasText: /link copied/ })
        .count(),
    ).toBe(0);
  });
});

describe("a link imported a second time (issue 41, finding 8)", () => {
  test("the same hand-back changes nothing, adds no activity entry and says Already up to date", async () => {
    const payer = await harness().open();
    const job = await walkTo(payer, "funded", { title: "Twice", amount: 80 });
    const { link } = await copyLink(payer, job, "handoff");
    const worker = await harness().open();
    await openLink(worker, link);
    await button(region(worker, "Shared job"), "Import job").click();
    await submitProof(jobItem(worker, "Twice"));
    const { link: back } = await copyLink(worker, jobItem(worker, "Twice"), "handback");
    await openLink(payer, back);
    await button(region(payer, "Shared job"), "Import job").click();
    await expectStatus(jobItem(payer, "Twice"), "submitted");
    const before = await activityItems(payer).count();

    await openLink(payer, back);
    await button(region(payer, "Shared job"), "Import job").click();
    await expectText(payer.locator("#page-status"), /^Already up to date: /);
    expect(await activityItems(payer).count()).toBe(before);
    await expectStatus(jobItem(payer, "Twice"), "submitted");
  });
});
