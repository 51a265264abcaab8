/**
 * Share links (D19), made and read by the keeper (client/sharing.ts): Copy handoff link and Copy
 * receipt link show the link in the item and copy it; opening a page with a link in its hash or
 * query shows what it holds in the shared panel, where one click imports it. A link that does
 * not decode or validate changes nothing.
 */
import type { Shared } from "../../../client/index.ts";
import { openLink } from "../../../client/sharing.ts";
import { findShareToken } from "../../../shared/browser/share-links.ts";
import { $ } from "./dom.ts";
import { alertPage, statusPage } from "./notices.ts";
import { keeper, refresh, ui } from "./page-state.ts";

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

/** Shows and copies the handoff link of job `id`: the job only. */
export function copyHandoff(id: string): void {
  const made = keeper.handoffLink(id, pageUrl());
  if (made.ok)
    void showLink(
      "handoff",
      id,
      made.link,
      "Handoff link copied. It carries the job only: no credits, receipts or key.",
    );
}

/** Shows and copies the receipt link of job `jobId`'s receipt. */
export function copyReceiptLink(jobId: string): void {
  const made = keeper.receiptLink(jobId, pageUrl());
  if (made.ok) void showLink("receipt", jobId, made.link, "Receipt link copied.");
}

/** Reads the share link of the page's URL, if it has one, into the shared panel (or an alert). */
export function readShareLink(): void {
  ui.shared = null;
  if (findShareToken(new URL(location.href))) {
    const read = openLink(location.href);
    if (!read.ok) alertPage(read.message);
    else {
      alertPage(null);
      ui.shared = read;
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

/** Imports what the shared panel shows, through the keeper: the job (replacing one with its id) or the receipt. */
export function importShared(): void {
  const shared = ui.shared;
  if (!shared) return;
  clearShareLink();
  if (shared.kind === "handoff") ui.jobErrors.delete(shared.job.id);
  keeper.importLink(shared);
}
