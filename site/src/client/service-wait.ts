/**
 * The service's wait (D23: an answer 429 rate_limited, with Retry-After): one wait for the whole
 * page, said once, by the control whose action it refused last, and counted down each second
 * (countdown.ts ticks it) in a part that is not read out at every tick. Until it ends the page
 * sends nothing the service would refuse: an action is refused in the page, by its control, and
 * quotes and checks wait (page-state.ts). When it ends the status line says so and the page asks
 * again.
 */
import { h, replaceChildren } from "./dom.ts";
import { clearErrors, showError, statusPage } from "./notices.ts";

/** When the wait ends (ms), 0 when there is none; and the id of the control it shows by. */
let until = 0;
let by: string | null = null;

/** Starts the wait the service asked for, `seconds` from now (30 without a Retry-After), or lengthens it. */
export function startWait(seconds: number | undefined): void {
  until = Math.max(until, Date.now() + (seconds ?? 30) * 1000);
}

/** True while the service's wait runs. */
export const waiting = (now = Date.now()): boolean => now < until;

/**
 * While the wait runs, says it by the control `id` (whose action it refused), which gets the
 * focus, in place of the last success's line and of where it showed before, and gives true: the
 * action is not sent. False when there is no wait.
 */
export function heldBy(id: string): boolean {
  if (!waiting()) return false;
  by = id;
  statusPage("");
  drawWait();
  document.getElementById(id)?.focus();
  return true;
}

const left = (now: number): string => `in ${Math.max(1, Math.ceil((until - now) / 1000))} s`;

/** Draws the wait by its control, the one place it shows (after each render, page-state.ts). */
export function drawWait(now = Date.now()): void {
  const control = by && waiting(now) ? document.getElementById(by) : null;
  // Said once: not where it showed before.
  for (const count of document.querySelectorAll("[data-wait]")) {
    const before = document.getElementById(count.closest<HTMLElement>("[data-error-for]")?.dataset.errorFor ?? "");
    if (before && before !== control) clearErrors(before);
  }
  if (!control) return;
  showError(control, "Too many requests.");
  const note = document.getElementById(`${control.id}-error`);
  // Only the count changes each second, outside the alert's live region.
  if (note)
    replaceChildren(
      note,
      "Too many requests: try again ",
      h("span", { "data-wait": "", "aria-live": "off" }, left(now)),
      ".",
    );
}

/** Counts the wait down; true once, when it has just ended (the caller asks again). */
export function tickWait(now: number): boolean {
  for (const count of document.querySelectorAll("[data-wait]")) count.textContent = left(now);
  if (until === 0 || waiting(now)) return false;
  until = 0;
  if (by) statusPage("The service takes requests again: try again now.");
  by = null;
  return true;
}
