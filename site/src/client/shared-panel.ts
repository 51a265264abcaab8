/**
 * The panel of an opened share link (D19): what the link holds, and whether importing adds or
 * replaces. Accessible names the browser suite drives: "Import job", "Import receipt",
 * "Dismiss", "Import anyway" (a job not yours whose seal does not hold, a receipt whose signature
 * does not vouch for it: hand-back-gate.ts, receipt-gate.ts), the list
 * "Differences" of a refused hand-back (hand-back-gate.ts), "Shared fee", "Shared agent payout", "Shared returned to payer", and a receipt's
 * verification badge with its "Mismatches"; and the seal check of a shared job or the signature
 * check of a shared receipt (seal-badge.ts).
 */
import { afterHandoff, type DemoState, isReceived, type JobRecord, type Shared } from "../../../client/index.ts";
import { type Child, credits, h, safeLink } from "./dom.ts";
import { type Gate, handBackGate } from "./hand-back-gate.ts";
import { receiptGate } from "./receipt-gate.ts";
import { sealBadge } from "./seal-badge.ts";
import type { SealCheck } from "./seal-checks.ts";
import { type Verdict, verdictView } from "./verdict.ts";
import { button, itemHead, labelled, line } from "./view-parts.ts";

const CARRIES = "The link carries the job only: no credits, receipts or demo key.";

/** What a hand-back of your own job that came back with proof says: that it brings the proof, unless it is refused (D28). */
const backWithProof = (refused: boolean): string =>
  refused
    ? "Your job came back from its agent with proof, but this link cannot be imported: it changes more than its worker's step (below)."
    : "Your job came back from its agent with proof: importing brings the proof into your copy.";

/**
 * What a handed-off job is, from the visitor's side and for its status: a
 * hand-back of your own job, or a job someone else pays for, at the step it stands.
 */
export function sharedIntro(state: DemoState, job: JobRecord): string {
  const own = state.jobs.some((j) => j.id === job.id) && !isReceived(state, job.id);
  const amount = credits(job.amount);
  const said = own
    ? job.status === "submitted"
      ? backWithProof(!afterHandoff(state, job).ok)
      : `A link to your own job, ${job.status}.`
    : {
        open: `Someone handed you this job before funding it: only its payer can fund its ${amount} credits.`,
        funded: `Its payer funded this job with ${amount} credits and handed it to you: submit proof, then send the hand-back link.`,
        submitted: "This job has its proof: its payer releases or disputes it.",
        released: `This job is settled: released, ${credits(job.agentPayout)} to its agent.`,
        disputed: `This job is settled: disputed, all ${amount} credits back to its payer.`,
      }[job.status];
  return `${said} ${CARRIES}`;
}

/**
 * The panel of an opened share link, with the import button. `check` is the shared job's seal
 * check, or the shared receipt's signature check.
 */
export function sharedPanel(shared: Shared, state: DemoState, verdict: Verdict | null, check: SealCheck): Child[] {
  if (shared.kind === "handoff") {
    const job = shared.job;
    const gate = handBackGate(state, job, check);
    return [
      h("h2", { id: "shared-title" }, "Shared job"),
      h("p", { class: "muted" }, sharedIntro(state, job)),
      itemHead(job.title, job.status),
      sealBadge("seal", gate.check),
      h("p", { class: "meta" }, `${credits(job.amount)} credits · `, h("code", {}, job.id)),
      line("Criteria", String(job.criteria), { class: "criteria" }),
      job.proofUrl ? line("Proof", safeLink(job.proofUrl)) : null,
      gate.note,
      importRow("Import job", job.id, gate),
    ];
  }
  const receipt = shared.receipt;
  const gate = receiptGate(state, receipt, check);
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
    gate.note,
    importRow("Import receipt", receipt.job_id, gate),
  ];
}

/** Import (disabled, named by the note, when the gate blocks it), Import anyway when offered, and Dismiss. */
function importRow(name: string, id: string, gate: Gate): HTMLElement {
  const blocked = gate.blocked ? { disabled: true, "aria-describedby": "shared-import-note" } : {};
  return h(
    "div",
    { class: "row" },
    button(name, "import-shared", id, { class: gate.blocked ? "quiet" : "primary", ...blocked }),
    gate.anyway ? button("Import anyway", "import-shared", id, { id: `import-anyway-${id}`, class: "danger" }) : null,
    button("Dismiss", "dismiss-shared", id, { class: "quiet" }),
  );
}
