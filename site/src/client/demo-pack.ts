/**
 * Export and import of the demo pack (D20): one JSON file of the whole state, without the demo
 * key, written and read by the keeper (client/sharing.ts). The page adds the download and the
 * file chooser. Import checks the whole file first, then asks before it replaces everything
 * (confirm-replace.ts); a bad file or a no changes nothing.
 */
import { PACK_BYTES_MAX, readPackText } from "../../../client/sharing.ts";
import { askToReplace, holdings } from "./confirm-replace.ts";
import { $, h } from "./dom.ts";
import { land } from "./landing.ts";
import { errorBy, statusPage } from "./notices.ts";
import { clearAllErrors, keeper, ui } from "./page-state.ts";
import { clearViewState } from "./view-state.ts";

/** Downloads the state as a dated demo pack file; the export is in it as its newest event. */
export function exportPack(): void {
  const blob = new Blob([keeper.exportPack()], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  const link = h("a", { href: url, download: `agent-escrow-demo-pack-${stamp}.json`, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  statusPage("Demo pack exported. It holds no demo key.");
}

/**
 * Replaces the whole state with the pack in `file` once the person says so, or says why it is not
 * one. At most one byte over the limit is read, so a larger file is refused without reading it
 * all. The pack is checked before the question, and what the page shows about the old state is
 * forgotten only after a yes, so a bad pack or a no changes nothing.
 */
export async function importPack(file: File): Promise<void> {
  const button = $("import-pack");
  const text = await file.slice(0, PACK_BYTES_MAX + 1).text();
  const read = readPackText(text);
  if (!read.ok) {
    errorBy(button, read.message);
    return;
  }
  // A pack that reads takes away the errors shown, an earlier pack's too.
  clearAllErrors();
  const sure = await askToReplace(
    "Import this demo pack?",
    `${file.name} holds ${holdings(read.state)}. Importing it replaces everything here: ` +
      `you would lose ${holdings(keeper.state)}.`,
    button,
  );
  if (!sure) return;
  clearViewState(ui);
  keeper.importPack(text);
  land($("jobs-title"), `Imported the demo pack: ${holdings(read.state)}.`);
}
