/**
 * A refused job action in Chromium (issue 41, finding 1): the action's own form stays open, the
 * field the refusal names is marked invalid (aria-invalid, the error in its aria-describedby) and
 * has the focus, and no refusal moves the focus into another action's form, so a second Enter
 * never takes another action. Notes show their limit while typing, counted as the engine
 * counts (D1 code points, D2 after trimming). Escape closes the dispute question (finding 13).
 */
import { describe, expect, test } from "bun:test";
import type { Locator, Page, Request } from "playwright-core";
import { useHarness } from "../../scripts/harness/browser.ts";
import { expectText, waitForError } from "../../scripts/harness/page-waits.ts";
import { walkTo } from "../../scripts/harness/ui-actions.ts";
import { button, expectStatus, field } from "../../scripts/harness/ui-names.ts";
import { LIMITS } from "../../shared/protocol/constants.ts";

const harness = useHarness("ui/refusals.e2e");

const TOO_LONG = "x".repeat(LIMITS.noteMax + 1);

/** The focused element: its id and the action of the job form holding it. */
const focusOf = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { id: el?.id ?? "", form: el?.closest<HTMLElement>("form[data-job-form]")?.dataset.jobForm ?? "" };
  });

/** Waits until `control` is marked invalid with an error, and has the focus in the form of `action`. */
async function expectRefusedAt(control: Locator, action: string): Promise<string> {
  const text = await waitForError(control);
  const id = (await control.getAttribute("id")) ?? "";
  expect(await focusOf(control.page())).toEqual({ id, form: action });
  return text;
}

/** The engine requests (/api/v0/transition) the page sends from now on. */
function transitions(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/v0/transition") seen.push(request);
  });
  return seen;
}

describe("a refused action keeps its own form open, its field invalid and focused (finding 1)", () => {
  test("a dispute reason over 400 characters: the question stays, and Enter again releases nothing", async () => {
    const page = await harness().open();
    const job = await walkTo(page, "submitted", { title: "Logo sketch", amount: 120 });
    await button(job, "Dispute").click();
    const reason = field(job, "Dispute reason");
    await reason.fill(TOO_LONG);
    await reason.press("Enter");
    expect(await expectRefusedAt(reason, "dispute")).toMatch(/^Dispute reason .*\b400\b/);
    await button(job, "Confirm dispute").waitFor();
    await page.keyboard.press("Enter");
    await Bun.sleep(400);
    await expectStatus(job, "submitted");
    expect(await page.locator("#page-status").innerText()).not.toMatch(/Released/);
  });

  test("a dispute the service refuses keeps the question open, its reason invalid and focused", async () => {
    const page = await harness().open();
    const job = await walkTo(page, "submitted", { title: "Logo sketch" });
    await page.route("**/api/v0/transition", (route) =>
      route.fulfill({
        status: 400,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          ok: false,
          mode: "demo",
          money: false,
          error: "invalid_field",
          field: "dispute_reason",
          message: "dispute_reason must be a string of at most 400 characters.",
        }),
      }),
    );
    await button(job, "Dispute").click();
    await field(job, "Dispute reason").fill("Not what was asked");
    await button(job, "Confirm dispute").click();
    await expectRefusedAt(field(job, "Dispute reason"), "dispute");
    expect(await button(job, "Release").count()).toBe(0);
  });

  test.each([
    // The service's clock refuses a hold that would end after 9999 (D4); the rule alone cannot.
    ["fund's Hold seconds, refused by the service", "open", "Hold seconds", "253402300000", "Fund", "fund"],
    ["submit's Proof note", "funded", "Proof note", TOO_LONG, "Submit proof", "submit"],
    ["release's Release note", "submitted", "Release note", TOO_LONG, "Release", "release"],
  ] as const)(
    "%s: the field is invalid, described by its error, and focused",
    async (_name, status, label, text, name, action) => {
      const page = await harness().open();
      const job = await walkTo(page, status, { title: "Unit tests" });
      if (status === "funded") await field(job, "Proof URL").fill("https://example.com/proof");
      await field(job, label).fill(text);
      await button(job, name).click();
      expect(await expectRefusedAt(field(job, label), action)).toStartWith(label);
      await expectStatus(job, status);
    },
  );

  test("a blank Proof URL is refused by its field, focused, before any request", async () => {
    const page = await harness().open();
    const job = await walkTo(page, "funded", { title: "Unit tests" });
    const sent = transitions(page);
    await button(job, "Submit proof").click();
    expect(await expectRefusedAt(field(job, "Proof URL"), "submit")).toBe("Proof URL is required.");
    expect(sent).toHaveLength(0);
  });

  test("a note over its limit is refused in the page, before any request", async () => {
    const page = await harness().open();
    const job = await walkTo(page, "submitted", { title: "Unit tests" });
    const sent = transitions(page);
    await field(job, "Release note").fill(TOO_LONG);
    await button(job, "Release").click();
    await expectRefusedAt(field(job, "Release note"), "release");
    expect(sent).toHaveLength(0);
  });
});

describe("the notes show their limit while typing (finding 1)", () => {
  test("counted as the service counts: code points after trimming (D1, D2), of 400", async () => {
    const page = await harness().open();
    const job = await walkTo(page, "funded", { title: "Unit tests" });
    const note = field(job, "Proof note");
    // 👩‍💻 is three code points: woman, zero-width joiner, laptop.
    await note.fill(`  ${"👩‍💻".repeat(10)}  `);
    const counter = page.locator(`[id="${(await note.getAttribute("aria-describedby"))?.split(" ")[0]}"]`);
    await expectText(counter, /^30\/400 characters/);
    await note.fill(TOO_LONG);
    await expectText(counter, /^401\/400 characters/);
  });

  test.each([
    ["Release note", "submitted"],
    ["Dispute reason", "submitted"],
  ] as const)("%s shows the same count", async (label, status) => {
    const page = await harness().open();
    const job = await walkTo(page, status, { title: "Unit tests" });
    if (label === "Dispute reason") await button(job, "Dispute").click();
    const input = field(job, label);
    await input.fill(" abc ");
    const ids = ((await input.getAttribute("aria-describedby")) ?? "").split(" ");
    const described = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
    expect(described).toContain("3/400 characters");
  });
});

describe("the dispute question (finding 13)", () => {
  test("Escape closes it and gives the focus back to Dispute", async () => {
    const page = await harness().open();
    const job = await walkTo(page, "submitted", { title: "Logo sketch" });
    await button(job, "Dispute").click();
    await field(job, "Dispute reason").press("Escape");
    await field(job, "Release note").waitFor();
    expect(await field(job, "Dispute reason").count()).toBe(0);
    expect((await focusOf(page)).id).toBe((await button(job, "Dispute").getAttribute("id")) ?? "Dispute");
  });
});
