/**
 * Export and import of the demo pack (D20): one JSON file of the whole state, without the demo
 * key. Import checks the whole file first, then replaces everything; a bad file changes nothing.
 */
import { parsePack, toPack } from "../../../shared/browser/pack.ts";
import { credits, h } from "./dom.ts";
import { alertPage, statusPage } from "./notices.ts";
import { commit, page, ui } from "./page-state.ts";
import { clearViewState } from "./view-state.ts";

/** Largest file import reads; a pack of the most jobs and receipts a pack may hold fits well within. */
const PACK_BYTES_MAX = 5_000_000;

/** Downloads the state as a dated demo pack file; the export is in it as its newest event. */
export function exportPack(): void {
  commit(page.state, {
    kind: "export",
    text: `Exported a demo pack: ${page.state.jobs.length} jobs, ${page.state.receipts.length} receipts.`,
  });
  const blob = new Blob([`${JSON.stringify(toPack(page.state), null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  const link = h("a", { href: url, download: `agent-escrow-demo-pack-${stamp}.json`, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  statusPage("Demo pack exported. It holds no demo key.");
}

/** Replaces the whole state with the pack in `file`, or says why it is not one. */
export async function importPack(file: File): Promise<void> {
  if (file.size > PACK_BYTES_MAX) {
    alertPage(`Not a demo pack: the file is larger than ${credits(PACK_BYTES_MAX)} bytes. Nothing changed.`);
    return;
  }
  const pack = parsePack(await file.text());
  if (!pack.ok) {
    alertPage(`${pack.message} Nothing changed.`);
    return;
  }
  alertPage(null);
  clearViewState(ui);
  commit(pack.value, {
    kind: "import",
    text: `Imported a demo pack: ${pack.value.jobs.length} jobs, ${pack.value.receipts.length} receipts. Everything before it was replaced.`,
  });
  statusPage("Demo pack imported.");
}
