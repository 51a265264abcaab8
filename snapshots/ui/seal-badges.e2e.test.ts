/**
 * The web UI's seal and signature badges (D27) in Chromium against the live service,
 * which seals by default: a funded job handed off through an h1. link is "Sealed by this
 * service" in a second browser, as the service answers the page's validate, before and after
 * import; a released receipt is "Signed by this service", also after its job went to a worker's
 * page and back through links; a changed link is caught; a link without its seal or signature is
 * "Not sealed" / "Not signed", and an unsigned receipt says the service did not vouch for it;
 * links and a pack made before HS256 seals open, their seals and signatures "Not sealed" / "Not
 * signed" as an older version's; and with no answer or no JWKS the badge says the check could
 * not be made. Every test opens fresh contexts.
 */
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { useHarness } from "../../scripts/harness/browser.ts";
import { expectText } from "../../scripts/harness/page-waits.ts";
import { importPack, release, submitProof, walkTo } from "../../scripts/harness/ui-actions.ts";
import { copyLink, decodeToken, encodeToken, openLink } from "../../scripts/harness/ui-links.ts";
import { button, expectStatus, jobItem, receiptItem, region } from "../../scripts/harness/ui-names.ts";
import { THEIR_UNSEALED } from "../../site/src/client/hand-back-gate.ts";
import { SEAL_MEANINGS } from "../../site/src/client/seal-badge.ts";
import { OLDER_HANDOFF, OLDER_PACK, OLDER_RECEIPT } from "../client/older-seals.ts";

const harness = useHarness("ui/seal-badges.e2e");

/** The badge with exactly `text` in `scope`, once it shows, and the sentence beside it. */
async function expectBadge(scope: Locator, text: string, sentence?: string): Promise<void> {
  const badge = scope.getByText(text, { exact: true });
  await badge.waitFor();
  if (sentence) await badge.locator("xpath=..").getByText(sentence, { exact: true }).waitFor();
}

/** A page whose requests for `path` are answered 404, as by a service without it. */
async function without(path: string): Promise<Page> {
  const page = await harness().open();
  await page.route(`**${path}`, (route) => route.fulfill({ status: 404, body: "Not found" }));
  return page;
}

describe("the seal badge of a handed-off job", () => {
  test("a funded job handed off through an h1. link is Sealed by this service in a second page", async () => {
    const sender = await harness().open();
    const sent = await walkTo(sender, "funded", { title: "Market scan", amount: 120 });
    const { link, token } = await copyLink(sender, sent, "handoff");
    expect(typeof decodeToken(token).job.se).toBe("string");

    const receiver = await harness().open();
    const asked = receiver.waitForRequest((request) => request.url().endsWith("/api/v0/validate"));
    await openLink(receiver, link);
    const shared = region(receiver, "Shared job");
    await expectBadge(shared, "Sealed by this service", SEAL_MEANINGS.seal.valid);
    const body = (await asked).postDataJSON();
    expect([body.action, body.job.seal]).toEqual(["submit", decodeToken(token).job.se]);
    await button(shared, "Import job").click();
    await expectBadge(jobItem(receiver, "Market scan"), "Sealed by this service");
  });

  test("a handoff link whose amount was changed shows Seal does not match", async () => {
    const sender = await harness().open();
    const { token, link } = await copyLink(
      sender,
      await walkTo(sender, "funded", { title: "Logo sketch", amount: 100 }),
      "handoff",
    );
    const payload = decodeToken(token);
    const forged = link.replace(token, encodeToken("h1.", { ...payload, job: { ...payload.job, a: 10 } }));
    const receiver = await harness().open();
    await openLink(receiver, forged);
    await expectBadge(region(receiver, "Shared job"), "Seal does not match");
  });

  test("a handoff link without its seal shows Not sealed, and says the service did not seal it", async () => {
    const sender = await harness().open();
    const { token, link } = await copyLink(
      sender,
      await walkTo(sender, "open", { title: "Data cleanup", amount: 80 }),
      "handoff",
    );
    const { se: _, ...job } = decodeToken(token).job;
    const receiver = await harness().open();
    await openLink(receiver, link.replace(token, encodeToken("h1.", { ...decodeToken(token), job })));
    await expectBadge(region(receiver, "Shared job"), "Not sealed", SEAL_MEANINGS.seal.missing);
  });

  test("a handoff link edited to 5,000 credits with its seal deleted is warned as a changed one is (issue 41, finding 4)", async () => {
    const sender = await harness().open();
    const { token, link } = await copyLink(
      sender,
      await walkTo(sender, "funded", { title: "Deleted seal", amount: 100 }),
      "handoff",
    );
    const { se: _, ...job } = decodeToken(token).job;
    const receiver = await harness().open();
    await openLink(
      receiver,
      link.replace(token, encodeToken("h1.", { ...decodeToken(token), job: { ...job, a: 5000 } })),
    );
    const shared = region(receiver, "Shared job");
    await expectBadge(shared, "Not sealed");
    await expectText(shared, THEIR_UNSEALED);
    expect(await button(shared, "Import job").isDisabled()).toBe(true);
    await button(shared, "Import anyway").click();
    await expectStatus(jobItem(receiver, "Deleted seal"), "funded");
  });

  test("with no answer from the service, a sealed job says Could not check the seal", async () => {
    const sender = await harness().open();
    const { link } = await copyLink(sender, await walkTo(sender, "funded", { title: "Tag audit" }), "handoff");
    const receiver = await without("/api/v0/validate");
    await openLink(receiver, link);
    await expectBadge(region(receiver, "Shared job"), "Could not check the seal");
  });
});

