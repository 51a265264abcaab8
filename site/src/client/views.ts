/**
 * The UI's list items and panels, as functions of data to DOM (through dom.ts: text only).
 * The accessible names here are a contract the browser suite drives: "Fund", "Proof URL",
 * "Submit proof", "Release", "Dispute", "Copy handoff link", "Fee", "Agent payout",
 * "Returned to payer", "Copy receipt link", "Verify receipt", "Import job", "Import receipt".
 */

import type { ActivityEvent, DemoState } from "../../../shared/browser/pack.ts";
import { type JobRecord, nextActions } from "../../../shared/browser/share-links.ts";
import type { Receipt } from "../../../shared/engine/job.ts";
import type { JobStatus } from "../../../shared/protocol/constants.ts";
import type { QuoteAnswer, SimulateAnswer } from "./answers.ts";
import type { ApiResult } from "./api.ts";
import { type Attrs, type Child, credits, h, safeLink } from "./dom.ts";

/** Everything one job item shows. */
export interface JobView {
  job: JobRecord;
  quotes: Partial<Record<"fund" | "release" | "dispute", ApiResult<QuoteAnswer> | "pending">>;
  payerCredits: number;
  busy: boolean;
  error?: string;
  link?: string;
  draft: (name: string) => string;
}

const when = (iso: unknown): string =>
  typeof iso === "string" && iso !== ""
    ? `${new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`
    : "";

/** A labelled value: a <label for> and an <output>, so getByLabel finds the value. */
function value(id: string, label: string, text: Child): HTMLElement {
  return h("div", { class: "kv" }, h("label", { for: id }, label), h("output", { id }, text));
}

/** A text input with a visible label; its value survives re-renders as a draft. */
function field(id: string, label: string, current: string, attrs: Attrs = {}): HTMLElement {
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, label),
    h("input", { id, "data-draft": true, value: current, ...attrs }),
  );
}

/** An item's heading: its title and its status word. */
const itemHead = (title: string, status: string): HTMLElement =>
  h("div", { class: "item-head" }, h("h3", {}, title), h("span", { class: `status ${status}` }, status));

/** A muted label and its text on one line; nothing when the text is absent or empty. */
const line = (label: string, text: Child, attrs: Attrs = {}): HTMLElement | null =>
  text === undefined || text === null || text === ""
    ? null
    : h("p", attrs, h("span", { class: "muted" }, `${label}: `), text);

/** A button of one item; its id lets focus come back to it after a re-render. */
const button = (label: string, action: string, id: string, attrs: Attrs = {}): HTMLButtonElement =>
  h("button", { type: "button", id: `${action}-${id}`, "data-action": action, "data-id": id, ...attrs }, label);

/** The sentence a quote gives for the next action, or what is wrong with it. */
function impact(view: JobView, action: "fund" | "release" | "dispute"): string {
  const quote = view.quotes[action];
  if (quote === undefined) return "";
  const name = `${action[0]!.toUpperCase()}${action.slice(1)}`;
  if (quote === "pending") return `${name}: quoting…`;
  if (!quote.ok) return `${name} is not possible now: ${quote.message}`;
  const q = quote.body;
  switch (action) {
    case "fund":
      return `Fund holds ${credits(view.job.amount)} credits in escrow: payer credits ${credits(view.payerCredits)} → ${credits(q.payer_credits_after!)}. No fee.`;
    case "release":
      return `Release: fee ${credits(q.fee!)}, agent gets ${credits(q.agent_payout!)}.`;
    case "dispute":
      return `Dispute: ${credits(q.returned_to_payer!)} back to payer, no fee; payer credits → ${credits(q.payer_credits_after!)}.`;
  }
}

const STATUS_TEXT = {
  open: "Open: fund it to hold the amount in escrow.",
  funded: "Funded: waiting for the agent's proof.",
  submitted: "Submitted: release or dispute.",
  released: "Released.",
  disputed: "Disputed.",
} as const satisfies Record<JobStatus, string>;

