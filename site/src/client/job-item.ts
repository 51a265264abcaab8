/**
 * One job as a list item: what it is, where it stands (its stepper, and its hold counting down),
 * and the controls of its next actions with the money impact each would have, quoted by the
 * service before the click. The accessible names are a contract the browser suite drives:
 * "Steps", the hold's timer, "Fund", "Hold seconds", "Proof URL", "Proof note",
 * "Submit proof", "Release note", "Dispute reason", "Release", "Dispute", "Copy handoff link",
 * "Handoff link" ("Hand-back link" on a received job); a job imported from a handoff link shows its seal check (seal-badge.ts). Once a
 * held job's hold ends, the engine refuses its release (hold_expired; dispute stays allowed), so
 * the item says so, Dispute is its primary button and Release is disabled with its reason. A job
 * received through a handoff link is its payer's (D28): its item says so and offers only the
 * receiver's steps, "Submit proof" and "Copy hand-back link".
 */
import type { JobRecord } from "../../../client/index.ts";
import { nextActions } from "../../../shared/client-state/share-links.ts";
import { holdEnd, holdNote } from "./countdown.ts";
import { type Child, credits, figure, h, safeLink } from "./dom.ts";
import { FIELD_LABELS } from "./field-labels.ts";
import { pastHold, statusText } from "./job-status.ts";
import { moneyFlow } from "./money-flow.ts";
import { pageWords } from "./page-words.ts";
import type { Quote, QuotedAction } from "./quotes.ts";
import { sealBadge } from "./seal-badge.ts";
import type { SealCheck } from "./seal-checks.ts";
import { stepper } from "./stepper.ts";
import { button, field, itemHead, line, when } from "./view-parts.ts";

/** Everything one job item shows. */
export interface JobView {
  job: JobRecord;
  quotes: Partial<Record<QuotedAction, Quote>>;
  payerCredits: number;
  busy: boolean;
  error?: string;
  link?: string;
  /** The seal check of a job imported from a handoff link; other jobs show none. */
  seal?: SealCheck;
  /** What a receipt imported from a link says of a job held at an earlier step (settledNote). */
  settled?: string;
  /** True for a job received through a handoff link: its payer is someone else (D28). */
  received: boolean;
  draft: (name: string) => string;
  /** The time the page is drawn at (ms), for the hold's countdown. */
  now: number;
}

/** The sentence a quote gives for the next action, or what is wrong with it. */
function impact(view: JobView, action: QuotedAction): string {
  const quote = view.quotes[action];
  if (quote === undefined) return "";
  const name = `${action[0]!.toUpperCase()}${action.slice(1)}`;
  if (quote === "pending") return `${name}: quoting…`;
  if (!quote.ok) return `${name} is not possible now: ${pageWords(quote.message)}`;
  // Which members a quote holds depends on its action; each case reads its own.
  switch (action) {
    case "fund":
      return `Fund holds ${credits(view.job.amount)} credits in escrow: payer credits ${credits(view.payerCredits)} → ${figure(quote.payer_credits_after)}. No fee.`;
    case "release":
      return `Release: fee ${figure(quote.fee)}, agent gets ${figure(quote.agent_payout)}.`;
    case "dispute":
      return `Dispute: ${figure(quote.returned_to_payer)} back to payer, no fee; payer credits → ${figure(quote.payer_credits_after)}.`;
  }
}

