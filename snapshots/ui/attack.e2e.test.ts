/**
 * The reference UI under attack, in Chromium: every string a pack, a handoff link, a receipt
 * link or saved storage can carry holds script and HTML payloads, and the page must show them
 * as text and run none of them. The hostile jobs and receipts are made by the real engine, so
 * they are exactly what the service would accept back. Bad input of each kind leaves the state
 * as it was.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { useHarness } from "../../scripts/harness/browser.ts";
import { replaceEverything } from "../../scripts/harness/ui-actions.ts";
import { type DemoState, freshState, toPack, withActivity } from "../../shared/client-state/pack.ts";
import { encodeHandoff, encodeReceipt, type JobRecord } from "../../shared/client-state/share-links.ts";
import { base64UrlEncode } from "../../shared/client-state/tokens.ts";
import { CREATE, call, ok } from "../support/helpers.ts";

/** Each payload sets window.__pwned if it ever runs. The title one fits in 80 characters. */
const TITLE = `<img src=x onerror="window.__pwned='title'">`;
const LONG = `</li><script>window.__pwned='script'</script><svg onload="window.__pwned='svg'"><a href="javascript:window.__pwned='href'">x</a>"'>`;
const SHORT = `<b onmouseover="window.__pwned='ref'">ref</b>`;
const PROOF = "javascript:window.__pwned='proof'";
const CALLBACK = `https://example.com/"><img/src=x/onerror=window.__pwned='cb'>`;

/** A state holding hostile text in every field: an open, a released and a disputed job, their receipts, and events. */
function hostileState(): { state: DemoState; released: JobRecord; receipt: Record<string, any> } {
  const created = ok(
    call("transition", {
      action: "create",
      ...CREATE,
      title: TITLE,
      criteria: LONG,
      client_ref: SHORT,
      callback_url: CALLBACK,
    }),
  ).job;
  const funded = ok(call("transition", { action: "fund", job: created, payer_credits: 1000 })).job;
  const submitted = ok(call("transition", { action: "submit", job: funded, proof_url: PROOF, proof_note: LONG })).job;
  const released = ok(
    call("transition", { action: "release", job: submitted, release_note: LONG }, { Authorization: "Bearer k" }),
  );
  const disputed = ok(
    call("transition", { action: "dispute", job: { ...submitted, id: "as_00000000d1" }, dispute_reason: LONG }),
  );
  const open = { ...created, id: "as_00000000c1" };
  let state: DemoState = {
    ...freshState(),
    // The pack must add up: the start less the wallet and the released job's fee.
    payerCredits: 1000 - 95 - released.job.fee,
    agentCredits: 95,
    jobs: [open, released.job, disputed.job],
    receipts: [released.receipt, disputed.receipt],
  };
  state = withActivity(state, { kind: "create", at: "2026-01-01T00:00:00.000Z", text: LONG });
  return { state, released: released.job, receipt: released.receipt };
}