/** One job as a list item, with the controls of its next actions. */
export function jobItem(view: JobView): HTMLLIElement {
  const { job, busy } = view;
  const id = job.id;
  const disabled = busy ? { disabled: true } : {};
  const controls: Child[] = [];
  const next = nextActions(job.status);
  if (next.includes("fund")) {
    controls.push(
      h("p", { class: "impact" }, impact(view, "fund")),
      h(
        "div",
        { class: "row" },
        field(`hold-${id}`, "Hold seconds", view.draft("hold"), {
          inputmode: "numeric",
          placeholder: "optional",
          size: "8",
        }),
        button("Fund", "fund", id, { class: "primary", ...disabled }),
      ),
    );
  }
  if (next.includes("submit")) {
    controls.push(
      h("p", { class: "impact" }, `Submitting proof moves no credits; ${credits(job.amount)} stay held in escrow.`),
      field(`proof-${id}`, "Proof URL", view.draft("proof"), {
        type: "url",
        placeholder: "https://…",
        autocomplete: "off",
      }),
      field(`proofnote-${id}`, "Proof note", view.draft("proofnote"), {
        placeholder: "optional, up to 400 characters",
      }),
      h("div", { class: "row" }, button("Submit proof", "submit", id, { class: "primary", ...disabled })),
    );
  }
  if (next.includes("release")) {
    controls.push(
      h("p", { class: "impact" }, impact(view, "release")),
      h("p", { class: "impact" }, impact(view, "dispute")),
      field(`releasenote-${id}`, "Release note", view.draft("releasenote"), { placeholder: "optional" }),
      field(`disputereason-${id}`, "Dispute reason", view.draft("disputereason"), { placeholder: "optional" }),
      h(
        "div",
        { class: "row" },
        button("Release", "release", id, { class: "primary", ...disabled }),
        button("Dispute", "dispute", id, { class: "danger", ...disabled }),
      ),
    );
  }
  const settled =
    job.status === "released"
      ? `Fee ${credits(job.fee as number)}, agent got ${credits(job.agentPayout as number)}.`
      : job.status === "disputed"
        ? `${credits(job.amount)} credits returned to the payer, no fee.`
        : null;
  return h(
    "li",
    { class: `job status-${job.status}`, "data-job-id": id, "aria-busy": busy ? "true" : false },
    itemHead(job.title, job.status),
    h(
      "p",
      { class: "meta" },
      `${credits(job.amount)} credits · `,
      h("code", {}, id),
      ` · created ${when(job.createdAt)}`,
    ),
    line("Criteria", String(job.criteria), { class: "criteria" }),
    job.proofUrl ? line("Proof", safeLink(job.proofUrl as string)) : null,
    line("Proof note", job.proofNote as string | undefined),
    line("Hold ends", when(job.expiresAt)),
    line("Release note", job.releaseNote as string | undefined),
    line("Dispute reason", job.disputeReason as string | undefined),
    h("p", { class: "state-line" }, STATUS_TEXT[job.status], settled ? ` ${settled}` : ""),
    controls,
    view.error ? h("p", { role: "alert", class: "error" }, view.error) : null,
    h(
      "div",
      { class: "share" },
      button("Copy handoff link", "copy-handoff", id, { class: "quiet" }),
      view.link ? field(`handofflink-${id}`, "Handoff link", view.link, { readonly: true }) : null,
    ),
  );
}

/** One receipt as a list item, its money values labelled. */
export function receiptItem(receipt: Receipt, link?: string, verified?: { ok: boolean; text: string }): HTMLLIElement {
  const id = receipt.job_id;
  const optional: [string, string | undefined][] = [
    ["Client ref", receipt.client_ref],
    ["Callback URL (never fetched)", receipt.callback_url],
    ["Proof note", receipt.proof_note],
    ["Release note", receipt.release_note],
    ["Dispute reason", receipt.dispute_reason],
    ["Key id", receipt.key_id],
  ];
  return h(
    "li",
    { class: `receipt status-${receipt.status}`, "data-job-id": id },
    itemHead(receipt.title, receipt.status),
    h(
      "p",
      { class: "meta" },
      h("code", {}, id),
      ` · ${credits(receipt.amount)} credits · resolved ${when(receipt.resolved)}`,
    ),
    h(
      "div",
      { class: "kv-grid" },
      value(`fee-${id}`, "Fee", credits(receipt.release_fee)),
      value(`payout-${id}`, "Agent payout", credits(receipt.agent_payout)),
      value(`returned-${id}`, "Returned to payer", credits(receipt.returned_to_payer)),
    ),
    h(
      "details",
      {},
      h("summary", {}, "Every field"),
      h(
        "dl",
        { class: "fields" },
        [
          ["Success criteria", receipt.success_criteria],
          ["Proof", receipt.proof],
          ["Created", when(receipt.created)],
          ["Funded", when(receipt.funded)],
          ["Submitted", when(receipt.submitted)],
          ["Resolved", when(receipt.resolved)],
          ...optional.filter(([, v]) => v !== undefined),
        ].map(([name, text]) => [
          h("dt", {}, name as string),
          h("dd", {}, name === "Proof" ? safeLink(String(text)) : String(text)),
        ]),
      ),
    ),
    receipt.key_id ? h("p", { class: "meta" }, "Demo key ", h("code", {}, receipt.key_id)) : null,
    h("p", { class: "muted small" }, "A receipt is not proof of payment: no money moved."),
    verified ? h("p", { class: verified.ok ? "ok-text" : "error", role: "status" }, verified.text) : null,
    h(
      "div",
      { class: "row" },
      button("Verify receipt", "verify-receipt", id),
      button("Copy receipt link", "copy-receipt", id, { class: "quiet" }),
    ),
    link ? field(`receiptlink-${id}`, "Receipt link", link, { readonly: true }) : null,
  );
}

