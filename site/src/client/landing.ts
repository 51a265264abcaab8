/**
 * Where an action's result lands: the status line (role="status", read out
 * politely) says in a short sentence what happened, and the focus moves to the result's heading
 * (the new or imported job, the shared panel, the simulation, the jobs after a pack), made
 * focusable with tabindex=-1 and scrolled to the top of the viewport. A re-render gives the focus
 * back to the same heading (render.ts). A job action keeps the focus in its job (render.ts).
 */
import { statusPage } from "./notices.ts";

/** Focuses `heading` (made focusable first) without scrolling. */
export function focusHeading(heading: HTMLElement): void {
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

/** The item of job `id` in Jobs, if shown. */
export const jobNode = (id: string): HTMLElement | null =>
  document.querySelector(`#jobs li[data-job-id="${CSS.escape(id)}"]`);

/** Says `message`, then moves the focus to the heading of `target` (or `target` itself, a heading) and shows it. */
export function land(target: Element | null, message: string): void {
  statusPage(message);
  const heading = target?.matches("h2, h3") ? (target as HTMLElement) : target?.querySelector<HTMLElement>("h2, h3");
  if (!heading) return;
  focusHeading(heading);
  heading.scrollIntoView({ block: "start" });
}