const harness = useHarness("ui/attack.e2e");
const dir = mkdtempSync(join(tmpdir(), "escrow-attack-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Nothing ran: no flag, no injected element, no event-handler attribute, no script link; hovering
 * and clicking every item changes that neither. The page's own pictures (a settled job's money
 * flow, the balance history) are SVGs with role="img" that draw numbers and fixed names only.
 */
async function expectInert(page: Page): Promise<void> {
  for (const item of await page.getByRole("listitem").all()) await item.hover().catch(() => {});
  expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
  expect(await page.locator('img, svg:not([role="img"]), script:not([type]):not([src]), b[onmouseover]').count()).toBe(
    0,
  );
  const handlers = await page.evaluate(() =>
    [...document.querySelectorAll("*")].flatMap((el) =>
      [...el.attributes].filter((a) => a.name.startsWith("on")).map((a) => `<${el.tagName} ${a.name}>`),
    ),
  );
  expect(handlers).toEqual([]);
  const drawn = await page.evaluate(() =>
    [...document.querySelectorAll('svg[role="img"] text')].map((t) => t.textContent ?? ""),
  );
  for (const text of drawn) expect(text).not.toMatch(/[<>]/);
  expect(await page.locator('a[href^="javascript" i], a[href^="data:" i]').count()).toBe(0);
}

const jobsRegion = (page: Page) => page.getByRole("region", { name: "Jobs", exact: true });

/** Imports `text` as a pack file; `confirm` answers the question a readable pack asks first. */
async function importFile(page: Page, text: string, confirm = true): Promise<void> {
  const file = join(dir, `pack-${Math.random().toString(16).slice(2)}.json`);
  writeFileSync(file, text);
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Import demo pack", exact: true }).click();
  await (await chooser).setFiles(file);
  if (confirm) await replaceEverything(page);
}

describe("hostile content renders as text", () => {
  test("a demo pack with payloads in every string field imports and shows them literally", async () => {
    const page = await harness().open("/");
    await importFile(page, JSON.stringify(toPack(hostileState().state)));
    await page.getByText(TITLE, { exact: true }).first().waitFor();
    const jobItems = jobsRegion(page)
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: "Copy handoff link", exact: true }) });
    expect(await jobItems.count()).toBe(3);
    const text = (await page.locator("body").textContent()) ?? "";
    for (const payload of [TITLE, LONG, PROOF]) expect(text).toContain(payload);
    // Open every receipt's field list, where client_ref, callback_url and the notes show.
    for (const summary of await page.getByText("Every field").all()) await summary.click();
    const opened = (await page.locator("body").textContent()) ?? "";
    for (const payload of [SHORT, CALLBACK]) expect(opened).toContain(payload);
    await expectInert(page);
  });

  test("saved storage with payloads renders as text after a reload", async () => {
    const page = await harness().open("/");
    await page.evaluate(
      (pack) => localStorage.setItem("agent-escrow-demo:state", pack),
      JSON.stringify(toPack(hostileState().state)),
    );
    await page.reload();
    await page.getByText(TITLE, { exact: true }).first().waitFor();
    await expectInert(page);
  });

  test("a handoff link carrying a hostile job shows it as text, and importing it runs nothing", async () => {
    const { released } = hostileState();
    const page = await harness().open(`/#handoff/${encodeHandoff(released)}`);
    const shared = page.getByRole("region", { name: "Shared job", exact: true });
    await shared.getByText(TITLE, { exact: true }).waitFor();
    await expectInert(page);
    // A released job that carries no seal is taken only on the deliberate second button.
    await shared.getByRole("button", { name: "Import anyway", exact: true }).click();
    await jobsRegion(page).getByText(TITLE, { exact: true }).waitFor();
    await expectInert(page);
  });

  test("a receipt link carrying a hostile receipt shows it as text, and importing it runs nothing", async () => {
    const { receipt } = hostileState();
    const page = await harness().open(`/?receipt=${encodeReceipt(receipt as any)}`);
    const shared = page.getByRole("region", { name: "Shared receipt", exact: true });
    await shared.getByText(TITLE, { exact: true }).waitFor();
    // An unsigned receipt is taken only on the deliberate second button.
    await shared.getByRole("button", { name: "Import anyway", exact: true }).click();
    await page.getByRole("region", { name: "Receipts", exact: true }).getByText(TITLE, { exact: true }).waitFor();
    await expectInert(page);
  });
});

describe("bad input leaves the state as it was", () => {
  /** A page holding one job, and the saved record it started from. */
  async function pageWithOneJob(): Promise<{ page: Page; before: string }> {
    const page = await harness().open("/");
    await page.getByLabel("Title", { exact: true }).fill("Keep me");
    await page.getByLabel("Amount", { exact: true }).fill("10");
    await page.getByLabel("Success criteria", { exact: true }).fill("Unchanged");
    await page.getByRole("button", { name: "Create job", exact: true }).click();
    await jobsRegion(page).getByText("Keep me").waitFor();
    return { page, before: (await page.evaluate(() => localStorage.getItem("agent-escrow-demo:state")))! };
  }

  async function expectUnchanged(page: Page, before: string): Promise<void> {
    await page.getByRole("alert").filter({ hasText: /\S/ }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem("agent-escrow-demo:state"))).toBe(before);
    await jobsRegion(page).getByText("Keep me").waitFor();
    await expectInert(page);
  }

  const pack = () => toPack(hostileState().state) as Record<string, any>;
  test.each([
    ["a pack whose version is a payload", () => JSON.stringify({ ...pack(), version: TITLE })],
    ["a pack of the wrong shape", () => JSON.stringify({ ...pack(), jobs: "<script>window.__pwned=1</script>" })],
    [
      "a pack with one bad receipt among good jobs",
      () => JSON.stringify({ ...pack(), receipts: [{ ...pack().receipts[0], release_fee: "<b>5</b>" }] }),
    ],
    ["a truncated pack", () => JSON.stringify(pack()).slice(0, 500)],
  ])("%s is refused with a message", async (_name, text) => {
    const { page, before } = await pageWithOneJob();
    await importFile(page, text(), false);
    await expectUnchanged(page, before);
  });

  test.each([
    ["a truncated handoff token", () => `#handoff/${encodeHandoff(hostileState().released).slice(0, 60)}`],
    [
      "a handoff token whose job is a payload string",
      () => `#handoff/h1.${base64UrlEncode(JSON.stringify({ v: 1, job: TITLE }))}`,
    ],
    [
      "a receipt token with an HTML fee",
      () =>
        `#receipt/r1.${base64UrlEncode(JSON.stringify({ v: 1, j: "as_0000000001", s: "released", a: 1, f: "<i>0</i>", ap: 1, rp: 0 }))}`,
    ],
    ["markup instead of a token", () => `?handoff=${encodeURIComponent(TITLE)}`],
  ])("%s is refused with a message", async (_name, link) => {
    const { page, before } = await pageWithOneJob();
    await page.goto(`/${link()}`);
    await expectUnchanged(page, before);
  });
});
