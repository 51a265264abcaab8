/**
 * The whole page as a function of what it shows: balances, the demo key, jobs, receipts,
 * activity, an opened share link and the last simulation, redrawn on every change. Rendering
 * asks the service nothing and changes nothing but the DOM; keyboard focus survives it.
 */
import { type DemoState, isReceived, isSealed, type JobRecord } from "../../../client/index.ts";
import { LIMITS } from "../../../shared/protocol/constants.ts";
import { activityItem } from "./activity-item.ts";
import { renderBalances } from "./balances-view.ts";
import { $, replaceChildren } from "./dom.ts";
import type { HistoryPoint } from "./history.ts";
import { historyChart } from "./history-chart.ts";
import { type JobView, jobItem } from "./job-item.ts";
import { jobUi, shows } from "./job-ui.ts";
import { keyIdShown } from "./key-id.ts";
import { focusHeading, jobNode } from "./landing.ts";
import { showError } from "./notices.ts";
import { flows, linkPanel, simulations } from "./on-demand.ts";
import { type Quote, type QuotedAction, quotedActions } from "./quotes.ts";
import { receiptItem, unsettledNote } from "./receipt-item.ts";
import type { SealCheck, SealKind } from "./seal-checks.ts";
import { shownLink, type ViewState } from "./view-state.ts";

/** Everything the page shows, read-only: the state, the key, the view state, and the known quotes. */
export interface PageView {
  state: DemoState;
  demoKey: string | null;
  ui: ViewState;
  quote: (job: JobRecord, action: QuotedAction) => Quote;
  /** The check of a job's seal (the service's answer) or a receipt's signature (against its JWKS). */
  seal: (kind: SealKind, value: object) => SealCheck;
  /** The time the page is drawn at (ms): holds count down from it. */
  now: number;
  /** The balance history, oldest first. */
  history: readonly HistoryPoint[];
  /** Draws the page again (after a value computed later, such as the key id, arrives). */
  redraw: () => void;
}

/**
 * What the page shows a seal or signature check for: every receipt, the job or receipt of an
 * opened share link, the jobs imported from a handoff link, and every received job (so a warning
 * on one imported despite its seal survives a reload: the check is asked again).
 */
export function sealSubjects(state: DemoState, ui: ViewState): { kind: SealKind; value: object }[] {
  const subjects: { kind: SealKind; value: object }[] = [
    ...state.receipts.map((value) => ({ kind: "signature" as const, value })),
    ...state.jobs
      .filter((job) => ui.handedOff.has(job.id) || isReceived(state, job.id))
      .map((value) => ({ kind: "seal" as const, value })),
  ];
  if (ui.shared?.kind === "handoff") subjects.push({ kind: "seal", value: ui.shared.job });
  if (ui.shared?.kind === "receipt") subjects.push({ kind: "signature", value: ui.shared.receipt });
  return subjects;
}

/** A job's receipt, held beside it (client/receipt-import.ts: one that settled it, or one that could not). */
const receiptOf = (state: DemoState, job: JobRecord) => state.receipts.find((r) => r.job_id === job.id);

function jobView(job: JobRecord, page: PageView): JobView {
  const { ui } = page;
  const received = isReceived(page.state, job.id);
  const settled = job.status === "released" || job.status === "disputed";
  const receipt = receiptOf(page.state, job);
  // A job a receipt settled carries no seal: its receipt's signature, in Receipts, vouches for it.
  const sealShown = (ui.handedOff.has(job.id) || received) && !(settled && receipt && !isSealed(job));
  const quotes: JobView["quotes"] = {};
  // A received job's fund, release and dispute are its payer's (D28): nothing to quote.
  if (!received) for (const action of quotedActions(job.status)) quotes[action] = page.quote(job, action);
  return {
    job,
    quotes,
    payerCredits: page.state.payerCredits,
    busy: ui.busy.has(job.id),
    link: shownLink(ui, "handoff", job),
    seal: sealShown ? page.seal("seal", job) : undefined,
    // A settled job's picture loads with its first settled job (on-demand.ts).
    flow: settled ? flows.ready(page.redraw)?.moneyFlow(job) : null,
    received,
    settled: receipt && !settled ? unsettledNote(receipt) : undefined,
    draft: (name) => ui.drafts.get(`${name}-${job.id}`) ?? "",
    now: page.now,
    disputing: jobUi.disputing.has(job.id),
    expanded: jobUi.expanded.has(job.id),
    removing: jobUi.removing.has(job.id),
  };
}

