/**
 * The page's messages in Chromium: an error shows next to the control that
 * caused it (the control is aria-invalid and described by it), says it in the page's own words
 * (its labels, its date format, a top-up bound a person can read), and goes away when a later
 * action succeeds.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { useHarness } from "../../scripts/harness/browser.ts";
import { errorOf, expectNumber, expectText, waitForError } from "../../scripts/harness/page-waits.ts";
import { createJob, fillJobForm } from "../../scripts/harness/ui-actions.ts";
import { alertsIn, button, expectStatus, field, jobItem, payer } from "../../scripts/harness/ui-names.ts";

const harness = useHarness("ui/messages.e2e");

/** An API field name (snake_case) or a raw ISO-8601 time: neither belongs in what the page says. */
const API_WORDS = /\b[a-z]+_[a-z_]+\b|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The page shows no error at all: no alert says anything and no control is marked invalid. */
async function expectNoError(page: Page): Promise<void> {
  await alertsIn(page)
    .first()
    .waitFor({ state: "hidden" })
    .catch(async () => {
      throw new Error(`an alert still shows: ${await alertsIn(page).first().innerText()}`);
    });
  expect(await page.locator("[aria-invalid=true]").count()).toBe(0);
}

describe("a failed top-up", () => {
  test("shows its error by the top-up field, with a bound a person can read, and not at the top", async () => {
    const page = await harness().open();
    const amount = field(page, "Top up amount");
    await amount.fill("99999999999999999999");
    await button(page, "Top up").click();
    const text = await waitForError(amount);
    expect(text).toContain("1,000,000");
    expect(text).not.toContain("9,007,199");
    // The error sits by the top-up form (in it or right after it), and the page's alert at the top is silent.
    expect(await alertsIn(page).count()).toBe(1);
    const nextToForm = await amount.evaluate((input) => {
      const form = input.closest("form");
      const id = (input.getAttribute("aria-describedby") ?? "").split(/\s+/).find((i) => i.endsWith("error"));
      const error = id ? document.getElementById(id) : null;
      return !!form && !!error && (form.contains(error) || form.nextElementSibling === error);
    });
    expect(nextToForm).toBe(true);
    await expectNumber(payer(page), 1000);
  });

  test("is cleared when a later action succeeds (a create), and when a top-up then succeeds", async () => {
    const page = await harness().open();
    const amount = field(page, "Top up amount");
    await amount.fill("0");
    await button(page, "Top up").click();
    await waitForError(amount);
    await createJob(page, { title: "Logo sketch", amount: 100 });
    await expectNoError(page);

    await amount.fill("-5");
    await button(page, "Top up").click();
    await waitForError(amount);
    await amount.fill("25");
    await button(page, "Top up").click();
    await expectNumber(payer(page), 1025);
    await expectNoError(page);
  });
});

describe("a refused create", () => {
  test("shows its error by the field it names, under the form's label, until a create succeeds", async () => {
    const page = await harness().open();
    await fillJobForm(page, { title: "x".repeat(81), amount: 100 });
    await button(page, "Create job").click();
    const text = await waitForError(field(page, "Title"));
    expect(text).toMatch(/^Title is too long/);
    expect(text).not.toMatch(API_WORDS);

    await field(page, "Title").fill("Logo sketch");
    await field(page, "Amount").fill("12.5");
    await button(page, "Create job").click();
    // The page's one number parser refuses a decimal by the field, in plain words.
    await expectText(alertsIn(page).first(), /^Write a whole number in digits/);
    expect(await errorOf(field(page, "Amount"))).toMatch(/^Write a whole number in digits, such as 1,000/);
    expect(await field(page, "Title").getAttribute("aria-invalid")).toBeNull();

    await field(page, "Amount").fill("100");
    await button(page, "Create job").click();
    await expectStatus(jobItem(page, "Logo sketch"), "open");
    await expectNoError(page);
  });

  test("names a field under More options by its label there, and opens it", async () => {
    const page = await harness().open();
    await fillJobForm(page, { title: "Logo sketch" });
    await page.getByText("More options", { exact: true }).click();
    await field(page, "Callback URL").fill("http://insecure.example");
    await page.getByText("More options", { exact: true }).click();
    await button(page, "Create job").click();
    const control = field(page, "Callback URL");
    const text = await waitForError(control);
    expect(text).toMatch(/^Callback URL must be/);
    expect(text).not.toMatch(API_WORDS);
    expect(await control.isVisible()).toBe(true);
  });
});

