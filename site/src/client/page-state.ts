/**
 * The page's one state (SPEC, client-side conventions: the browser holds it all) and the one way
 * it changes: commit() stamps the activity event, saves, and refreshes. A refresh first asks for
 * the quotes the new state needs (quotes.ts), then renders the whole page from it (render.ts).
 */
import { type ActivityKind, type DemoState, withActivity } from "../../../shared/browser/pack.ts";
import { alertPage } from "./notices.ts";
import type { QuoteContext } from "./quotes.ts";
import { render } from "./render.ts";
import { createStore } from "./store.ts";
import { createViewState } from "./view-state.ts";

/** The page's persistence, over this browser's localStorage. */
export const store = createStore(window.localStorage);
const loaded = store.load();

/** Why the saved state could not be used, when it could not; shown once at start. */
export const loadNotice = loaded.notice;

/** The demo state and the demo key as the page holds them now; changed by commit() and reload(). */
export const page: { state: DemoState; demoKey: string | null } = { state: loaded.state, demoKey: store.demoKey() };

/** What the page shows besides the state (view-state.ts). */
export const ui = createViewState();

/** The API base URL, or "" for this page's origin. */
export const apiBase = (): string => store.apiBase();

/** Asks for the quotes the state needs, then draws the page. */
export function refresh(): void {
  const context: QuoteContext = { base: apiBase(), demoKey: page.demoKey, payerCredits: page.state.payerCredits };
  ui.quotes.request(page.state.jobs, context, scheduleRefresh);
  render({ ...page, ui, quote: (job, action) => ui.quotes.get(job, action, context) });
}

let refreshQueued = false;
/** One refresh after the current task, however many quote answers arrive in it. */
export function scheduleRefresh(): void {
  if (refreshQueued) return;
  refreshQueued = true;
  queueMicrotask(() => {
    refreshQueued = false;
    refresh();
  });
}

/** Makes `next` the state, with `event` stamped now at the top of the activity log, saves it and refreshes. */
export function commit(next: DemoState, event?: { kind: ActivityKind; text: string }): void {
  page.state = event ? withActivity(next, { ...event, at: new Date().toISOString() }) : next;
  if (!store.save(page.state))
    alertPage("This browser refused to save the demo state (storage full or disabled). Export a demo pack to keep it.");
  refresh();
}

/** Reads the state and the key back from storage, after another tab changed them. */
export function reload(): void {
  page.state = store.load().state;
  page.demoKey = store.demoKey();
  refresh();
}
