/**
 * Share links (D19), made and read by the keeper (client/sharing.ts): Copy handoff link and Copy
 * receipt link show the link in the item and copy it; opening a page with a link in its hash or
 * query, or pasting one into Open a link, shows what it holds in the shared panel, where one click
 * imports it; a receipt is verified by the service as it opens. A link that does not decode or
 * validate changes nothing.
 */
import type { Shared } from "../../../client/index.ts";
import { openLink } from "../../../client/sharing.ts";
import { findShareToken } from "../../../shared/client-state/share-links.ts";
import { $ } from "./dom.ts";
import { handBackGate } from "./hand-back-gate.ts";
import { jobNode, land } from "./landing.ts";
import { alertPage, errorBy, statusPage } from "./notices.ts";
import { linkPanel } from "./on-demand.ts";
import { apiBase, clearAllErrors, keeper, refresh, ui } from "./page-state.ts";
import { receiptGate } from "./receipt-gate.ts";
import { verdictOf } from "./verdict.ts";

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

const pageUrl = (): string => `${location.origin}${location.pathname}`;

/** Shows the share link `link` in its item (under ui.links `<kind>-<id>`) and copies it. */
async function showLink(kind: Shared["kind"], id: string, link: string, copied: string): Promise<void> {
  ui.links.set(`${kind}-${id}`, link);
  refresh();
  const name = kind === "handoff" ? "Handoff" : "Receipt";
  statusPage((await copy(link)) ? copied : `${name} link ready below; copy it by hand.`);
}

/** Shows and copies the handoff link of job `id`: the job only; for a received job, the link back to its payer (D28). */
export function copyHandoff(id: string): void {
  const made = keeper.handoffLink(id, pageUrl());
  const copied = keeper.received(id)
    ? "Hand-back link copied: send it to the job's payer, who imports it to see your step."
    : "Handoff link copied. It carries the job only: no credits, receipts or key.";
  if (made.ok) void showLink("handoff", id, made.link, copied);
}

/** Shows and copies the receipt link of job `jobId`'s receipt. */
export function copyReceiptLink(jobId: string): void {
  const made = keeper.receiptLink(jobId, pageUrl());
  if (made.ok) void showLink("receipt", jobId, made.link, "Receipt link copied.");
}

/** Shows what a link holds in the shared panel; a receipt is verified by the service as it opens. */
function show(shared: Shared): void {
  statusPage(""); // an older "link copied" is not about what opens now
  ui.shared = shared;
  ui.sharedVerdict = null;
  if (shared.kind !== "receipt") return;
  ui.sharedVerdict = { state: "pending" };
  void keeper.api.verify({ receipt: shared.receipt }).then((answer) => {
    if (ui.shared !== shared) return;
    ui.sharedVerdict = verdictOf(answer);
    refresh();
  });
}

/** The job or receipt a link holds, by its title. */
const titleOf = (shared: Shared): string => (shared.kind === "handoff" ? shared.job.title : shared.receipt.title);

/** Draws the shared panel of `shared` on screen (its code loaded first), its heading focused, and says so (landing.ts). */
async function landOnPanel(shared: Shared): Promise<void> {
  await linkPanel.load();
  clearAllErrors();
  show(shared);
  refresh();
  land($("shared"), `Opened the ${shared.kind} link of "${titleOf(shared)}". Import it, or Dismiss.`);
}

/** Reads the share link of the page's URL, if it has one, into the shared panel (or an alert). */
export async function readShareLink(): Promise<void> {
  ui.shared = null;
  ui.sharedVerdict = null;
  if (findShareToken(new URL(location.href))) {
    const read = openLink(location.href);
    if (read.ok) return landOnPanel(read);
    alertPage(read.message);
  }
  refresh();
}

/** Opens a pasted handoff or receipt link (or a bare h1./r1. token) in the shared panel, or says by the field why it cannot. */
export async function openPasted(text: string): Promise<boolean> {
  const read = openLink(text.trim());
  if (!read.ok) {
    errorBy($("paste-link"), read.message);
    return false;
  }
  await landOnPanel(read);
  return true;
}

/** Closes the shared panel and takes the link out of the address bar. */
export function clearShareLink(): void {
  ui.shared = null;
  ui.sharedVerdict = null;
  history.replaceState(null, "", location.pathname);
  refresh();
}

/**
 * Imports what the shared panel shows, through the keeper: the job (replacing one with its id) or
 * the receipt, which keeps the verdict it was shown with.
 */
export function importShared(): void {
  const shared = ui.shared;
  const verdict = ui.sharedVerdict;
  if (!shared) return;
  // An own job's hand-back waits for its seal check and is blocked when the seal does not hold;
  // a receipt waits for its signature check; one that is not yours, or a receipt that does not
  // vouch for itself, is taken on "Import anyway" (hand-back-gate.ts, receipt-gate.ts).
  const check =
    shared.kind === "handoff"
      ? ui.seals.get("seal", shared.job, apiBase())
      : ui.seals.get("signature", shared.receipt, apiBase());
  const gate =
    shared.kind === "handoff"
      ? handBackGate(keeper.state, shared.job, check)
      : receiptGate(keeper.state, shared.receipt, check);
  if (gate.blocked && !gate.anyway) {
    refresh();
    return;
  }
  // A hand-back that changes more than its worker's step is refused (D28): the panel stays, saying why.
  // A receipt settles the job held only when its signature holds for the service's keys (checked here).
  const imported = keeper.importLink(shared, { signatureValid: shared.kind === "receipt" && check.state === "valid" });
  if (!imported.ok) {
    refresh();
    return;
  }
  if (shared.kind === "handoff") {
    ui.jobErrors.delete(shared.job.id);
    ui.handedOff.add(shared.job.id);
  } else if (verdict && verdict.state !== "pending") ui.verified.set(shared.receipt.job_id, verdict);
  else ui.verified.delete(shared.receipt.job_id);
  statusPage("");
  clearShareLink();
  const id = shared.kind === "handoff" ? shared.job.id : shared.receipt.job_id;
  const what = `${shared.kind === "handoff" ? "job" : "receipt of"} "${titleOf(shared)}"`;
  land(
    shared.kind === "handoff" ? jobNode(id) : document.querySelector(`#receipts li[data-job-id="${CSS.escape(id)}"]`),
    !imported.changed
      ? `Already up to date: the ${what} is held here as the link has it. Nothing changed.`
      : imported.settled
        ? `Imported the ${what}: it settled the job here, now ${imported.settled.status}.`
        : `Imported the ${what}.`,
  );
}
