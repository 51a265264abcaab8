/**
 * The job list's own controls, wired once (events.ts calls wireJobs): each action's <form>
 * (Enter in a field, or its button, takes the action; what the engine's rules refuse is refused
 * by its input before any call, job-actions.ts), Dispute's question (Dispute, then Confirm dispute, or
 * Cancel or Escape), "Show all" on long criteria, Remove's question, the "Show jobs" filter, the
 * counters of the fields with a limit, and the New job form's fee line. After a choice the focus
 * goes where the person looks next.
 */
import { updateTitleCount } from "./create-form.ts";
import { $ } from "./dom.ts";
import { showCount } from "./hints.ts";
import { jobAction, refuse } from "./job-actions.ts";
import { type JobFilter, jobUi } from "./job-ui.ts";
import { keeper, refresh, ui } from "./page-state.ts";

type FormAction = "fund" | "submit" | "release" | "dispute";

/** Refreshes, then moves the focus to the element `id` when it is there. */
function refreshAndFocus(id: string): void {
  refresh();
  document.getElementById(id)?.focus();
}

/** An action's form was submitted: take the action (job-actions.ts checks what the page can first). */
function onSubmit(event: SubmitEvent): void {
  const form = (event.target as Element).closest<HTMLFormElement>("form[data-job-form]");
  if (!form) return;
  event.preventDefault();
  void jobAction(form.dataset.id ?? "", form.dataset.jobForm as FormAction);
}

/** Removes the job `id` from this browser; the focus goes to the list's filter. */
function remove(id: string): void {
  jobUi.removing.delete(id);
  const done = keeper.removeJob(id);
  if (!done.ok) refuse(id, done.message, `remove-job-${id}`);
  else {
    ui.links.delete(`handoff-${id}`);
    refreshAndFocus("job-filter");
  }
}

/** Turns `id` in or out of `set`, refreshes, and moves the focus to the element `focus`. */
function flip(set: Set<string>, id: string, on: boolean, focus: string): void {
  if (on) set.add(id);
  else set.delete(id);
  refreshAndFocus(focus);
}

/** What each of the job list's own buttons does, by its data-action, for the job `id`. */
const CHOICES: Record<string, (id: string) => void> = {
  "choose-dispute": (id) => flip(jobUi.disputing, id, true, `disputereason-${id}`),
  "cancel-dispute": (id) => flip(jobUi.disputing, id, false, `choose-dispute-${id}`),
  "toggle-criteria": (id) => flip(jobUi.expanded, id, !jobUi.expanded.has(id), `toggle-criteria-${id}`),
  "remove-job": (id) => flip(jobUi.removing, id, true, `confirm-remove-${id}`),
  "cancel-remove": (id) => flip(jobUi.removing, id, false, `remove-job-${id}`),
  "confirm-remove": remove,
};

/** A click on one of the job list's own buttons. */
function onClick(event: MouseEvent): void {
  const button = (event.target as Element).closest<HTMLButtonElement>("button[data-action]");
  if (button && !button.disabled) CHOICES[button.dataset.action ?? ""]?.(button.dataset.id ?? "");
}

/** Escape in the dispute's question cancels it, as its Cancel does: the focus goes back to Dispute. */
function onKey(event: KeyboardEvent): void {
  const form = (event.target as Element).closest?.<HTMLElement>('form[data-job-form="dispute"]');
  if (event.key === "Escape" && form) CHOICES["cancel-dispute"]?.(form.dataset.id ?? "");
}

/** A field with a limit (`data-max`) shows its count as the person types. */
function onInput(event: Event): void {
  const input = event.target as HTMLInputElement;
  if (input.dataset?.max) showCount(input, document.getElementById(`${input.id}-count`));
}

/** Wires the job list's controls, the counters and the fee line of the New job form, once. */
export function wireJobs(): void {
  document.addEventListener("submit", onSubmit);
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKey);
  document.addEventListener("input", onInput);
  $("amount").addEventListener("input", updateTitleCount);
  $("job-filter").addEventListener("change", (event) => {
    jobUi.filter = (event.target as HTMLSelectElement).value as JobFilter;
    refresh();
  });
}
