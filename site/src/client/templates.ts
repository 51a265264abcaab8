/**
 * The create form's Template menu: its options are the templates document's presets, written
 * into the page when it is built (index.astro, from shared/documents/simple.ts: the same presets
 * /api/templates.json serves), so the page makes no request for them. Choosing one fills title,
 * amount and criteria, nothing else.
 */
import { updateTitleCount } from "./create-form.ts";
import { $ } from "./dom.ts";

/** Wires the Template menu, once. */
export function wireTemplates(): void {
  const select = $("template") as HTMLSelectElement;
  select.onchange = () => {
    const chosen = select.selectedOptions[0]?.dataset;
    if (!chosen?.title) return;
    ($("title") as HTMLInputElement).value = chosen.title;
    ($("amount") as HTMLInputElement).value = chosen.amount ?? "";
    ($("criteria") as HTMLTextAreaElement).value = chosen.criteria ?? "";
    updateTitleCount();
  };
}
