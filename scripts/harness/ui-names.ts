/**
 * The web UI's accessibility contract as the browser suites read it: role and label locators
 * (never CSS classes), the quote texts, activity kinds, and waits on what the page shows. Shared
 * by the browser suites in snapshots/ui/ and by `bun run screenshots`.
 */
import type { Locator, Page } from "playwright-core";
import { ACTIVITY_KINDS } from "../../shared/client-state/pack.ts";
import { digits, expectText, poll, valueOrText } from "./page-waits.ts";

export const CRITERIA = "A PDF with three charts and a summary";
export const PROOF_URL = "https://example.com/proof/42";

/** How the money impact of the next action reads in a job item (the contract's examples). */
export const QUOTE = {
  fund: (amount: number) => new RegExp(`holds?\\D{0,20}\\b${amount}\\b`, "i"),
  release: (fee: number, payout: number) => [
    new RegExp(`fee\\D{0,10}\\b${fee}\\b`, "i"),
    new RegExp(`agent gets\\D{0,10}\\b${payout}\\b`, "i"),
  ],
  dispute: (amount: number) => new RegExp(`\\b${amount}\\b\\D{0,10}back to (the )?payer`, "i"),
};

/** Activity kinds (D29): an event's kind is the first of these words in its text. */
const KIND_PATTERNS = ACTIVITY_KINDS.map((kind) => [kind, new RegExp(`\\b${kind}\\b`, "i")] as const);

export type Status = "open" | "funded" | "submitted" | "released" | "disputed";

export const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
export const button = (scope: Page | Locator, name: string) => scope.getByRole("button", { name, exact: true });
export const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
/** The element showing the demo key: getByLabel also finds the region the heading "Demo key" names. */
export const demoKeyField = (page: Page) => field(page, "Demo key").and(page.locator(":not(section, [role=region])"));
export const payer = (page: Page) => field(page, "Payer credits");
export const wallet = (page: Page) => field(page, "Agent wallet");

/** Job items: list items of Jobs that carry the always-present "Copy handoff link" (a received job's "Copy hand-back link") button. */
export const jobItems = (page: Page) =>
  region(page, "Jobs")
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: /^Copy (handoff|hand-back) link$/ }) });
export const jobItem = (page: Page, title: string) => jobItems(page).filter({ hasText: title });
/** Receipt items: list items of Receipts that carry a "Verify receipt" button. */
export const receiptItems = (page: Page) =>
  region(page, "Receipts")
    .getByRole("listitem")
    .filter({ has: button(page, "Verify receipt") });
export const receiptItem = (page: Page, title: string) => receiptItems(page).filter({ hasText: title });
export const activityItems = (page: Page) => region(page, "Activity").getByRole("listitem");
/** A role="alert" element that says something (an empty live region does not count). */
export const alertsIn = (scope: Page | Locator) => scope.getByRole("alert").filter({ hasText: /\S/ });

function kindOf(text: string): string {
  let best: { kind: string; at: number } = { kind: `? ${JSON.stringify(text.slice(0, 60))}`, at: Infinity };
  for (const [kind, pattern] of KIND_PATTERNS) {
    const at = text.search(pattern);
    if (at >= 0 && at < best.at) best = { kind, at };
  }
  return best.kind;
}

/** Activity kinds shown, newest first. */
export async function activityKinds(page: Page): Promise<string[]> {
  return (await activityItems(page).allInnerTexts()).map(kindOf);
}

/** Waits until the activity kinds (newest first) start with `newest`. */
export async function expectNewestActivity(page: Page, ...newest: string[]): Promise<string[]> {
  return poll(
    () => activityKinds(page),
    (kinds) => newest.every((kind, i) => kinds[i] === kind),
    (kinds) => `expected the newest activity to be ${newest.join(", ")}; it is ${kinds.slice(0, 8).join(", ")}`,
  );
}

/** Waits until the status word appears in a job item. */
export async function expectStatus(item: Locator, status: Status): Promise<void> {
  await expectText(item, new RegExp(`\\b${status}\\b`, "i"));
}

/** Balances, job items (first lines), receipt count and activity kinds: what "changes nothing" compares. */
export async function snapshot(page: Page) {
  await payer(page).waitFor();
  return {
    payer: digits(await valueOrText(payer(page))),
    wallet: digits(await valueOrText(wallet(page))),
    jobs: await jobItems(page)
      .allInnerTexts()
      .then((texts) => texts.map((t) => t.split("\n")[0])),
    receipts: await receiptItems(page).count(),
    activity: await activityKinds(page),
  };
}

/** How many times `text` (a pattern's source) stands in the page's visible text. */
export const timesShown = async (page: Page, text: string): Promise<number> =>
  ((await page.locator("body").innerText()).match(new RegExp(text, "g")) ?? []).length;

/** The seconds the page's one "try again in N s" says (the service's wait, D23); NaN when it says none. */
export const secondsLeft = async (page: Page): Promise<number> =>
  Number(/try again in (\d+) s/.exec(await page.locator("body").innerText())?.[1] ?? Number.NaN);
