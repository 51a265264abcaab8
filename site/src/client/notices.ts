/**
 * The page's notices. An error shows next to the control whose action
 * failed (`errorBy`): a role="alert" line right by it, named in the control's aria-describedby
 * (and, on a field, with aria-invalid). What belongs to no one control shows in the page's alert
 * at the top (a bad link in the address, storage the page cannot use); a create or simulate
 * refusal that names no field of the form shows in the form's own alert beside its buttons. Every
 * error is in the page's own words (page-words.ts), and every error goes when a later action
 * succeeds (`clearErrors`, through page-state.ts `clearAllErrors`). The status line
 * (role="status") says what just happened: the last success, until a newer error takes its
 * place.
 */
import { $, h } from "./dom.ts";
import type { LabelOf } from "./field-labels.ts";
import { pageWords } from "./page-words.ts";

/** The fixed alerts of index.astro: the page's, at the top, and the create form's. */
type FixedAlert = "page-alert" | "create-error";

function showAlert(id: FixedAlert, message: string | null, labelOf?: LabelOf): void {
  if (message !== null) statusPage("");
  const alert = $(id);
  alert.hidden = message === null;
  alert.textContent = message === null ? "" : pageWords(message, labelOf);
}

/** The page's alert, for what belongs to no control: shown at the top with `message`, or hidden (null). */
export const alertPage = (message: string | null): void => showAlert("page-alert", message);

/** The create form's own alert, beside Create job and Simulate, for a refusal that names none of its fields. */
export const alertForm = (message: string | null, labelOf?: LabelOf): void =>
  showAlert("create-error", message, labelOf);

/** Adds `id` to (or takes it from) what describes `control`. */
function describe(control: Element, id: string, on: boolean): void {
  const ids = (control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((i) => i !== "" && i !== id);
  if (on) ids.push(id);
  if (ids.length > 0) control.setAttribute("aria-describedby", ids.join(" "));
  else control.removeAttribute("aria-describedby");
}

const isField = (control: Element): boolean => control.matches("input, select, textarea");

/** Puts `note` by `control`: under a field in its own box, else right after the row that holds it. */
function place(note: HTMLElement, control: HTMLElement): void {
  const box = isField(control) ? control.closest(".field") : null;
  const row = (box ?? control).parentElement?.closest(".row, .topup");
  if (row) row.after(note);
  else if (box) box.append(note);
  else control.after(note);
}

/**
 * Shows a new error, `message` (in the page's words, `labelOf` naming the fields), right by
 * `control` (`showError`); it takes the place of the last success's line in the status line.
 */
export function errorBy(control: HTMLElement, message: string, labelOf?: LabelOf): void {
  statusPage("");
  showError(control, message, labelOf);
}

/**
 * Shows `message` right by `control`, which it then describes; a field is also marked invalid,
 * and a closed <details> holding it is opened. A page drawn anew draws its errors again this way.
 */
export function showError(control: HTMLElement, message: string, labelOf?: LabelOf): void {
  const id = `${control.id}-error`;
  document.getElementById(id)?.remove();
  const note = h(
    "p",
    { id, class: "error by-control", role: "alert", "data-error-for": control.id },
    pageWords(message, labelOf),
  );
  place(note, control);
  describe(control, id, true);
  if (isField(control)) control.setAttribute("aria-invalid", "true");
  const details = control.closest("details");
  if (details) details.open = true;
}

/** Takes away every error shown within `scope` (the whole page by default) and what marks its controls. */
export function clearErrors(scope: ParentNode = document): void {
  for (const note of document.querySelectorAll<HTMLElement>("[data-error-for]")) {
    const control = document.getElementById(note.dataset.errorFor ?? "");
    if (control && !scope.contains(control)) continue;
    if (control) {
      describe(control, note.id, false);
      control.removeAttribute("aria-invalid");
    }
    note.remove();
  }
  for (const id of ["page-alert", "create-error"] as const) if (scope.contains($(id))) showAlert(id, null);
}

/** Says what just happened in the page's status line (read out politely). */
export function statusPage(message: string): void {
  $("page-status").textContent = message;
}
