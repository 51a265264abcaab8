/**
 * The page's event wiring: each fixed control to its action; one listener each for the controls
 * drawn anew on every render (jobs, receipts, panels), found by data-action and data-id; the
 * URL's share link; and other tabs' changes to the stored state.
 */
import { mintKey, removeKey, saveApiBase } from "./connection.ts";
import { createJob, simulate, updateTitleCount } from "./create-form.ts";
import { exportPack, importPack } from "./demo-pack.ts";
import { $ } from "./dom.ts";
import { verifyReceipt } from "./job-actions.ts";
import { wireJobs } from "./job-wiring.ts";
import { apiBase, refresh, reload, ui } from "./page-state.ts";
import { clearShareLink, copyHandoff, copyReceiptLink, importShared, openPasted, readShareLink } from "./sharing-ui.ts";
import { STORAGE_KEYS } from "./store.ts";
import { reset, topUp } from "./wallet.ts";

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
  $("export-pack").addEventListener("click", exportPack);
  const file = $("pack-file") as HTMLInputElement;
  $("import-pack").addEventListener("click", () => file.click());
  file.addEventListener("change", () => {
    const chosen = file.files?.[0];
    file.value = "";
    if (chosen) void importPack(chosen);
  });
  $("link-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const pasted = $("paste-link") as HTMLInputElement;
    if (openPasted(pasted.value)) pasted.value = "";
  });
  $("reset").addEventListener("click", () => void reset());
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
      copyHandoff(id);
      break;
    case "copy-receipt":
      copyReceiptLink(id);
      break;
    case "verify-receipt":
      void verifyReceipt(id);
      break;
    case "import-shared":
      importShared();
      break;
    case "dismiss-shared":
      clearShareLink();
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
  window.addEventListener("hashchange", readShareLink);
  // Another tab changed the state: follow it, so two tabs never overwrite each other blindly.
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.state || event.key === STORAGE_KEYS.key) reload();
  });
}
