/**
 * End-to-end suite of the reference web UI at `/` (SETTLEMENT.md "What the client keeps", D19 tokens, D20 demo pack), driven in Chromium against the real server.
 * It reads the page only through its accessibility contract (ui-names.ts): role and label
 * locators, never CSS classes. Every test opens a fresh browser context, so it starts from
 * empty storage.
 */
import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { EscrowKeeper, localApi } from "../../client/index.ts";
import { useHarness } from "../../scripts/harness/browser.ts";
import { expectCount, expectNumber, expectText, poll, valueOrText } from "../../scripts/harness/page-waits.ts";
import {
  createJob,
  dispute,
  exportPack,
  fillJobForm,
  fund,
  importPack,
  mintDemoKey,
  recordEngineAuth,
  release,
  resetAll,
  scriptedPack,
  submitProof,
  walkTo,
} from "../../scripts/harness/ui-actions.ts";
import { copyLink, decodeToken, encodeToken, openLink } from "../../scripts/harness/ui-links.ts";
import {
  activityItems,
  activityKinds,
  alertsIn,
  button,
  demoKeyField,
  expectNewestActivity,
  expectStatus,
  field,
  jobItem,
  jobItems,
  PROOF_URL,
  payer,
  QUOTE,
  receiptItem,
  receiptItems,
  region,
  snapshot,
  wallet,
} from "../../scripts/harness/ui-names.ts";
import { own } from "../support/helpers.ts";

const harness = useHarness("ui/reference-ui.e2e");

/* ------------------------------------------------------------------------------------------ */
/* The tests.                                                                                 */
/* ------------------------------------------------------------------------------------------ */

describe("the harness", () => {
  test("serves the built site at / to Chromium", async () => {
    const page = await harness().open();
    expect(await page.title()).not.toBe("");
    const health = await page.request.get("/api/health.json");
    expect(health.status()).toBe(200);
  });
});

