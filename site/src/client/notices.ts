/**
 * The page's two kinds of notice: an alert (role="alert", for what went wrong and changed
 * nothing) and a status line (role="status", for what just happened). The create form has its
 * own alert, beside Create job and Simulate.
 */
import { $ } from "./dom.ts";

/** Shows `message` in the alert element `id`, or hides it (null). */
function showAlert(id: "page-alert" | "create-error", message: string | null): void {
  const alert = $(id);
  alert.hidden = message === null;
  alert.textContent = message ?? "";
}

/** The page's alert: shown at the top with `message`, or hidden (null). */
export const alertPage = (message: string | null): void => showAlert("page-alert", message);

/** The create form's own alert: shown beside Create job and Simulate, or hidden. */
export const alertForm = (message: string | null): void => showAlert("create-error", message);

/** Says what just happened in the page's status line (read out politely). */
export function statusPage(message: string): void {
  $("page-status").textContent = message;
}