/** The control whose focus a re-render owes back (it was disabled while its job was busy). */
let heldFocus: { id: string; job: string | undefined } | null = null;

/** Draws the page from `page`. */
export function render(page: PageView): void {
  const { state, demoKey, ui } = page;
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  // A control disabled while its job is busy cannot hold the focus: it is held for it meanwhile.
  const held = active === null || active === document.body ? heldFocus : null;
  const focused = active?.id || held?.id || "";
  const focusedJob = active?.closest<HTMLElement>("#jobs li[data-job-id]")?.dataset.jobId ?? held?.job;
  // A heading the focus landed on (landing.ts) gets it back once drawn anew.
  const landed = active?.matches("h2[tabindex], h3[tabindex]") ? active : null;
  const landedItem = landed?.closest<HTMLElement>("li[data-job-id]");
  const landedAt = landedItem
    ? `#${landedItem.parentElement?.id} li[data-job-id="${CSS.escape(landedItem.dataset.jobId ?? "")}"] h3`
    : null;
  heldFocus = null;
  renderBalances(state);
  const chart = $("history");
  replaceChildren(chart, historyChart(page.history, chart.querySelector("details")?.open));
  const keyId = demoKey ? keyIdShown(demoKey, page.redraw) : null;
  $("demo-key").textContent = demoKey ?? "none";
  $("key-id").textContent = keyId ?? "none (optional)";
  $("remove-key").hidden = demoKey === null;

  // "Show jobs" filters the list; an empty list says whether the filter hid the jobs.
  const shown = state.jobs.filter((job) => shows(job, jobUi.filter));
  replaceChildren(
    $("jobs"),
    shown.map((job) => jobItem(jobView(job, page))),
  );
  const empty = $("jobs-empty");
  empty.hidden = shown.length > 0;
  empty.textContent =
    state.jobs.length === 0
      ? "No jobs yet. Create one above, or open a handoff link."
      : `No ${jobUi.filter} jobs; ${state.jobs.length} hidden by the filter.`;
  // A job's refusal by the input it names (or the action's button), as the create form's are.
  for (const [id, { message, control }] of ui.jobErrors) {
    const where = document.getElementById(control) ?? jobNode(id)?.querySelector("button");
    if (where) showError(where, message);
  }
  replaceChildren(
    $("receipts"),
    state.receipts.map((receipt) =>
      receiptItem(receipt, {
        link: shownLink(ui, "receipt", receipt),
        verdict: ui.verified.get(receipt.job_id),
        signature: page.seal("signature", receipt),
      }),
    ),
  );
  $("receipts-empty").hidden = state.receipts.length > 0;
  replaceChildren($("activity"), state.activity.map(activityItem));
  $("activity-empty").hidden = state.activity.length > 0;
  $("activity-count").textContent = `${state.activity.length} of ${LIMITS.activityMax} kept`;

  // The shared panel and the simulation load with their first use (on-demand.ts): opening a
  // link or simulating loads them before it shows anything, so they are there by now.
  const shared = $("shared");
  const panel = ui.shared ? linkPanel.ready(page.redraw) : undefined;
  shared.hidden = !(ui.shared && panel);
  if (ui.shared && panel) {
    const check =
      ui.shared.kind === "handoff" ? page.seal("seal", ui.shared.job) : page.seal("signature", ui.shared.receipt);
    replaceChildren(shared, panel.sharedPanel(ui.shared, state, ui.sharedVerdict, check));
  }
  const simulation = $("simulation");
  const result = ui.simulation ? simulations.ready(page.redraw) : undefined;
  simulation.hidden = !(ui.simulation && result);
  if (ui.simulation && result) replaceChildren(simulation, result.simulationPanel(ui.simulation));

  // Keyboard users keep their place: the same control, or the job's next control when the
  // one they used is gone (Fund becomes Proof URL).
  const again = focused ? document.getElementById(focused) : null;
  const heading = landed && (again ?? (landedAt ? document.querySelector<HTMLElement>(landedAt) : null));
  if (heading) focusHeading(heading);
  else if (again && (again as HTMLButtonElement).disabled) heldFocus = { id: focused, job: focusedJob };
  else if (again) again.focus();
  else if (focusedJob)
    document
      .querySelector<HTMLElement>(`#jobs li[data-job-id="${CSS.escape(focusedJob)}"] :is(input, button):not(:disabled)`)
      ?.focus();
}
