/**
 * What a user does on the web UI, as the browser suites do it: fill and submit the create form,
 * walk a job, export and import demo packs, mint a demo key. Each waits until the page shows the
 * outcome. Copying and opening share links is in ui-links.ts.
 */
import { expect } from "bun:test";
import { readFileSync } from "node:fs";
import type { Locator, Page, Request } from "playwright-core";
import { type Answer, type AnswerOf, EscrowKeeper, localApi } from "../../client/index.ts";
import { poll, valueOrText } from "./page-waits.ts";
import { button, CRITERIA, demoKeyField, expectStatus, field, jobItem, PROOF_URL, type Status } from "./ui-names.ts";

export interface JobFields {
  title: string;
  amount?: number;
  criteria?: string;
}

/** Fills the create form (Title, Amount, Success criteria). */
export async function fillJobForm(page: Page, { title, amount = 100, criteria = CRITERIA }: JobFields): Promise<void> {
  await field(page, "Title").fill(title);
  await field(page, "Amount").fill(String(amount));
  await field(page, "Success criteria").fill(criteria);
}

/** Creates a job through the form and returns its item in Jobs, once it shows "open". */
export async function createJob(page: Page, job: JobFields): Promise<Locator> {
  await fillJobForm(page, job);
  await button(page, "Create job").click();
  const item = jobItem(page, job.title);
  await expectStatus(item, "open");
  return item;
}

export async function fund(item: Locator): Promise<void> {
  await button(item, "Fund").click();
  await expectStatus(item, "funded");
}

export async function submitProof(item: Locator, proofUrl = PROOF_URL): Promise<void> {
  await field(item, "Proof URL").fill(proofUrl);
  await button(item, "Submit proof").click();
  await expectStatus(item, "submitted");
}

export async function release(item: Locator): Promise<void> {
  await button(item, "Release").click();
  await expectStatus(item, "released");
}

/** Disputes as a person does: Dispute asks first; `reason` goes in Dispute reason, then Confirm dispute. */
export async function dispute(item: Locator, reason?: string): Promise<void> {
  await button(item, "Dispute").click();
  if (reason !== undefined) await field(item, "Dispute reason").fill(reason);
  await button(item, "Confirm dispute").click();
  await expectStatus(item, "disputed");
}

/** Creates a job and walks it to `to`; returns its item. */
export async function walkTo(page: Page, to: Status, job: JobFields & { proofUrl?: string }): Promise<Locator> {
  const item = await createJob(page, job);
  if (to === "open") return item;
  await fund(item);
  if (to === "funded") return item;
  await submitProof(item, job.proofUrl);
  if (to === "submitted") return item;
  await (to === "released" ? release(item) : dispute(item));
  return item;
}

/** Exports the demo pack; returns the downloaded file's path, text and JSON. */
export async function exportPack(page: Page) {
  const [download] = await Promise.all([page.waitForEvent("download"), button(page, "Export demo pack").click()]);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const path = await download.path();
  const text = readFileSync(path, "utf8");
  return { path, text, pack: JSON.parse(text) as Record<string, any> };
}

/**
 * Answers "Replace everything" in the question Reset and Import demo pack ask before replacing
 * everything (a modal dialog), and waits until it closes.
 */
export async function replaceEverything(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog");
  await button(dialog, "Replace everything").click();
  await dialog.waitFor({ state: "hidden" });
}

/** Clicks Reset and answers its question "Replace everything". */
export async function resetAll(page: Page): Promise<void> {
  await button(page, "Reset").click();
  await replaceEverything(page);
}

/**
 * Imports a demo pack through the file chooser that "Import demo pack" opens, answering its
 * question "Replace everything"; with `confirm` false (a pack the page refuses before asking)
 * only chooses the file.
 */
export async function importPack(
  page: Page,
  file: string | { name: string; text: string },
  { confirm = true } = {},
): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), button(page, "Import demo pack").click()]);
  await chooser.setFiles(
    typeof file === "string"
      ? file
      : { name: file.name, mimeType: "application/json", buffer: Buffer.from(file.text, "utf8") },
  );
  if (confirm) await replaceEverything(page);
}

/** The answer of a keeper action that must succeed. */
export function succeeded(answer: Answer<"transition">): AnswerOf<"transition"> {
  if (!answer.ok) throw new Error(`the script's action was refused: ${answer.code} ${answer.message}`);
  return answer;
}

/**
 * A demo pack (D20) made by a script with the client library, as an agent would: an EscrowKeeper
 * over the in-process engine walks "Script logo" (100) to released and "Script draft" (40) to
 * funded, then exports. Returns the keeper and the pack's text.
 */
export async function scriptedPack(): Promise<{ keeper: EscrowKeeper; text: string }> {
  const keeper = new EscrowKeeper(localApi());
  const logo = succeeded(await keeper.create({ title: "Script logo", amount: 100, criteria: CRITERIA })).job.id;
  succeeded(await keeper.fund(logo));
  succeeded(await keeper.submit(logo, { proof_url: PROOF_URL }));
  succeeded(await keeper.release(logo));
  const draft = succeeded(await keeper.create({ title: "Script draft", amount: 40, criteria: CRITERIA })).job.id;
  succeeded(await keeper.fund(draft));
  return { keeper, text: keeper.exportPack() };
}

/** Mints a demo key; returns the key and its id as the page shows them. */
export async function mintDemoKey(page: Page): Promise<{ key: string; keyId: string }> {
  await button(page, "Mint demo key").click();
  const key = (
    await poll(
      () => valueOrText(demoKeyField(page)),
      (text) => text.trim() !== "",
      () => `"Demo key" stayed empty`,
    )
  ).trim();
  const keyId = (await valueOrText(field(page, "Key id"))).trim();
  return { key, keyId };
}

/** Authorization headers of the engine requests (/api/v0/...) the page sends from now on. */
export function recordEngineAuth(page: Page): (string | undefined)[] {
  const seen: (string | undefined)[] = [];
  page.on("request", (request: Request) => {
    if (new URL(request.url()).pathname.startsWith("/api/v0/")) seen.push(request.headers().authorization);
  });
  return seen;
}