describe("the reference web UI", () => {
  test("shows every always-present control, the three regions and the starting balances", async () => {
    const page = await harness().open();
    const always = {
      ...Object.fromEntries(
        ["Create job", "Simulate", "Top up", "Export demo pack", "Import demo pack", "Mint demo key", "Reset"].map(
          (name) => [`button ${name}`, button(page, name)],
        ),
      ),
      ...Object.fromEntries(
        ["Title", "Amount", "Success criteria", "Top up amount", "Payer credits", "Agent wallet"].map((label) => [
          `label ${label}`,
          field(page, label),
        ]),
      ),
      ...Object.fromEntries(["Jobs", "Receipts", "Activity"].map((name) => [`region ${name}`, region(page, name)])),
    };
    const missing = (
      await Promise.all(
        Object.entries(always).map(([what, locator]) =>
          locator.waitFor({ state: "visible" }).then(
            () => null,
            () => what,
          ),
        ),
      )
    ).filter((what) => what !== null);
    expect(missing).toEqual([]);
    expect(await field(page, "Demo pack file").count()).toBe(1);
    expect(await field(page, "Top up amount").inputValue()).toBe("100");
    await expectNumber(payer(page), 1000);
    await expectNumber(wallet(page), 0);
  });

  test("walks create, fund, submit, release with the quote shown before each click", async () => {
    const page = await harness().open();
    await expectNumber(payer(page), 1000);
    await expectNumber(wallet(page), 0);

    const job = await createJob(page, { title: "Logo sketch", amount: 100 });
    await expectText(job, QUOTE.fund(100));
    await fund(job);
    await expectNumber(payer(page), 900);
    expect(await button(job, "Fund").count()).toBe(0);

    await submitProof(job);
    await expectText(job, ...QUOTE.release(5, 95), QUOTE.dispute(100));
    await release(job);
    await expectNumber(wallet(page), 95);
    await expectNumber(payer(page), 900);
    expect(await button(job, "Release").count()).toBe(0);
    expect(await button(job, "Dispute").count()).toBe(0);

    const receipt = receiptItem(page, "Logo sketch");
    await expectNumber(field(receipt, "Fee"), 5);
    await expectNumber(field(receipt, "Agent payout"), 95);
    await expectNumber(field(receipt, "Returned to payer"), 0);
    expect(await expectNewestActivity(page, "release", "submit", "fund", "create")).toHaveLength(4);
  });

  test("walks create, fund, submit, dispute and returns the whole amount to the payer", async () => {
    const page = await harness().open();
    const job = await walkTo(page, "submitted", { title: "Data cleanup", amount: 100 });
    await expectNumber(payer(page), 900);
    await expectText(job, QUOTE.dispute(100));
    await dispute(job, "The charts are missing");

    await expectNumber(payer(page), 1000);
    await expectNumber(wallet(page), 0);
    const receipt = receiptItem(page, "Data cleanup");
    await expectNumber(field(receipt, "Returned to payer"), 100);
    await expectNumber(field(receipt, "Fee"), 0);
    await expectNumber(field(receipt, "Agent payout"), 0);
    await expectNewestActivity(page, "dispute", "submit", "fund", "create");
  });

  test("shows an API error in an alert inside the item of the job whose action failed", async () => {
    const page = await harness().open();
    const big = await walkTo(page, "funded", { title: "Data cleanup", amount: 950 });
    await expectNumber(payer(page), 50);
    const small = await createJob(page, { title: "Blog draft", amount: 100 });

    await button(small, "Fund").click();
    await expectText(
      alertsIn(small).filter({ hasText: "Need 100 credits" }).first(),
      "Need 100 credits to fund. Payer credits are 50.",
    );
    await expectStatus(small, "open");
    expect(await small.innerText()).not.toMatch(/\bfunded\b/i);
    expect(await alertsIn(big).filter({ hasText: "Need 100 credits" }).count()).toBe(0);
    await expectNumber(payer(page), 50);
    expect(await expectNewestActivity(page, "create", "fund", "create")).toHaveLength(3);
  });

  test("round-trips a job through its handoff link into an empty browser, where the walk goes on", async () => {
    const sender = await harness().open();
    const sent = await walkTo(sender, "funded", { title: "Market scan", amount: 120 });
    const { link, token } = await copyLink(sender, sent, "handoff");
    const payload = decodeToken(token);
    expect(payload.v).toBe(1);
    expect(payload.job).toMatchObject({ t: "Market scan", a: 120, s: "funded" });
    expect(payload.job.id).toMatch(/^as_[0-9a-f]{10}$/);
    expect(JSON.stringify(payload)).not.toMatch(/credits|key/i);

    const receiver = await harness().open();
    await createJob(receiver, { title: "Unit tests" });
    await openLink(receiver, link);
    const shared = region(receiver, "Shared job");
    await expectText(shared, "Market scan", /\bfunded\b/i);
    await button(shared, "Import job").click();
    const imported = jobItem(receiver, "Market scan");
    await expectStatus(imported, "funded");
    await expectText(jobItems(receiver).first(), "Market scan");
    await expectNewestActivity(receiver, "import");

    // The query form ?handoff=<token> opens the same job; importing it again changes nothing
    // and logs no second event (issue 41, finding 8).
    await openLink(receiver, `${harness().baseURL}/?handoff=${token}`);
    await expectText(region(receiver, "Shared job"), "Market scan", /\bfunded\b/i);
    await button(region(receiver, "Shared job"), "Import job").click();
    await expectText(receiver.locator("#page-status"), /^Already up to date: /);
    await expectNewestActivity(receiver, "import", "create");
    await expectCount(jobItem(receiver, "Market scan"), 1);
    await expectCount(jobItems(receiver), 2);

    await submitProof(imported);
    await expectNumber(payer(receiver), 1000);
  });

  test("round-trips a receipt through its receipt link, and both copies verify as valid", async () => {
    const sender = await harness().open();
    await walkTo(sender, "released", { title: "Unit tests", amount: 100 });
    const receipt = receiptItem(sender, "Unit tests");
    const { link, token } = await copyLink(sender, receipt, "receipt");
    expect(decodeToken(token)).toMatchObject({
      v: 1,
      t: "Unit tests",
      s: "released",
      a: 100,
      f: 5,
      ap: 95,
      rp: 0,
      p: PROOF_URL,
    });

    await button(receipt, "Verify receipt").click();
    const verdict = await expectText(receipt, /\bvalid\b/i);
    expect(verdict).not.toMatch(/mismatch|invalid/i);
    await expectNewestActivity(sender, "verify");

    const receiver = await harness().open();
    await openLink(receiver, link);
    const shared = region(receiver, "Shared receipt");
    await expectText(shared, "Unit tests");
    await button(shared, "Import receipt").click();
    const imported = receiptItem(receiver, "Unit tests");
    await expectNumber(field(imported, "Fee"), 5);
    await expectNumber(field(imported, "Agent payout"), 95);
    await expectNumber(field(imported, "Returned to payer"), 0);
    await button(imported, "Verify receipt").click();
    expect(await expectText(imported, /\bvalid\b/i)).not.toMatch(/mismatch|invalid/i);

    await openLink(receiver, `${harness().baseURL}/?receipt=${token}`);
    await expectText(region(receiver, "Shared receipt"), "Unit tests");
  });

  test("exports a demo pack without the demo key, and importing it after a reset brings everything back", async () => {
    const page = await harness().open();
    const { key } = await mintDemoKey(page);
    await walkTo(page, "released", { title: "Logo sketch", amount: 100 });
    await createJob(page, { title: "Blog draft", amount: 40 });
    await field(page, "Top up amount").fill("25");
    await button(page, "Top up").click();
    await expectNumber(payer(page), 925);

    const { path, text, pack } = await exportPack(page);
    expect(pack).toMatchObject({ format: "agent-escrow-demo-pack", version: 1, payer_credits: 925, agent_credits: 95 });
    expect(pack.jobs).toHaveLength(2);
    expect(pack.receipts).toHaveLength(1);
    expect(Array.isArray(pack.activity)).toBe(true);
    expect(text).not.toContain(key);
    await expectNewestActivity(page, "export");

    await resetAll(page);
    await expectCount(jobItems(page), 0);
    await expectCount(receiptItems(page), 0);
    await expectNumber(payer(page), 1000);
    await expectNumber(wallet(page), 0);
    expect(await expectNewestActivity(page, "reset")).toEqual(["reset"]);
    await createJob(page, { title: "Unit tests" });

    // Import replaces everything: the job made after the reset is gone, nothing is merged.
    await importPack(page, path);
    await expectStatus(jobItem(page, "Logo sketch"), "released");
    await expectStatus(jobItem(page, "Blog draft"), "open");
    await expectCount(jobItems(page), 2);
    await expectCount(jobItem(page, "Unit tests"), 0);
    await expectNumber(field(receiptItem(page, "Logo sketch"), "Agent payout"), 95);
    await expectNumber(payer(page), 925);
    await expectNumber(wallet(page), 95);
    const kinds = await expectNewestActivity(page, "import");
    expect(kinds).not.toContain("reset");
    expect(kinds.length).toBe(Math.min(80, pack.activity.length + 1));
  });

  test("imports a demo pack a script made with the client library, and the pack it exports reads back in the library with the same jobs and balances", async () => {
    const { keeper, text } = await scriptedPack();
    expect(keeper.balances()).toEqual(own({ payerCredits: 860, inEscrow: 40, agentWallet: 95, feesPaid: 5 }));

    const page = await harness().open();
    await importPack(page, { name: "scripted-pack.json", text });
    await expectStatus(jobItem(page, "Script logo"), "released");
    await expectStatus(jobItem(page, "Script draft"), "funded");
    await expectCount(jobItems(page), 2);
    await expectNumber(field(receiptItem(page, "Script logo"), "Fee"), 5);
    await expectNumber(field(receiptItem(page, "Script logo"), "Agent payout"), 95);
    await expectNumber(payer(page), 860);
    await expectNumber(wallet(page), 95);
    await expectNewestActivity(page, "import", "export", "fund", "create", "release");

    const exported = await exportPack(page);
    const reader = new EscrowKeeper(localApi());
    expect(reader.importPack(exported.text)).toMatchObject({ ok: true });
    expect(reader.state.jobs).toEqual(keeper.state.jobs);
    expect(reader.state.receipts).toEqual(keeper.state.receipts);
    expect(reader.balances()).toEqual(keeper.balances());
    expect(reader.state.activity.slice(0, 4).map((event) => event.kind)).toEqual([
      "import",
      "export",
      "import",
      "export",
    ]);
  });

  test("refuses a bad demo pack file with an alert and changes nothing", async () => {
    const page = await harness().open();
    await createJob(page, { title: "Blog draft", amount: 40 });
    await field(page, "Top up amount").fill("25");
    await button(page, "Top up").click();
    await expectNumber(payer(page), 1025);
    const { pack } = await exportPack(page);
    const job = pack.jobs[0];

    const bad: [string, string][] = [
      ["not JSON", "{ this is not json"],
      ["of another format", JSON.stringify({ ...pack, format: "some-other-pack" })],
      ["of version 2", JSON.stringify({ ...pack, version: 2 })],
      ["holding a job with a bad status", JSON.stringify({ ...pack, jobs: [{ ...job, status: "paid" }] })],
    ];
    for (const [what, content] of bad) {
      await page.reload();
      const before = await snapshot(page);
      expect(await alertsIn(page).count(), "an alert was showing before the import").toBe(0);
      await importPack(page, { name: "pack.json", text: content }, { confirm: false });
      await alertsIn(page)
        .first()
        .waitFor()
        .catch(() => {
          throw new Error(`no alert after importing a pack ${what}`);
        });
      expect(await snapshot(page), `importing a pack ${what} changed the state`).toEqual(before);
    }
  });

  test("refuses bad share links with an alert and changes nothing", async () => {
    const page = await harness().open();
    const item = await walkTo(page, "funded", { title: "Market scan" });
    const { token } = await copyLink(page, item, "handoff");
    const body = token.slice(3);
    const badLinks = [
      "#handoff/h1.garbage",
      `#handoff/${token.slice(0, Math.floor(token.length / 2))}`,
      `#handoff/r1.${body}`,
      `#receipt/r1.${body}`,
      `#handoff/${encodeToken("h1.", { ...decodeToken(token), v: 2 })}`,
      `#handoff/${encodeToken("h1.", { v: 1, job: { t: "No id" } })}`,
      "?handoff=h1.%25%25%25",
      "?receipt=r1.garbage",
    ];
    await page.reload();
    const before = await snapshot(page);
    for (const suffix of badLinks) {
      await openLink(page, `${harness().baseURL}/${suffix}`);
      await alertsIn(page)
        .first()
        .waitFor()
        .catch(() => {
          throw new Error(`no alert for the share link ${suffix}`);
        });
      expect(await button(page, "Import job").count(), suffix).toBe(0);
      expect(await button(page, "Import receipt").count(), suffix).toBe(0);
      expect(await snapshot(page), `the share link ${suffix} changed the state`).toEqual(before);
    }
  });

  test("keeps jobs, balances and activity across a reload", async () => {
    const page = await harness().open();
    await walkTo(page, "funded", { title: "Data cleanup", amount: 100 });
    await createJob(page, { title: "Blog draft", amount: 40 });
    await field(page, "Top up amount").fill("50");
    await button(page, "Top up").click();
    await expectNumber(payer(page), 950);
    const before = await snapshot(page);

    await page.reload();
    await expectStatus(jobItem(page, "Data cleanup"), "funded");
    await expectStatus(jobItem(page, "Blog draft"), "open");
    expect(await snapshot(page)).toEqual(before);
  });

  test("sends the demo key as a Bearer header, stamps its key id on receipts, keeps it across a reload and removes it", async () => {
    const page = await harness().open();
    const { key, keyId } = await mintDemoKey(page);
    expect(keyId).toMatch(/^k_[0-9a-f]{12}$/);
    expect(keyId).toBe(`k_${createHash("sha256").update(key, "utf8").digest("hex").slice(0, 12)}`);

    const auth = recordEngineAuth(page);
    await walkTo(page, "released", { title: "Logo sketch" });
    expect(auth.length).toBeGreaterThan(0);
    expect(new Set(auth)).toEqual(new Set([`Bearer ${key}`]));
    await expectText(receiptItem(page, "Logo sketch"), keyId);

    await page.reload();
    expect((await valueOrText(demoKeyField(page))).trim()).toBe(key);
    expect((await valueOrText(field(page, "Key id"))).trim()).toBe(keyId);

    await button(page, "Remove demo key").click();
    const gone = async () =>
      (await demoKeyField(page).count()) === 0 || !(await valueOrText(demoKeyField(page))).includes(key);
    await poll(
      gone,
      (yes) => yes,
      () => "the demo key is still shown after Remove demo key",
    );
    await page.reload();
    await poll(
      gone,
      (yes) => yes,
      () => "the demo key came back after a reload",
    );
    const after = recordEngineAuth(page);
    await createJob(page, { title: "Blog draft" });
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((header) => header === undefined)).toBe(true);
  });

  test("recovers from corrupted storage with a notice and a fresh, usable state", async () => {
    const page = await harness().open();
    await createJob(page, { title: "Blog draft", amount: 40 });
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.length, "the UI stored nothing in localStorage").toBeGreaterThan(0);

    for (const garbage of ["{not json", JSON.stringify({ v: 1, jobs: "nope", payer_credits: -5, activity: 7 })]) {
      await page.evaluate((value) => {
        for (const key of Object.keys(localStorage)) localStorage.setItem(key, value);
      }, garbage);
      await page.reload();
      const notice = page
        .getByRole("alert")
        .or(page.getByRole("status"))
        .filter({ hasText: /\b(storage|stored|saved)\b/i });
      await notice
        .first()
        .waitFor()
        .catch(() => {
          throw new Error(`no alert or status mentioning the storage after storing ${garbage}`);
        });
      await expectNumber(payer(page), 1000);
      await expectNumber(wallet(page), 0);
      await expectCount(jobItems(page), 0);
      await createJob(page, { title: "Unit tests" });
      await fund(jobItem(page, "Unit tests"));
      await expectNumber(payer(page), 900);
    }
  });

  test("keeps at most 80 activity events, newest first", async () => {
    const page = await harness().open();
    await walkTo(page, "released", { title: "Blog draft" });
    // A dispatched click skips Playwright's actionability wait, slow over 77 clicks;
    // the UI takes each one, as verify has no busy state.
    const verify = button(receiptItem(page, "Blog draft"), "Verify receipt");
    for (let i = 0; i < 77; i++) await verify.dispatchEvent("click");
    await expectNewestActivity(page, ...Array<string>(77).fill("verify"));

    // 4 walk events + 77 verifies = 81: the oldest (create) is dropped.
    const expected = [...Array<string>(77).fill("verify"), "release", "submit", "fund"];
    await expectCount(activityItems(page), 80);
    expect(await activityKinds(page)).toEqual(expected);
    await page.reload();
    await expectCount(activityItems(page), 80);
    expect(await activityKinds(page)).toEqual(expected);
  });

  test("renders a title full of markup as text and runs none of it", async () => {
    const title = "<img src=x onerror=window.__pwned=1>";
    const criteria = '"><svg onload=window.__pwned=2>';
    const page = await harness().open();
    const item = await walkTo(page, "released", { title, criteria });
    await expectText(item, title);
    await expectText(receiptItem(page, title), title);
    const { link } = await copyLink(page, item, "handoff");

    const receiver = await harness().open();
    await openLink(receiver, link);
    await expectText(region(receiver, "Shared job"), title);
    for (const p of [page, receiver]) {
      await p.waitForTimeout(300);
      expect(await p.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await p.locator("img[src='x'], svg[onload]").count()).toBe(0);
    }
  });

  test("fits 360, 390 and 1280 px wide viewports without horizontal scrolling, with a job in each status", async () => {
    const page = await harness().open("/", { viewport: { width: 390, height: 844 } });
    await walkTo(page, "open", { title: "Layout alpha" });
    await walkTo(page, "funded", { title: "Layout beta" });
    await walkTo(page, "submitted", { title: "Layout gamma", proofUrl: `https://example.com/${"a".repeat(200)}` });
    const released = await walkTo(page, "released", { title: "Layout delta" });
    await walkTo(page, "disputed", { title: "W".repeat(80), criteria: "x".repeat(300) });
    await copyLink(page, released, "handoff");
    await copyLink(page, receiptItem(page, "Layout delta"), "receipt");
    await fillJobForm(page, { title: "Layout epsilon" });
    await button(page, "Simulate").click();
    await region(page, "Simulation").waitFor();

    for (const width of [360, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const { scrollWidth, clientWidth, wide } = await page.evaluate(() => {
        const root = document.documentElement;
        const wide = [...document.body.querySelectorAll("*")]
          .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5)
          .slice(0, 5)
          .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}"> ${(el.textContent ?? "").slice(0, 40)}`);
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
      });
      expect(
        scrollWidth,
        `at ${width} px the page scrolls sideways; too wide: ${wide.join(" | ")}`,
      ).toBeLessThanOrEqual(clientWidth);
    }
  });

  test("simulates the whole walk without touching balances, jobs or receipts", async () => {
    const page = await harness().open();
    await fillJobForm(page, { title: "Market scan", amount: 100 });
    await button(page, "Simulate").click();
    const simulation = region(page, "Simulation");
    const text = await expectText(
      simulation,
      /\bcreate\b/i,
      /\bfund\b/i,
      /\bsubmit\b/i,
      /\brelease\b/i,
      /\b5\b/,
      /\b95\b/,
    );
    const order = ["create", "fund", "submit", "release"].map((step) => text.search(new RegExp(`\\b${step}\\b`, "i")));
    expect(order).toEqual([...order].sort((a, b) => a - b));

    await expectNumber(payer(page), 1000);
    await expectNumber(wallet(page), 0);
    expect(await jobItems(page).count()).toBe(0);
    expect(await receiptItems(page).count()).toBe(0);
    expect(await expectNewestActivity(page, "simulate")).toEqual(["simulate"]);
  });

  test("tops up payer credits by the amount given, with no fee", async () => {
    const page = await harness().open();
    await button(page, "Top up").click();
    await expectNumber(payer(page), 1100);
    await field(page, "Top up amount").fill("250");
    await button(page, "Top up").click();
    await expectNumber(payer(page), 1350);
    await expectNumber(wallet(page), 0);
  });
});
