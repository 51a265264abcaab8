/**
 * The reference web UI's entry: the browser holds all state (SETTLEMENT.md "What the client keeps") and
 * the service computes every step. The state and the actions are the client library's (an
 * EscrowKeeper of client/ over httpApi); the page renders it, wires the events and owns the DOM.
 * Each job action is quoted first (the money impact shows on the job before the click), then
 * committed with one click through /api/v0/transition. Everything shown comes through dom.ts,
 * which renders text, never HTML.
 *
 * The modules, by concern: page-state (the keeper, storage, refresh), render and the views
 * (job-item, receipt-item, activity-item, shared-panel, simulation-panel), what each control
 * does with the keeper (job-actions, create-form, wallet, connection, demo-pack, sharing), and
 * events (the wiring).
 */
import { watchBalances } from "./balances-view.ts";
import { startCountdowns } from "./countdown.ts";
import { updateTitleCount } from "./create-form.ts";
import { $ } from "./dom.ts";
import { followAddress, wire } from "./events.ts";
import { alertPage } from "./notices.ts";
import { loadNotice, scheduleRefresh } from "./page-state.ts";
import { wireTemplates } from "./templates.ts";

wire();
updateTitleCount();
wireTemplates();
// The first render; a share link in the URL opens its panel (its code loads first, on-demand.ts).
void followAddress().then(() => {
  if (loadNotice) {
    // A bad share link's alert stays; the unreadable-storage notice joins it.
    const shown = $("page-alert");
    alertPage(shown.hidden ? loadNotice : `${shown.textContent} ${loadNotice}`);
  }
  startCountdowns(scheduleRefresh);
  watchBalances();
  $("app").setAttribute("data-ready", "true");
});
