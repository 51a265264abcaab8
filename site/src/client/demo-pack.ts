/**
 * Export and import of the demo pack (D20): one JSON file of the whole state, without the demo
 * key, written and read by the keeper (client/sharing.ts). The page adds the download and the
 * file chooser. Import checks the whole file first (its figures, offline), then asks the service
 * about its sealed jobs' seals (pack-seals.ts), then asks before it replaces everything
 * (confirm-replace.ts), naming any job whose seal does not hold; a bad file or a no changes nothing.
 */
import { PACK_BYTES_MAX, readPackText } from "../../../client/sharing.ts";
import { isSealed } from "../../../shared/client-state/signed-members.ts";
import { askToReplace, holdings } from "./confirm-replace.ts";
import { $, h } from "./dom.ts";
import { land } from "./landing.ts";
import { errorBy, statusPage } from "./notices.ts";
import { packSeals, sealsWarning } from "./pack-seals.ts";
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
  // Its sealed jobs' seals are asked of the service first; one that does not hold is named in the
  // question, which then asks for "Import anyway" (pack-seals.ts).
  const sealed = read.state.jobs.filter(isSealed).length;
  if (sealed > 0)
    statusPage(`Checking the seals of the pack's ${sealed === 1 ? "sealed job" : `${sealed} sealed jobs`}…`);
  const seals = await packSeals(read.state.jobs, keeper.api);
  statusPage("");
  const sure = await askToReplace(
    "Import this demo pack?",
    `${file.name} holds ${holdings(read.state)}. Importing it replaces everything here: ` +
      `you would lose ${holdings(keeper.state)}. ${sealsWarning(seals)}`.trim(),
    button,
    seals.changed.length > 0 ? "Import anyway" : undefined,
  );
  if (!sure) return;
  clearViewState(ui);
  keeper.importPack(text);
  land($("jobs-title"), `Imported the demo pack: ${holdings(read.state)}.`);
}
