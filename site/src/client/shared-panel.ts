/**
 * The panel of an opened share link (D19): what the link holds, and whether importing adds or
 * replaces. Accessible names the browser suite drives: "Import job", "Import receipt",
 * "Dismiss", "Shared fee", "Shared agent payout", "Shared returned to payer", and a receipt's
 * verification badge with its "Mismatches"; and the seal check of a shared job or the signature
 * check of a shared receipt (seal-badge.ts).
 */
import { afterHandoff, type DemoState, isReceived, type JobRecord, type Shared } from "../../../client/index.ts";
import { type Child, credits, h, safeLink } from "./dom.ts";
import { sealBadge } from "./seal-badge.ts";
import type { SealCheck } from "./seal-checks.ts";
import { type Verdict, verdictView } from "./verdict.ts";
import { button, itemHead, labelled, line } from "./view-parts.ts";

/** What importing the handed-off `job` does: a job this page created takes its proof; any other is received (D28). */
function importNote(state: DemoState, job: JobRecord): string {
  const held = state.jobs.some((j) => j.id === job.id);
  if (held && !isReceived(state, job.id)) return "This is your job: importing brings its worker's step into your copy.";
  const receivedJob =
    `It stays its payer's: its ${credits(job.amount)} credits are not in your balances, and only the payer can fund, ` +
    "release or dispute it. You can submit proof and hand it back.";
  return held
    ? `You received this job before; importing replaces your copy. ${receivedJob}`
    : `Importing adds it to your jobs as received. ${receivedJob}`;
}

/**
 * The panel of an opened share link, with the import button. `check` is the shared job's seal
 * check, or the shared receipt's signature check.
 */
export function sharedPanel(shared: Shared, state: DemoState, verdict: Verdict | null, check: SealCheck): Child[] {
  if (shared.kind === "handoff") {
    const job = shared.job;
    const taken = afterHandoff(state, job);
    return [
      h("h2", { id: "shared-title" }, "Shared job"),
      h(
        "p",
        { class: "muted" },
        "Someone handed this job over with a link. It carries the job only: no credits, receipts or demo key.",
      ),
      itemHead(job.title, job.status),
      sealBadge("seal", check),
      h("p", { class: "meta" }, `${credits(job.amount)} credits · `, h("code", {}, job.id)),
      line("Criteria", String(job.criteria), { class: "criteria" }),
      job.proofUrl ? line("Proof", safeLink(job.proofUrl)) : null,
      taken.ok
        ? h("p", { id: "shared-import-note" }, importNote(state, job))
        : h("p", { id: "shared-import-note", class: "error" }, taken.message),
      h(
        "div",
        { class: "row" },
        button("Import job", "import-shared", job.id, {
          class: "primary",
          ...(!taken.ok && { disabled: true, "aria-describedby": "shared-import-note" }),
        }),
        button("Dismiss", "dismiss-shared", job.id, { class: "quiet" }),
      ),
    ];
  }
  const receipt = shared.receipt;
  return [
    h("h2", { id: "shared-title" }, "Shared receipt"),
    h(
      "p",
      { class: "muted" },
      "A receipt shared with a link, verified by the service as it opened. It is not proof of payment.",
    ),
    itemHead(receipt.title, receipt.status),
    sealBadge("signature", check),
    verdictView(verdict ?? undefined),
    h(
      "div",
      { class: "kv-grid" },
      labelled("shared-fee", "Shared fee", credits(receipt.release_fee)),
      labelled("shared-payout", "Shared agent payout", credits(receipt.agent_payout)),
      labelled("shared-returned", "Shared returned to payer", credits(receipt.returned_to_payer)),
    ),
    h(
      "div",
      { class: "row" },
      button("Import receipt", "import-shared", receipt.job_id, { class: "primary" }),
      button("Dismiss", "dismiss-shared", receipt.job_id, { class: "quiet" }),
    ),
  ];
}
