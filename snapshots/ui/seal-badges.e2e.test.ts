/**
 * The web UI's seal and signature badges (issue 25, D27) in Chromium against the live service,
 * which seals by default: a funded job handed off through an h1. link is "Sealed by this service"
 * in a second browser, before and after import; a released receipt is "Signed by this service";
 * a changed link is caught; a link without its seal or signature is "Not sealed" / "Not signed";
 * and with no JWKS the badge says the check could not be made. Every test opens fresh contexts.
 */
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { useHarness } from "../../scripts/harness/browser.ts";
import { copyLink, decodeToken, encodeToken, openLink, walkTo } from "../../scripts/harness/ui-actions.ts";
import { button, expectStatus, jobItem, receiptItem, region } from "../../scripts/harness/ui-names.ts";

const harness = useHarness("ui/seal-badges.e2e");

/** The badge with exactly `text` in `scope`, once it shows. */
async function expectBadge(scope: Locator, text: string): Promise<void> {
  await scope.getByText(text, { exact: true }).waitFor();
}

/** A page whose requests for the JWKS are answered 404, as by a service that publishes none. */
async function withoutJwks(): Promise<Page> {
  const page = await harness().open();
  await page.route("**/.well-known/jwks.json", (route) => route.fulfill({ status: 404, body: "Not found" }));
  return page;
}

describe("the seal badge of a handed-off job", () => {
  test("a funded job handed off through an h1. link is Sealed by this service in a second page", async () => {
    const sender = await harness().open();
    const sent = await walkTo(sender, "funded", { title: "Market scan", amount: 120 });
    const { link, token } = await copyLink(sender, sent, "handoff");
    expect(typeof decodeToken(token).job.se).toBe("string");

    const receiver = await harness().open();
    await openLink(receiver, link);
    const shared = region(receiver, "Shared job");
    await expectBadge(shared, "Sealed by this service");
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

  test("a handoff link without its seal shows Not sealed", async () => {
    const sender = await harness().open();
    const { token, link } = await copyLink(
      sender,
      await walkTo(sender, "open", { title: "Data cleanup", amount: 80 }),
      "handoff",
    );
    const { se: _, ...job } = decodeToken(token).job;
    const receiver = await harness().open();
    await openLink(receiver, link.replace(token, encodeToken("h1.", { ...decodeToken(token), job })));
    await expectBadge(region(receiver, "Shared job"), "Not sealed");
  });
});

describe("the signature badge of a receipt", () => {
  test("a released receipt is Signed by this service, here and through its receipt link", async () => {
    const sender = await harness().open();
    await walkTo(sender, "released", { title: "Unit tests", amount: 100 });
    const receipt = receiptItem(sender, "Unit tests");
    await expectBadge(receipt, "Signed by this service");
    const { link } = await copyLink(sender, receipt, "receipt");

    const receiver = await harness().open();
    await openLink(receiver, link);
    const shared = region(receiver, "Shared receipt");
    await expectBadge(shared, "Signed by this service");
    await button(shared, "Import receipt").click();
    await expectBadge(receiptItem(receiver, "Unit tests"), "Signed by this service");
  });

  test("a receipt link whose fee was changed shows Signature does not match", async () => {
    const sender = await harness().open();
    await walkTo(sender, "disputed", { title: "Blog draft", amount: 40 });
    const { link, token } = await copyLink(sender, receiptItem(sender, "Blog draft"), "receipt");
    const receiver = await harness().open();
    await openLink(receiver, link.replace(token, encodeToken("r1.", { ...decodeToken(token), f: 7 })));
    await expectBadge(region(receiver, "Shared receipt"), "Signature does not match");
  });

  test("with no JWKS to be had, a signed receipt says Could not check the signature and the page works on", async () => {
    const page = await withoutJwks();
    const item = await walkTo(page, "released", { title: "Layout delta", amount: 60 });
    await expectBadge(receiptItem(page, "Layout delta"), "Could not check the signature");
    await expectStatus(item, "released");
  });
});
