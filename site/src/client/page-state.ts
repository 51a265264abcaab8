/**
 * The page's one keeper of the demo state (SETTLEMENT.md "What the client keeps": the browser holds it
 * all; the EscrowKeeper of client/ holds it and takes the actions), how its calls reach the
 * service (the stored API base and demo key, D14), and the one way the page follows a change:
 * every change the keeper makes is saved in this browser (D20) and refreshes the page. A refresh
 * first asks for the quotes the new state needs (quotes.ts; nothing during the service's wait,
 * service-wait.ts), then renders the whole page from it (render.ts).
 *
 * The UI takes the library's types from client/index.ts and its values from their own modules
 * (keeper.ts, http.ts, ...): index.ts also exports localApi, and the in-process engine behind it
 * would stay in the page's bundle though the page never calls it.
 */
import { balancesOf } from "../../../client/balances.ts";
import { httpApi } from "../../../client/http.ts";
import { type DemoState, type EscrowApi, type EscrowError, isReceived } from "../../../client/index.ts";
import { EscrowKeeper } from "../../../client/keeper.ts";
import { withPoint } from "./history.ts";
import { readVerdicts, verdictsText } from "./kept-verdicts.ts";
import { alertPage, clearErrors } from "./notices.ts";
import type { QuoteContext } from "./quotes.ts";
import { render, sealSubjects } from "./render.ts";
import { drawWait, startWait, waiting } from "./service-wait.ts";
import { createStore } from "./store.ts";
import { createViewState } from "./view-state.ts";

/** The page's persistence, over this browser's localStorage. */
export const store = createStore(window.localStorage);
const loaded = store.load();

/** Why the saved state could not be used, when it could not; shown once at start. */
export const loadNotice = loaded.notice;

/** What the page shows besides the state (view-state.ts), with the receipts' verdicts kept in this browser. */
export const ui = createViewState();
let keptVerdicts = store.verdicts();
ui.verified = readVerdicts(keptVerdicts, loaded.state.receipts);

/** The API base URL, or "" for this page's origin. */
export const apiBase = (): string => store.apiBase();

let demoKey = store.demoKey();
/** The demo key the calls carry, or null. It lives only in this browser, never in a pack (D20). */
export const currentKey = (): string | null => demoKey;

/** A rate-limited answer starts the service's wait (service-wait.ts) and says how long it is, in the page's words. */
function withWait<T>(answer: T): T {
  const refusal = answer as unknown as EscrowError;
  if (refusal.code !== "rate_limited") return answer;
  startWait(refusal.retryAfter);
  const wait = refusal.retryAfter === undefined ? "in a moment" : `in ${refusal.retryAfter} s`;
  return { ...answer, message: `Too many requests: try again ${wait}.` };
}

/** The five engines at the stored API base, with the demo key as `Authorization: Bearer` (D14). */
function engines(): EscrowApi {
  const api = httpApi({ baseUrl: apiBase(), demoKey: demoKey ?? undefined });
  const routes = Object.keys(api) as (keyof EscrowApi)[];
  return Object.fromEntries(
    routes.map((route) => [route, (...args: [never]) => api[route](...args).then(withWait)]),
  ) as unknown as EscrowApi;
}

/** False while the state read back from storage is taken in: it is saved already. */
let saving = true;

/** The balance history (history.ts), as this browser keeps it. */
let history = store.history();
/** The newest activity event when the history was last looked at, so a change without one is a top-up. */
let newestEvent = loaded.state.activity[0];

/** Adds a point to the balance history when the balances of `state` changed, and keeps it. */
function record(state: DemoState): void {
  const newEvent = state.activity[0] !== newestEvent;
  newestEvent = state.activity[0];
  const next = withPoint(history, balancesOf(state), state, newEvent, Date.now());
  if (next) {
    history = next;
    store.setHistory(history);
  }
}
record(loaded.state);

/**
 * A later action succeeded: every error shown goes, the jobs' and the controls' alike.
 * Each change the keeper makes calls it; so do the page's successes that change no
 * state (a link opened, a key minted, the API base saved).
 */
export function clearAllErrors(): void {
  ui.jobErrors.clear();
  clearErrors();
}

/**
 * Each change the keeper makes (only a success makes one): every error shown goes, then the state
 * is saved (or an alert says it could not be), recorded in the history, and shown.
 */
function changed(state: DemoState): void {
  if (saving) {
    clearAllErrors();
    if (!store.save(state))
      alertPage(
        "This browser refused to save the demo state (storage full or disabled). Export a demo pack to keep it.",
      );
    record(state);
  }
  refresh();
}

/** The page's state and its actions: the keeper of client/keeper.ts. */
export const keeper = new EscrowKeeper(engines(), { state: loaded.state, onChange: changed });

/** Sends the keeper's calls with `key` (or none) to the stored API base from now on. */
export function connect(key: string | null): void {
  demoKey = key;
  keeper.api = engines();
}

/** Asks for the quotes the state needs, then draws the page. */
export function refresh(): void {
  const state = keeper.state;
  const now = Date.now();
  const context: QuoteContext = { base: apiBase(), payerCredits: state.payerCredits, now };
  // A received job's fund, release and dispute are its payer's (D28): nothing to quote. Nothing
  // is asked during the service's wait (D23); the page asks again once it ends.
  const own = state.jobs.filter((job) => !isReceived(state, job.id));
  if (!waiting(now)) {
    ui.quotes.request(own, context, (job, action) => keeper.quote(job.id, action), scheduleRefresh);
    ui.seals.request(sealSubjects(state, ui), context.base, scheduleRefresh);
  }
  render({
    state,
    demoKey,
    ui,
    quote: (job, action) => ui.quotes.get(job, action, context),
    seal: (kind, value) => ui.seals.get(kind, value, context.base),
    now,
    history,
    redraw: scheduleRefresh,
  });
  drawWait(now);
  // A Verify result outlives a reload, as its activity event does (kept-verdicts.ts).
  const verdicts = verdictsText(ui.verified, state.receipts);
  if (verdicts !== keptVerdicts && store.setVerdicts(verdicts)) keptVerdicts = verdicts;
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

/** Takes in the state and the key another tab saved; not saved again, as storage holds it. */
export function reload(): void {
  connect(store.demoKey());
  history = store.history();
  newestEvent = store.load().state.activity[0];
  saving = false;
  try {
    keeper.commit(store.load().state);
  } finally {
    saving = true;
  }
}
