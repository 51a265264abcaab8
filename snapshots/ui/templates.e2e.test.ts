/**
 * The create form's Template menu (the page's weight): its options are written into
 * the page when it is built, the same presets /api/templates.json serves, so the page asks the
 * service for none of them; choosing one fills title, amount and criteria (and the fee line).
 */
import { describe, expect, test } from "bun:test";
import { useHarness } from "../../scripts/harness/browser.ts";
import { TEMPLATES } from "../../shared/documents/simple.ts";

const harness = useHarness("ui/templates.e2e");

describe("the Template menu", () => {
  test("offers every preset without a request, and choosing one fills the form", async () => {
    const requested: string[] = [];
    const page = await harness().open("/api/health.json");
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto("/");
    await page.locator('#app[data-ready="true"]').waitFor();
    const menu = page.getByLabel("Template");
    const labels = await menu.locator("option").allTextContents();
    expect(labels).toEqual(["Blank form", ...TEMPLATES.map((t) => `${t.title} (${t.amount.toLocaleString("en-US")})`)]);
    const chosen = TEMPLATES[2]!;
    await menu.selectOption({ label: `${chosen.title} (${chosen.amount})` });
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(chosen.title);
    expect(await page.getByLabel("Amount", { exact: true }).inputValue()).toBe(String(chosen.amount));
    expect(await page.getByLabel("Success criteria", { exact: true }).inputValue()).toBe(chosen.criteria);
    expect(await page.locator("#fee-line").textContent()).toContain("On release: fee 10, agent receives 190.");
    await menu.selectOption({ label: "Blank form" });
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(chosen.title);
    expect(requested).not.toContain("/api/templates.json");
  });
});
