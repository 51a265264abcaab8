/**
 * One job as a list item: what it is, where it stands (its stepper, its hold counting down, and
 * its state line from the visitor's side, job-status.ts), what a release would pay
 * (job-impact.ts), and the controls of its next actions (job-controls.ts). The accessible names
 * are a contract the browser suite drives: "Steps", the hold's timer, "Fund", "Hold seconds",
 * "Proof URL", "Proof note", "Submit proof", "Release note", "Release", "Dispute", then "Dispute
 * reason" and "Confirm dispute", "Show all", "Remove", "Copy handoff link", "Handoff link" ("Hand-back link" on a received job); a job
 * imported from a handoff link shows its seal check (seal-badge.ts). A job received through a
 * handoff link is its payer's (D28): its item says so and offers only the receiver's steps,
 * "Submit proof" and "Copy hand-back link". Long criteria are clamped behind "Show all". A job
 * whose credits count in none of the balances may be removed from this browser after a question
 * (client/removal.ts); any other says why it is kept.
 */

import { keptBecause } from "../../../client/removal.ts";
import { holdNote } from "./countdown.ts";
import { type Child, credits, h, safeLink } from "./dom.ts";
import { controls } from "./job-controls.ts";
import { payLine } from "./job-impact.ts";
import type { JobView } from "./job-item-view.ts";
import { statusText } from "./job-status.ts";
import { sealBadge } from "./seal-badge.ts";
import { stepper } from "./stepper.ts";
import { button, field, itemHead, line, when } from "./view-parts.ts";

export type { JobView } from "./job-item-view.ts";

/** Criteria longer than this many characters, or this many lines, are clamped behind "Show all". */
const CLAMP_CHARS = 280;
const CLAMP_LINES = 4;

/** The criteria, clamped with a "Show all" toggle when long. */
function criteria(view: JobView): Child[] {
  const { id, criteria: text } = view.job;
  const long = text.length > CLAMP_CHARS || text.split("\n").length > CLAMP_LINES;
  const open = !long || !!view.expanded;
  return [
    line("Criteria", text, { id: `criteria-${id}`, class: open ? "criteria" : "criteria clamped" }),
    long
      ? button("Show all", "toggle-criteria", id, {
          class: "quiet small",
          "aria-expanded": String(open),
          "aria-controls": `criteria-${id}`,
        })
      : null,
  ];
}

/** Remove (asking first) for a job that may leave this browser; why it is kept otherwise. */
function removal(view: JobView): Child {
  const { job, received } = view;
  const kept = keptBecause(job, received);
  if (kept) return h("p", { class: "muted small" }, kept);
  if (!view.removing) return h("div", { class: "row" }, button("Remove", "remove-job", job.id, { class: "quiet" }));
  return h(
    "div",
    { class: "row ask" },
    h("p", {}, "Remove it from this browser? Its receipt stays."),
    button("Remove job", "confirm-remove", job.id, { class: "danger" }),
    button("Cancel", "cancel-remove", job.id, { class: "quiet" }),
  );
}

/** One job as a list item, with the controls of its next actions. */
export function jobItem(view: JobView): HTMLLIElement {
  const { job, busy } = view;
  const id = job.id;
  const pay = payLine(view);
  return h(
    "li",
    { class: `job status-${job.status}`, "data-job-id": id, "aria-busy": busy ? "true" : false },
    itemHead(job.title, job.status),
    view.received
      ? h(
          "p",
          { class: "received-note" },
          `Handed to you by its payer: its ${credits(job.amount)} credits count in none of your balances.`,
        )
      : null,
    view.seal ? sealBadge("seal", view.seal) : null,
    h("p", { class: "meta" }, `${credits(job.amount)} credits · `, h("code", {}, id)),
    criteria(view),
    job.proofUrl ? line("Proof", safeLink(job.proofUrl)) : null,
    line("Proof note", job.proofNote),
    stepper(job),
    view.flow,
    holdNote(job, view.now) ?? line("Hold ends", when(job.expiresAt)),
    line("Release note", job.releaseNote),
    line("Dispute reason", job.disputeReason),
    h("p", { class: "state-line" }, statusText(job, view.now, view.received)),
    view.settled ? h("p", { class: "state-line" }, view.settled) : null,
    pay ? h("p", { class: "impact" }, pay) : null,
    controls(view),
    h(
      "div",
      { class: "share" },
      button(view.received ? "Copy hand-back link" : "Copy handoff link", "copy-handoff", id, {
        class: view.received && job.status === "submitted" ? "primary" : "quiet",
      }),
      view.link
        ? field(`handofflink-${id}`, view.received ? "Hand-back link" : "Handoff link", view.link, { readonly: true })
        : null,
      removal(view),
    ),
  );
}
