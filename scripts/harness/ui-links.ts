/**
 * Share links on the web UI as the browser suites use them (D19): the three kinds a job item
 * copies (handoff, hand-back, receipt), copying one and checking the field and the clipboard that
 * then hold it, the compact JSON inside a token and a token made of JSON, and opening a link as
 * a fresh page.
 */
import { expect } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { poll, valueOrText } from "./page-waits.ts";
import { button, field } from "./ui-names.ts";

export const LINKS = {
  handoff: { button: "Copy handoff link", label: "Handoff link", prefix: "h1.", path: "handoff" },
  /** A received job's link back to its payer (D28): a handoff link under another name. */
  handback: { button: "Copy hand-back link", label: "Hand-back link", prefix: "h1.", path: "handoff" },
  receipt: { button: "Copy receipt link", label: "Receipt link", prefix: "r1.", path: "receipt" },
} as const;

/**
 * Clicks "Copy handoff link" / "Copy hand-back link" / "Copy receipt link" in `item`; checks the read-only input that
 * then holds origin + "/#<kind>/<token>" and the clipboard; returns the link and its token.
 */
export async function copyLink(
  page: Page,
  item: Locator,
  kind: keyof typeof LINKS,
): Promise<{ link: string; token: string }> {
  const { button: name, label, prefix, path } = LINKS[kind];
  await button(item, name).click();
  const start = `${new URL(page.url()).origin}/#${path}/${prefix}`;
  const link = await poll(
    () => valueOrText(field(item, label)),
    (value) => value.startsWith(start),
    (value) => `expected "${label}" to hold ${start}…; it holds ${JSON.stringify(value)}`,
  );
  expect(link).toMatch(/^[^#]+#(handoff|receipt)\/[hr]1\.[A-Za-z0-9_-]+$/);
  expect(await field(item, label).evaluate((el) => (el as HTMLInputElement).readOnly)).toBe(true);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  return { link, token: link.slice(start.length - prefix.length) };
}

/** The compact JSON inside an h1./r1. token (D19). */
export function decodeToken(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.slice(3), "base64url").toString("utf8"));
}

export function encodeToken(prefix: "h1." | "r1.", payload: unknown): string {
  return prefix + Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
}

/** Loads `url` as a fresh document (a hash-only change would not reload the page). */
export async function openLink(page: Page, url: string): Promise<void> {
  await page.goto("about:blank");
  await page.goto(url);
}