/** The controls of a job's next actions, each with its money impact above it. */
function controls(view: JobView): Child[] {
  const id = view.job.id;
  const disabled = view.busy ? { disabled: true } : {};
  // A received job's fund, release and dispute are its payer's (D28): only submit is offered.
  const next = nextActions(view.job.status).filter((a) => !view.received || a === "submit");
  const shown: Child[] = [];
  if (next.includes("fund")) {
    shown.push(
      h("p", { class: "impact" }, impact(view, "fund")),
      h(
        "div",
        { class: "row" },
        field(`hold-${id}`, FIELD_LABELS.ttl_seconds, view.draft("hold"), {
          inputmode: "numeric",
          placeholder: "optional",
          size: "8",
        }),
        button("Fund", "fund", id, { class: "primary", ...disabled }),
      ),
    );
  }
  if (next.includes("submit")) {
    shown.push(
      h(
        "p",
        { class: "impact" },
        `Submitting proof moves no credits; ${credits(view.job.amount)} stay held in escrow.`,
      ),
      field(`proof-${id}`, FIELD_LABELS.proof_url, view.draft("proof"), {
        type: "url",
        placeholder: "https://…",
        autocomplete: "off",
      }),
      field(`proofnote-${id}`, FIELD_LABELS.proof_note, view.draft("proofnote"), {
        placeholder: "optional, up to 400 characters",
      }),
      h("div", { class: "row" }, button("Submit proof", "submit", id, { class: "primary", ...disabled })),
    );
  }
  if (next.includes("release") && pastHold(view.job, view.now)) {
    // The engine answers hold_expired to a release now: Dispute leads; Release stays in view,
    // not primary, disabled, and says why.
    const reason = `release-reason-${id}`;
    shown.push(
      h("p", { class: "impact" }, impact(view, "dispute")),
      field(`disputereason-${id}`, FIELD_LABELS.dispute_reason, view.draft("disputereason"), {
        placeholder: "optional",
      }),
      h(
        "div",
        { class: "row" },
        button("Dispute", "dispute", id, { class: "primary", ...disabled }),
        button("Release", "release", id, { class: "quiet", disabled: true, "aria-describedby": reason }),
      ),
      h("p", { id: reason, class: "impact" }, `Release is refused: the hold ended at ${holdEnd(view.job, view.now)}.`),
    );
  } else if (next.includes("release")) {
    shown.push(
      h("p", { class: "impact" }, impact(view, "release")),
      h("p", { class: "impact" }, impact(view, "dispute")),
      field(`releasenote-${id}`, FIELD_LABELS.release_note, view.draft("releasenote"), { placeholder: "optional" }),
      field(`disputereason-${id}`, FIELD_LABELS.dispute_reason, view.draft("disputereason"), {
        placeholder: "optional",
      }),
      h(
        "div",
        { class: "row" },
        button("Release", "release", id, { class: "primary", ...disabled }),
        button("Dispute", "dispute", id, { class: "danger", ...disabled }),
      ),
    );
  }
  return shown;
}

/** One job as a list item, with the controls of its next actions. */
export function jobItem(view: JobView): HTMLLIElement {
  const { job, busy } = view;
  const id = job.id;
  const settled =
    job.status === "released"
      ? `Fee ${credits(job.fee)}, agent got ${credits(job.agentPayout)}.`
      : job.status === "disputed"
        ? `${credits(job.amount)} credits returned to the payer, no fee.`
        : null;
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
    line("Criteria", String(job.criteria), { class: "criteria" }),
    job.proofUrl ? line("Proof", safeLink(job.proofUrl)) : null,
    line("Proof note", job.proofNote),
    stepper(job),
    moneyFlow(job),
    holdNote(job, view.now) ?? line("Hold ends", when(job.expiresAt)),
    line("Release note", job.releaseNote),
    line("Dispute reason", job.disputeReason),
    h("p", { class: "state-line" }, statusText(job, view.now, view.received), settled ? ` ${settled}` : ""),
    view.settled ? h("p", { class: "state-line" }, view.settled) : null,
    controls(view),
    view.error ? h("p", { role: "alert", class: "error" }, pageWords(view.error)) : null,
    h(
      "div",
      { class: "share" },
      button(view.received ? "Copy hand-back link" : "Copy handoff link", "copy-handoff", id, {
        class: view.received && job.status === "submitted" ? "primary" : "quiet",
      }),
      view.link
        ? field(`handofflink-${id}`, view.received ? "Hand-back link" : "Handoff link", view.link, { readonly: true })
        : null,
    ),
  );
}