describe("the signature badge of a receipt", () => {
  test("a released receipt is Signed by this service, here and through its receipt link", async () => {
    const sender = await harness().open();
    await walkTo(sender, "released", { title: "Unit tests", amount: 100 });
    const receipt = receiptItem(sender, "Unit tests");
    await expectBadge(receipt, "Signed by this service", SEAL_MEANINGS.signature.valid);
    const { link } = await copyLink(sender, receipt, "receipt");

    const receiver = await harness().open();
    await openLink(receiver, link);
    const shared = region(receiver, "Shared receipt");
    await expectBadge(shared, "Signed by this service");
    await button(shared, "Import receipt").click();
    await expectBadge(receiptItem(receiver, "Unit tests"), "Signed by this service");
  });

  test("a job handed to a worker's page and back keeps its seal: the payer's receipt is Signed by this service", async () => {
    const payer = await harness().open();
    const { link } = await copyLink(payer, await walkTo(payer, "funded", { title: "Hand-off", amount: 70 }), "handoff");
    const worker = await harness().open();
    await openLink(worker, link);
    await button(region(worker, "Shared job"), "Import job").click();
    const received = jobItem(worker, "Hand-off");
    await submitProof(received);
    await expectStatus(received, "submitted");
    const { link: back } = await copyLink(worker, received, "handback");
    await openLink(payer, back);
    const shared = region(payer, "Shared job");
    await expectBadge(shared, "Sealed by this service");
    await button(shared, "Import job").click();
    const job = jobItem(payer, "Hand-off");
    await release(job);
    await expectBadge(receiptItem(payer, "Hand-off"), "Signed by this service");
  });

  test("a receipt link whose fee was changed shows Signature does not match", async () => {
    const sender = await harness().open();
    await walkTo(sender, "disputed", { title: "Blog draft", amount: 40 });
    const { link, token } = await copyLink(sender, receiptItem(sender, "Blog draft"), "receipt");
    const receiver = await harness().open();
    await openLink(receiver, link.replace(token, encodeToken("r1.", { ...decodeToken(token), f: 7 })));
    await expectBadge(region(receiver, "Shared receipt"), "Signature does not match");
  });

  test("a receipt without a signature says plainly that the service did not vouch for it", async () => {
    const sender = await harness().open();
    await walkTo(sender, "released", { title: "Copy edit", amount: 30 });
    const { link, token } = await copyLink(sender, receiptItem(sender, "Copy edit"), "receipt");
    const { sg: _, ...unsigned } = decodeToken(token);
    const receiver = await harness().open();
    await openLink(receiver, link.replace(token, encodeToken("r1.", unsigned)));
    await expectBadge(region(receiver, "Shared receipt"), "Not signed", SEAL_MEANINGS.signature.missing);
  });

  test("with no JWKS to be had, a signed receipt says Could not check the signature and the page works on", async () => {
    const page = await without("/.well-known/jwks.json");
    const item = await walkTo(page, "released", { title: "Layout delta", amount: 60 });
    await expectBadge(receiptItem(page, "Layout delta"), "Could not check the signature");
    await expectStatus(item, "released");
  });
});

describe("links and packs from before HS256 seals", () => {
  test("an older handoff link opens: Not sealed, sealed by an older version of the service", async () => {
    const page = await harness().open();
    await openLink(page, `${harness().baseURL}/#handoff/${OLDER_HANDOFF}`);
    await expectBadge(region(page, "Shared job"), "Not sealed", SEAL_MEANINGS.seal.older);
  });

  test("an older receipt link opens: Not signed, signed by an older version of the service", async () => {
    const page = await harness().open();
    await openLink(page, `${harness().baseURL}/#receipt/${OLDER_RECEIPT}`);
    await expectBadge(region(page, "Shared receipt"), "Not signed", SEAL_MEANINGS.signature.older);
  });

  test("an older pack imports; its receipt is Not signed as an older version's, and its jobs go on", async () => {
    const page = await harness().open();
    await importPack(page, { name: "older.json", text: JSON.stringify(OLDER_PACK) });
    await expectBadge(receiptItem(page, "Second"), "Not signed", SEAL_MEANINGS.signature.older);
    const job = jobItem(page, "Summarise a paper");
    await submitProof(job);
    await expectStatus(job, "submitted");
  });
});
