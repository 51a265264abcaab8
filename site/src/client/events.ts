/**
 * The page's event wiring: each fixed control to its action; one listener each for the controls
 * drawn anew on every render (jobs, receipts, panels), found by data-action and data-id; the
 * URL's share link; and other tabs' changes to the stored state.
 */

import { findShareToken } from "../../../shared/client-state/share-links.ts";
import { mintKey, removeKey, saveApiBase } from "./connection.ts";
import { createJob, simulate, updateTitleCount } from "./create-form.ts";
import { $ } from "./dom.ts";
import { verifyReceipt } from "./job-actions.ts";
import { wireJobs } from "./job-wiring.ts";
import { alertPage } from "./notices.ts";
import { type OnDemand, onDemand, replaceQuestion } from "./on-demand.ts";
import { apiBase, refresh, reload, ui } from "./page-state.ts";
import { STORAGE_KEYS } from "./store.ts";
import { reset, topUp } from "./wallet.ts";

/** Opening, copying and importing share links (sharing-ui.ts), loaded on first use. */
const links = onDemand(() => import("./sharing-ui.ts"));
/** Export and import of the demo pack (demo-pack.ts), loaded on first use. */
const packs = onDemand(() => import("./demo-pack.ts"));

/** Runs `use` with `part` once loaded (on-demand.ts), or says at the top that it could not be. */
async function withPart<T>(part: OnDemand<T>, use: (loaded: T) => unknown): Promise<void> {
  let loaded: T;
  try {
    loaded = await part.load();
  } catch {
    alertPage("This part of the page could not be loaded from the server. Reload the page and try again.");
    return;
  }
  await use(loaded);
}

/**
 * Follows the page's address: a share link in it opens in the shared panel (its code loads
 * first); without one, an open panel closes. Draws the page either way.
 */
export function followAddress(): Promise<void> {
  if (!findShareToken(new URL(location.href)) && ui.shared === null) {
    refresh();
    return Promise.resolve();
  }
  return withPart(links, (part) => part.readShareLink());
}

/** The fixed controls of index.astro, each to its action. */
function wireControls(): void {
  $("create-form").addEventListener("submit", (event) => {
    event.preventDefault();
    void createJob();
  });
  $("simulate-button").addEventListener("click", () => void simulate());
  $("topup-form").addEventListener("submit", (event) => {
    event.preventDefault();
    topUp();
  });
  $("title").addEventListener("input", updateTitleCount);
  $("export-pack").addEventListener("click", () => withPart(packs, (part) => part.exportPack()));
  const file = $("pack-file") as HTMLInputElement;
  $("import-pack").addEventListener("click", () => file.click());
  file.addEventListener("change", () => {
    const chosen = file.files?.[0];
    file.value = "";
    if (chosen) void withPart(packs, (part) => part.importPack(chosen));
  });
  $("link-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const pasted = $("paste-link") as HTMLInputElement;
    void withPart(links, async (part) => {
      if (await part.openPasted(pasted.value)) pasted.value = "";
    });
  });
  $("reset").addEventListener("click", () => void withPart(replaceQuestion, reset));
  $("mint-key").addEventListener("click", mintKey);
  $("remove-key").addEventListener("click", removeKey);
  $("api-form").addEventListener("submit", (event) => {
    event.preventDefault();
    saveApiBase();
  });
  const base = $("api-base") as HTMLInputElement;
  base.value = apiBase();
  base.placeholder = location.origin;
}

/** A click on a rendered item button (view-parts.ts `button`), by its data-action. */
function onAction(event: MouseEvent): void {
  const button = (event.target as Element).closest<HTMLButtonElement>("button[data-action]");
  if (!button || button.disabled) return;
  const { action, id = "" } = button.dataset;
  switch (action) {
    case "copy-handoff":
      void withPart(links, (part) => part.copyHandoff(id));
      break;
    case "copy-receipt":
      void withPart(links, (part) => part.copyReceiptLink(id));
      break;
    case "verify-receipt":
      void verifyReceipt(id);
      break;
    case "import-shared":
      void withPart(links, (part) => part.importShared());
      break;
    case "dismiss-shared":
      void withPart(links, (part) => part.clearShareLink());
      break;
    case "close-simulation":
      ui.simulation = null;
      refresh();
      break;
  }
}

/** Wires every control and listener of the page, once. */
export function wire(): void {
  wireControls();
  wireJobs();
  // Job, receipt and shared-link controls are rendered anew; one listener each serves them all.
  document.addEventListener("input", (event) => {
    const target = event.target as HTMLInputElement;
    if (target.hasAttribute?.("data-draft")) ui.drafts.set(target.id, target.value);
  });
  document.addEventListener("click", onAction);
  window.addEventListener("hashchange", () => void followAddress());
  // Another tab changed the state: follow it, so two tabs never overwrite each other blindly.
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.state || event.key === STORAGE_KEYS.key) reload();
  });
}
