/**
 * Share links (D19): Copy handoff link and Copy receipt link show the link in the item and copy
 * it; opening a page with a link in its hash or query shows what it holds in the shared panel,
 * where one click imports it. A link that does not decode or validate changes nothing.
 */
import {
  decodeHandoff,
  decodeReceipt,
  encodeHandoff,
  encodeReceipt,
  findShareToken,
} from "../../../shared/browser/share-links.ts";
import { $ } from "./dom.ts";
import { alertPage, statusPage } from "./notices.ts";
import { commit, page, refresh, ui } from "./page-state.ts";
import type { SharedLink } from "./shared-panel.ts";
import { upsertJob, upsertReceipt } from "./upsert.ts";

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

const pageUrl = (): string => `${location.origin}${location.pathname}`;

/** Shows the share link `#<kind>/<token>` in its item (under ui.links `<kind>-<id>`) and copies it. */
async function shareLink(kind: "handoff" | "receipt", id: string, token: string, copied: string): Promise<void> {
  const link = `${pageUrl()}#${kind}/${token}`;
  ui.links.set(`${kind}-${id}`, link);
  refresh();
  const name = kind === "handoff" ? "Handoff" : "Receipt";
  statusPage((await copy(link)) ? copied : `${name} link ready below; copy it by hand.`);
}

/** Shows and copies the handoff link of job `id`: the job only. */
export function copyHandoff(id: string): void {
  const job = page.state.jobs.find((j) => j.id === id);
  if (job)
    void shareLink(
      "handoff",
      id,
      encodeHandoff(job),
      "Handoff link copied. It carries the job only: no credits, receipts or key.",
    );
}

/** Shows and copies the receipt link of job `jobId`'s receipt. */
export function copyReceiptLink(jobId: string): void {
  const receipt = page.state.receipts.find((r) => r.job_id === jobId);
  if (receipt) void shareLink("receipt", jobId, encodeReceipt(receipt), "Receipt link copied.");
}

/** The share link in `url`, decoded and checked: what it holds, why it is refused, or null for none. */
function sharedIn(url: URL): { ok: true; value: SharedLink } | { ok: false; message: string } | null {
  const found = findShareToken(url);
  if (!found) return null;
  if (found.kind === "handoff") {
    const read = decodeHandoff(found.token);
    return read.ok ? { ok: true, value: { kind: "handoff", job: read.value } } : read;
  }
  const read = decodeReceipt(found.token);
  return read.ok ? { ok: true, value: { kind: "receipt", receipt: read.value } } : read;
}

/** Reads the share link of the page's URL, if any, into the shared panel (or an alert). */
export function readShareLink(): void {
  const read = sharedIn(new URL(location.href));
  ui.shared = null;
  if (read) {
    if (!read.ok) alertPage(`${read.message} Nothing changed.`);
    else {
      alertPage(null);
      ui.shared = read.value;
    }
  }
  refresh();
  if (ui.shared) $("shared").scrollIntoView({ block: "start" });
}

/** Closes the shared panel and takes the link out of the address bar. */
export function clearShareLink(): void {
  ui.shared = null;
  history.replaceState(null, "", location.pathname);
  refresh();
}

/** Imports what the shared panel shows: the job (replacing one with its id) or the receipt. */
export function importShared(): void {
  const shared = ui.shared;
  if (!shared) return;
  clearShareLink();
  if (shared.kind === "handoff") {
    ui.jobErrors.delete(shared.job.id);
    commit(
      { ...page.state, jobs: upsertJob(page.state.jobs, shared.job) },
      { kind: "import", text: `Imported job "${shared.job.title}" (${shared.job.status}) from a handoff link.` },
    );
  } else {
    commit(
      { ...page.state, receipts: upsertReceipt(page.state.receipts, shared.receipt) },
      { kind: "import", text: `Imported the receipt of "${shared.receipt.title}" from a receipt link.` },
    );
  }
}
