/**
 * The question Reset and Import demo pack ask before they replace everything:
 * index.astro's native modal <dialog> (#replace-dialog), named by its heading, saying what
 * would be lost, with Cancel focused first and "Replace everything" (or "Import anyway", for a pack
 * with a job whose seal does not hold) beside it. Cancel or Escape
 * answers no and changes nothing; whatever the answer, the focus goes back to the button that
 * asked.
 */
import type { DemoState } from "../../../client/index.ts";
import { $, credits } from "./dom.ts";

const count = (n: number, one: string): string => `${credits(n)} ${one}${n === 1 ? "" : "s"}`;

/** What `state` holds, in words: its jobs, receipts, activity and credits. */
export const holdings = (state: DemoState): string =>
  `${count(state.jobs.length, "job")}, ${count(state.receipts.length, "receipt")}, ` +
  `${count(state.activity.length, "activity event")}, ${credits(state.payerCredits)} payer credits ` +
  `and ${credits(state.agentCredits)} in the agent wallet`;

/**
 * Asks `heading` with `text` in the dialog; true only when its confirming button, "Replace
 * everything" or the `confirm` given (a deliberate "Import anyway"), is chosen. The focus goes
 * back to `opener` when the dialog closes. A question already open answers no.
 */
export function askToReplace(
  heading: string,
  text: string,
  opener: HTMLElement,
  confirm = "Replace everything",
): Promise<boolean> {
  const dialog = $("replace-dialog") as HTMLDialogElement;
  if (dialog.open) return Promise.resolve(false);
  $("replace-title").textContent = heading;
  $("replace-text").textContent = text;
  $("replace-confirm").textContent = confirm;
  dialog.returnValue = "";
  return new Promise((answer) => {
    dialog.addEventListener(
      "close",
      () => {
        opener.focus();
        answer(dialog.returnValue === "replace");
      },
      { once: true },
    );
    dialog.showModal();
    $("replace-cancel").focus();
  });
}
