/**
 * The create form's Template menu, filled from /api/templates.json: choosing one fills title,
 * amount and criteria, nothing else. A template that does not look like one is left out; when
 * the document cannot be read the menu says so and the form works as before.
 */

import { isObject } from "../../../shared/lib/json.ts";
import { updateTitleCount } from "./create-form.ts";
import { $, credits, h, replaceChildren } from "./dom.ts";
import { apiBase } from "./page-state.ts";

/** One preset of the templates document, as the menu reads it. */
interface Template {
  title: string;
  amount: number;
  criteria: string;
}

/** Whether `t` looks like a template: a title, a whole amount and criteria. */
const isTemplate = (t: unknown): t is Template =>
  isObject(t) && typeof t.title === "string" && Number.isSafeInteger(t.amount) && typeof t.criteria === "string";

/** Fills the Template menu and enables it. */
export async function loadTemplates(): Promise<void> {
  const select = $("template") as HTMLSelectElement;
  try {
    const response = await fetch(`${apiBase()}/api/templates.json`);
    const doc: unknown = await response.json();
    if (!isObject(doc) || !Array.isArray(doc.templates)) throw new Error("not the templates document");
    const templates = doc.templates.filter(isTemplate);
    replaceChildren(
      select,
      h("option", { value: "" }, "Blank form"),
      templates.map((t, i) => h("option", { value: String(i) }, `${t.title} (${credits(t.amount)})`)),
    );
    select.onchange = () => {
      const t = templates[Number(select.value)];
      if (!t || select.value === "") return;
      ($("title") as HTMLInputElement).value = t.title;
      ($("amount") as HTMLInputElement).value = String(t.amount);
      ($("criteria") as HTMLTextAreaElement).value = t.criteria;
      updateTitleCount();
    };
    select.disabled = false;
  } catch {
    replaceChildren(select, h("option", { value: "" }, "Templates unavailable"));
  }
}