/** One activity event: its kind first, so the text names it. */
export function activityItem(event: ActivityEvent): HTMLLIElement {
  return h(
    "li",
    { class: `event kind-${event.kind}` },
    h("span", { class: "kind" }, event.kind),
    h("span", { class: "text" }, event.text),
    h("time", { datetime: event.at }, when(event.at)),
  );
}

/** The panel of an opened share link, with the import button. */
export function sharedPanel(
  shared: { kind: "handoff"; job: JobRecord } | { kind: "receipt"; receipt: Receipt },
  state: DemoState,
): Child[] {
  if (shared.kind === "handoff") {
    const job = shared.job;
    const known = state.jobs.some((j) => j.id === job.id);
    return [
      h("h2", { id: "shared-title" }, "Shared job"),
      h(
        "p",
        { class: "muted" },
        "Someone handed this job over with a link. It carries the job only: no credits, receipts or demo key.",
      ),
      itemHead(job.title, job.status),
      h("p", { class: "meta" }, `${credits(job.amount)} credits · `, h("code", {}, job.id)),
      line("Criteria", String(job.criteria), { class: "criteria" }),
      job.proofUrl ? line("Proof", safeLink(job.proofUrl as string)) : null,
      h(
        "p",
        {},
        known ? "You already hold a job with this id; importing replaces it." : "Importing adds it to your jobs.",
      ),
      h(
        "div",
        { class: "row" },
        button("Import job", "import-shared", job.id, { class: "primary" }),
        button("Dismiss", "dismiss-shared", job.id, { class: "quiet" }),
      ),
    ];
  }
  const receipt = shared.receipt;
  return [
    h("h2", { id: "shared-title" }, "Shared receipt"),
    h("p", { class: "muted" }, "A receipt shared with a link. Verify it after importing; it is not proof of payment."),
    itemHead(receipt.title, receipt.status),
    h(
      "div",
      { class: "kv-grid" },
      value("shared-fee", "Shared fee", credits(receipt.release_fee)),
      value("shared-payout", "Shared agent payout", credits(receipt.agent_payout)),
      value("shared-returned", "Shared returned to payer", credits(receipt.returned_to_payer)),
    ),
    h(
      "div",
      { class: "row" },
      button("Import receipt", "import-shared", receipt.job_id, { class: "primary" }),
      button("Dismiss", "dismiss-shared", receipt.job_id, { class: "quiet" }),
    ),
  ];
}

/** The result of a simulated walk: the four steps and the money. */
export function simulationPanel(result: SimulateAnswer): Child[] {
  return [
    h("h2", { id: "simulation-title" }, "Simulation"),
    h(
      "p",
      { class: "muted" },
      `The whole walk for "${result.job.title}" ran on the service in one request. Nothing changed here: no balances, jobs or receipts.`,
    ),
    h(
      "ol",
      { class: "steps" },
      result.steps.map((step) =>
        h(
          "li",
          {},
          h("strong", {}, step.action),
          ` → ${step.job.status}`,
          typeof step.payer_credits === "number" ? ` · payer credits ${credits(step.payer_credits)}` : "",
        ),
      ),
    ),
    h(
      "div",
      { class: "kv-grid" },
      value("sim-fee", "Simulated fee", credits(result.fee)),
      value("sim-payout", "Simulated agent payout", credits(result.agent_payout)),
      value("sim-returned", "Simulated returned to payer", credits(result.returned_to_payer)),
    ),
    h("div", { class: "row" }, button("Close simulation", "close-simulation", "sim", { class: "quiet" })),
  ];
}