/** The engine requests (/api/v0/...) the page sends from now on. */
function engineCalls(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/api/v0/")) seen.push(path);
  });
  return seen;
}

describe("the create form checks what the engine's rules refuse, before any request (finding 11)", () => {
  test.each([
    ["a blank title", { title: "   " }, "Title", "Title is required."],
    [
      "81 characters of title",
      { title: "x".repeat(81) },
      "Title",
      "Title is too long: 81 characters; at most 80 are allowed.",
    ],
    ["blank criteria", { criteria: " " }, "Success criteria", "Success criteria is required."],
    ["an amount of 0", { amount: "0" }, "Amount", "Amount must be a whole number of at least 1."],
    ["no amount", { amount: "" }, "Amount", "Amount is required."],
  ] as const)("%s: said by its field in the page's words, focused; nothing sent", async (_name, typed, label, said) => {
    const page = await harness().open();
    await fillJobForm(page, { title: "Logo sketch" });
    const sent = engineCalls(page);
    for (const [name, text] of Object.entries(typed))
      await field(page, { title: "Title", criteria: "Success criteria", amount: "Amount" }[name]!).fill(text);
    for (const action of ["Create job", "Simulate"]) {
      await button(page, action).click();
      expect(await waitForError(field(page, label))).toBe(said);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(
        (await field(page, label).getAttribute("id")) ?? label,
      );
    }
    await Bun.sleep(200);
    expect(sent).toEqual([]);
  });

  test("every field it refuses is marked at once, the focus on the first", async () => {
    const page = await harness().open();
    const sent = engineCalls(page);
    await fillJobForm(page, { title: " ", amount: 0, criteria: "" });
    await button(page, "Create job").click();
    for (const label of ["Title", "Amount", "Success criteria"]) await waitForError(field(page, label));
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("title");
    expect(sent).toEqual([]);
  });

  test("80 emoji are 80 characters, as the engine counts (D1): the create is sent and taken", async () => {
    const page = await harness().open();
    const sent = engineCalls(page);
    await createJob(page, { title: "😀".repeat(80) });
    expect(sent).toContain("/api/v0/transition");
  });

  test("a refusal only the service makes still shows by the field it names", async () => {
    const page = await harness().open();
    await page.route("**/api/v0/transition", (route) =>
      route.fulfill({
        status: 400,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ok: false, error: "invalid_field", field: "title", message: "title is taken." }),
      }),
    );
    await fillJobForm(page, { title: "Logo sketch" });
    await button(page, "Create job").click();
    expect(await waitForError(field(page, "Title"))).toBe("Title is taken.");
  });
});

describe("a service that does not answer (issue 41, finding 13)", () => {
  test("is said in a person's words, by Create job: no API path", async () => {
    const page = await harness().open();
    await page.route("**/api/v0/transition", (route) => route.abort("connectionrefused"));
    await fillJobForm(page, { title: "Logo sketch" });
    await button(page, "Create job").click();
    const text = await expectText(alertsIn(page).first(), /^Could not reach the service/);
    expect(text).toBe(
      "Could not reach the service at this page's address. Check the API base URL and your connection.",
    );
  });
});

describe("a refused job action", () => {
  test("says Hold seconds, not ttl_seconds, and the hold's bound in the page's date format, on its job", async () => {
    const page = await harness().open();
    const job = await createJob(page, { title: "Logo sketch", amount: 100 });
    await field(job, "Hold seconds").fill("999999999999");
    await button(job, "Fund").click();
    const text = await expectText(alertsIn(job).first(), /Hold seconds/);
    expect(text).not.toMatch(API_WORDS);
    expect(text).toContain("31 Dec 9999, 23:59:59 UTC");
    await expectStatus(job, "open");
  });

  test("says the page's label for the balance it lacks, and goes once another action succeeds", async () => {
    const page = await harness().open();
    await createJob(page, { title: "Data cleanup", amount: 2000 });
    const job = jobItem(page, "Data cleanup");
    await button(job, "Fund").click();
    const text = await expectText(alertsIn(job).first(), "Need 2,000 credits to fund. Payer credits are 1,000.");
    expect(text).not.toMatch(API_WORDS);
    await button(page, "Top up").click();
    await expectNumber(payer(page), 1100);
    await expectNoError(page);
  });
});
