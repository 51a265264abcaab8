/**
 * Waiting helpers of the browser suite (browser.ts): playwright-core has no auto-retrying
 * `expect`, so these poll a locator until what it shows matches, and fail with the locator's name
 * and what it showed last.
 */
import type { Locator } from "playwright-core";

/** How long a locator action or wait may take before the test fails with a named locator. */
export const ACTION_TIMEOUT = 5_000;

/** The value of a form control, else the text content, of the one element `locator` names. */
export async function valueOrText(locator: Locator): Promise<string> {
  return locator.evaluate((el) =>
    el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement
      ? el.value
      : (el.textContent ?? ""),
  );
}

/** The integer in a text, digits only ("1,000 credits" -> 1000); NaN when it has no digit. */
export function digits(text: string): number {
  const only = text.replace(/\D/g, "");
  return only === "" ? Number.NaN : Number(only);
}

/**
 * Polls `read` until `accept` holds, for up to `timeout` ms; throws `describe(last)` otherwise.
 * The first read also fails fast when the element never shows up (locator timeout).
 */
export async function poll<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  describe: (last: T) => string,
  timeout = ACTION_TIMEOUT,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() >= deadline) throw new Error(describe(value));
    await Bun.sleep(50);
  }
}

/** Waits until the text (innerText) of the one element `locator` names matches every pattern. */
export async function expectText(locator: Locator, ...patterns: (RegExp | string)[]): Promise<string> {
  await locator.waitFor({ state: "visible" });
  const matches = (text: string) => patterns.every((p) => (typeof p === "string" ? text.includes(p) : p.test(text)));
  return poll(
    () => locator.innerText(),
    matches,
    (last) =>
      `expected ${String(locator)} to match ${patterns.map(String).join(" and ")}; its text is ${JSON.stringify(last)}`,
  );
}

/** Waits until the number shown by `locator` (value or text, digits only) equals `expected`. */
export async function expectNumber(locator: Locator, expected: number): Promise<void> {
  await poll(
    () => valueOrText(locator),
    (text) => digits(text) === expected,
    (last) => `expected ${String(locator)} to show ${expected}; it shows ${JSON.stringify(last)}`,
  );
}

/** Waits until `locator` names exactly `expected` elements. */
export async function expectCount(locator: Locator, expected: number): Promise<void> {
  await poll(
    () => locator.count(),
    (count) => count === expected,
    (last) => `expected ${expected} of ${String(locator)}; found ${last}`,
  );
}

/**
 * The text of the role="alert" elements that describe `control` (its aria-describedby), once it
 * is marked invalid (aria-invalid): how the page ties an error to its control (notices.ts).
 */
export async function errorOf(control: Locator): Promise<string> {
  if ((await control.getAttribute("aria-invalid")) !== "true") throw new Error(`${String(control)} is not invalid`);
  const ids = ((await control.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
  const texts: string[] = [];
  for (const id of ids) {
    const described = control.page().locator(`[id="${id}"]`);
    if ((await described.getAttribute("role")) === "alert") texts.push(await described.innerText());
  }
  if (texts.length === 0) throw new Error(`no role=alert element describes ${String(control)}`);
  return texts.join(" ");
}

/** Waits until `control` is marked invalid; returns its error's text (`errorOf`). */
export async function waitForError(control: Locator): Promise<string> {
  await control.and(control.page().locator("[aria-invalid=true]")).waitFor();
  return errorOf(control);
}
