/**
 * The pieces every list item and panel is built from (through dom.ts: text only). Labels are
 * real <label for> elements, so the browser suite finds values and inputs by their names.
 */
import { type Attrs, type Child, h } from "./dom.ts";

/** The page's date format in UTC, its time to `timeStyle`; "" for a stamp not set yet. */
const dateTime =
  (timeStyle: "short" | "medium") =>
  (iso: unknown): string =>
    typeof iso === "string" && iso !== ""
      ? `${new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle, timeZone: "UTC" })} UTC`
      : "";

/** A date-time as people read it, in UTC; "" for a stamp not set yet. */
export const when = dateTime("short");

/** A date-time to the second, in UTC, for moments close at hand (a short hold's end); "" when unset. */
export const whenToSecond = dateTime("medium");

/** A labelled value: a <label for> and an <output>, so getByLabel finds the value. */
export function labelled(id: string, label: string, text: Child): HTMLElement {
  return h("div", { class: "kv" }, h("label", { for: id }, label), h("output", { id }, text));
}

/** A text input with a visible label; its value survives re-renders as a draft. */
export function field(id: string, label: string, current: string, attrs: Attrs = {}): HTMLElement {
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, label),
    h("input", { id, "data-draft": true, value: current, ...attrs }),
  );
}

/** An item's heading: its title and its status word. */
export const itemHead = (title: string, status: string): HTMLElement =>
  h("div", { class: "item-head" }, h("h3", {}, title), h("span", { class: `status ${status}` }, status));

/** A muted label and its text on one line; nothing when the text is absent or empty. */
export const line = (label: string, text: Child, attrs: Attrs = {}): HTMLElement | null =>
  text === undefined || text === null || text === ""
    ? null
    : h("p", attrs, h("span", { class: "muted" }, `${label}: `), text);

/**
 * A button of one item, found by the page's one click listener through data-action and data-id;
 * its id lets focus come back to it after a re-render.
 */
export const button = (label: string, action: string, id: string, attrs: Attrs = {}): HTMLButtonElement =>
  h("button", { type: "button", id: `${action}-${id}`, "data-action": action, "data-id": id, ...attrs }, label);
