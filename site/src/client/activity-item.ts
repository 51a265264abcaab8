/**
 * One event of the activity log (SETTLEMENT.md "Limits": newest first, capped), as a list
 * item whose text starts with its kind.
 */
import type { ActivityEvent } from "../../../client/index.ts";
import { h } from "./dom.ts";
import { when } from "./view-parts.ts";

/** One activity event: its kind first, so the text names it. */
export function activityItem(event: ActivityEvent): HTMLLIElement {
  return h(
    "li",
    { class: `event kind-${event.kind}` },
    h("span", { class: "kind" }, event.kind),
    h("span", { class: "text" }, event.text),
    h("time", { datetime: event.at }, when(event.at)),
  );
}
