/**
 * The controls of a job's next actions, each with its money impact above it and a line saying
 * whose step it is: on your own job you are the payer (Fund, Release, Dispute) and, testing both
 * sides, its agent too (Submit proof); on a received job you are the agent (D28). Each action's
 * fields sit in a <form> with its button, so Enter in a field takes that action (job-wiring.ts).
 * Release is one click with its note; Dispute asks first: choosing it shows its reason with
 * Confirm dispute and Cancel in place of the Release note. Once the hold has ended the engine
 * refuses a release (hold_expired), so Dispute leads and Release stays disabled with its reason.
 * Proof URL says what the service takes (any text, blank refused), and each note counts its
 * length as the engine does; what the engine's rules refuse is refused by its input before any
 * call (job-actions.ts). Escape in the dispute's question cancels it (job-wiring.ts).
 */

import { nextActions } from "../../../shared/client-state/share-links.ts";
import { LIMITS } from "../../../shared/protocol/constants.ts";
import { holdEnd } from "./countdown.ts";
import { type Attrs, type Child, credits, h } from "./dom.ts";
import { FIELD_LABELS } from "./field-labels.ts";
import { showCount } from "./hints.ts";
import { impact } from "./job-impact.ts";
import type { JobView } from "./job-item-view.ts";
import { pastHold } from "./job-status.ts";
import { button, field } from "./view-parts.ts";

/** A field with a hint tied to its input (a refusal joins it by the input: render.ts). */
function described(id: string, label: string, value: string, attrs: Attrs, hint: string) {
  const shown = field(id, label, value, { ...attrs, autocomplete: "off", "aria-describedby": `${id}-hint` });
  shown.append(h("small", { id: `${id}-hint`, class: "hint" }, hint));
  return shown;
}

/** A note (proof note, release note, dispute reason) with its count as the engine counts it, tied to the input. */
function noteField(id: string, label: string, value: string) {
  const shown = field(id, label, value, {
    placeholder: "optional",
    autocomplete: "off",
    "data-max": LIMITS.noteMax,
    "aria-describedby": `${id}-count`,
  });
  const counter = h("small", { id: `${id}-count`, class: "counter" });
  showCount(shown.querySelector("input")!, counter);
  shown.append(counter);
  return shown;
}

/** The <form> of `action` on job `id`: Enter in one of its fields takes the action. */
const form = (action: string, id: string, ...children: Child[]): HTMLFormElement =>
  h(
    "form",
    { id: `${action}-form-${id}`, class: "act", "data-job-form": action, "data-id": id, novalidate: true },
    children,
  );

/** A form's submit button (no data-action: the form's submit takes the action). */
const submit = (label: string, action: string, id: string, attrs: Attrs = {}) =>
  button(label, action, id, { type: "submit", "data-action": null, ...attrs });

const role = (text: string) => h("p", { class: "role" }, text);
const PAYER = "Your step (the payer)";

/** The dispute's reason, Confirm dispute and Cancel: what choosing Dispute shows. */
function disputeForm(view: JobView, disabled: object): HTMLFormElement {
  const id = view.job.id;
  return form(
    "dispute",
    id,
    noteField(`disputereason-${id}`, FIELD_LABELS.dispute_reason, view.draft("disputereason")),
    h(
      "div",
      { class: "row" },
      submit("Confirm dispute", "dispute", id, { class: "danger", ...disabled }),
      button("Cancel", "cancel-dispute", id, { class: "quiet" }),
    ),
  );
}

/** The controls of a job's next actions, each with its money impact above it. */
export function controls(view: JobView): Child[] {
  const { job, received } = view;
  const id = job.id;
  const disabled = view.busy ? { disabled: true } : {};
  // A received job's fund, release and dispute are its payer's (D28): only submit is offered.
  const next = nextActions(job.status).filter((a) => !received || a === "submit");
  const shown: Child[] = [];
  if (next.includes("fund"))
    shown.push(
      role(PAYER),
      h("p", { class: "impact" }, impact(view, "fund")),
      form(
        "fund",
        id,
        h(
          "div",
          { class: "row" },
          described(
            `hold-${id}`,
            FIELD_LABELS.ttl_seconds,
            view.draft("hold"),
            { inputmode: "numeric", placeholder: "optional", size: "8" },
            "Optional. Once it ends, release is refused.",
          ),
          submit("Fund", "fund", id, { class: "primary", ...disabled }),
        ),
      ),
    );
  if (next.includes("submit"))
    shown.push(
      role(received ? "Your step (the agent)" : "Agent's step (you are testing both sides here)"),
      h("p", { class: "impact" }, `Submitting proof moves no credits; ${credits(job.amount)} stay held in escrow.`),
      form(
        "submit",
        id,
        described(
          `proof-${id}`,
          FIELD_LABELS.proof_url,
          view.draft("proof"),
          { inputmode: "url", placeholder: "https://…" },
          "Required. Where the work can be seen, usually a link (https://…); the service accepts any text.",
        ),
        noteField(`proofnote-${id}`, FIELD_LABELS.proof_note, view.draft("proofnote")),
        h("div", { class: "row" }, submit("Submit proof", "submit", id, { class: "primary", ...disabled })),
      ),
    );
  if (!next.includes("release")) return shown;
  shown.push(role(PAYER));
  const ended = pastHold(job, view.now);
  if (!ended) shown.push(h("p", { class: "impact" }, impact(view, "release")));
  shown.push(h("p", { class: "impact" }, impact(view, "dispute")));
  if (view.disputing) shown.push(disputeForm(view, disabled));
  else if (ended) {
    // The engine answers hold_expired to a release now: Dispute leads; Release stays in view,
    // not primary, disabled, and says why.
    const reason = `release-reason-${id}`;
    shown.push(
      h(
        "div",
        { class: "row" },
        button("Dispute", "choose-dispute", id, { class: "primary", ...disabled }),
        button("Release", "release", id, { class: "quiet", disabled: true, "aria-describedby": reason }),
      ),
      h("p", { id: reason, class: "impact" }, `Release is refused: the hold ended at ${holdEnd(job, view.now)}.`),
    );
  } else
    shown.push(
      form(
        "release",
        id,
        noteField(`releasenote-${id}`, FIELD_LABELS.release_note, view.draft("releasenote")),
        h(
          "div",
          { class: "row" },
          submit("Release", "release", id, { class: "primary", ...disabled }),
          button("Dispute", "choose-dispute", id, { class: "danger", ...disabled }),
        ),
      ),
    );
  return shown;
}
