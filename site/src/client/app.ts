/**
 * The reference web UI's controller: the browser holds all state (SPEC, client-side conventions)
 * and the service computes every step. Each job action is quoted first (the money impact shows
 * on the job before the click), then committed with one click through /api/v0/transition.
 * Everything shown comes through dom.ts, which renders text, never HTML.
 */

import {
  type ActivityKind,
  type DemoState,
  freshState,
  parsePack,
  toPack,
  withActivity,
} from "../../../shared/browser/pack.ts";
import {
  decodeHandoff,
  decodeReceipt,
  encodeHandoff,
  encodeReceipt,
  findShareToken,
  type JobRecord,
} from "../../../shared/browser/share-links.ts";
import type { Receipt } from "../../../shared/engine/job.ts";
import { LIMITS, STARTING_CREDITS } from "../../../shared/protocol/constants.ts";
import { keyIdOf } from "../../../shared/protocol/keys.ts";
import { activityItem } from "./activity-item.ts";
import type { QuoteAnswer, SimulateAnswer } from "./answers.ts";
import { type ApiResult, postEngine } from "./api.ts";
import { credits, h, replaceChildren } from "./dom.ts";
import { type JobView, jobItem } from "./job-item.ts";
import { receiptItem, type Verified } from "./receipt-item.ts";
import { type SharedLink, sharedPanel } from "./shared-panel.ts";
import { simulationPanel } from "./simulation-panel.ts";
import { createStore, STORAGE_KEYS } from "./store.ts";

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;

const store = createStore(window.localStorage);
const loaded = store.load();
let state: DemoState = loaded.state;
let demoKey = store.demoKey();

/** What the page shows besides the state: per-job errors, quotes, links, verify results. */
const ui = {
  jobErrors: new Map<string, string>(),
  busy: new Set<string>(),
  quotes: new Map<string, ApiResult<QuoteAnswer> | "pending">(),
  links: new Map<string, string>(),
  verified: new Map<string, Verified>(),
  drafts: new Map<string, string>(),
  shared: null as null | SharedLink,
  simulation: null as null | SimulateAnswer,
};

// ---------------------------------------------------------------- notices

/** Shows `message` in the alert element `id`, or hides it (null). */
function showAlert(id: "page-alert" | "create-error", message: string | null): void {
  const alert = $(id);
  alert.hidden = message === null;
  alert.textContent = message ?? "";
}

const alertPage = (message: string | null): void => showAlert("page-alert", message);
/** The create form's own alert: shown beside Create job and Simulate, or hidden. */
const alertForm = (message: string | null): void => showAlert("create-error", message);

function statusPage(message: string): void {
  $("page-status").textContent = message;
}

// ---------------------------------------------------------------- state

function commit(next: DemoState, event?: { kind: ActivityKind; text: string }): void {
  state = event ? withActivity(next, { ...event, at: new Date().toISOString() }) : next;
  if (!store.save(state))
    alertPage("This browser refused to save the demo state (storage full or disabled). Export a demo pack to keep it.");
  render();
}

const upsertJob = (jobs: JobRecord[], job: JobRecord): JobRecord[] =>
  jobs.some((j) => j.id === job.id) ? jobs.map((j) => (j.id === job.id ? job : j)) : [job, ...jobs];

const upsertReceipt = (receipts: Receipt[], receipt: Receipt): Receipt[] => [
  receipt,
  ...receipts.filter((r) => r.job_id !== receipt.job_id),
];

/** A form value as JSON: digits become a number, anything else goes as text for the API to judge. */
const asInteger = (text: string): number | string | undefined => {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};

const optional = (text: string | undefined): string | undefined => (text && text.trim() !== "" ? text : undefined);

const apiBase = (): string => store.apiBase();

// ---------------------------------------------------------------- quotes

/** The quote of `action` on `job` at the current balance, fetched once and cached. */
function quote(job: JobRecord, action: "fund" | "release" | "dispute"): ApiResult<QuoteAnswer> | "pending" {
  const key = `${job.id}|${job.status}|${action}|${state.payerCredits}|${apiBase()}`;
  const known = ui.quotes.get(key);
  if (known) return known;
  ui.quotes.set(key, "pending");
  void postEngine(apiBase(), "quote", { action, job, payer_credits: state.payerCredits }, demoKey).then((result) => {
    ui.quotes.set(key, result);
    scheduleRender();
  });
  return "pending";
}

// ---------------------------------------------------------------- actions

async function jobAction(id: string, action: "fund" | "submit" | "release" | "dispute"): Promise<void> {
  const job = state.jobs.find((j) => j.id === id);
  if (!job || ui.busy.has(id)) return;
  const draft = (name: string) => ui.drafts.get(`${name}-${id}`);
  const body: Record<string, unknown> = { action, job, payer_credits: state.payerCredits };
  if (action === "fund") body.ttl_seconds = asInteger(draft("hold") ?? "");
  if (action === "submit")
    Object.assign(body, { proof_url: draft("proof") ?? "", proof_note: optional(draft("proofnote")) });
  if (action === "release") body.release_note = optional(draft("releasenote"));
  if (action === "dispute") body.dispute_reason = optional(draft("disputereason"));
  ui.busy.add(id);
  render();
  const result = await postEngine(apiBase(), "transition", body, demoKey);
  ui.busy.delete(id);
  if (!result.ok) {
    ui.jobErrors.set(id, result.message);
    render();
    return;
  }
  ui.jobErrors.delete(id);
  for (const name of ["hold", "proof", "proofnote", "releasenote", "disputereason"]) ui.drafts.delete(`${name}-${id}`);
  const r = result.body;
  const next: DemoState = {
    ...state,
    jobs: upsertJob(state.jobs, r.job),
    payerCredits: typeof r.payer_credits === "number" ? r.payer_credits : state.payerCredits,
    agentCredits: state.agentCredits + (action === "release" ? r.agent_credits_delta! : 0),
    receipts: r.receipt ? upsertReceipt(state.receipts, r.receipt) : state.receipts,
  };
  const texts = {
    fund: `Funded "${job.title}": ${credits(job.amount)} credits held in escrow.`,
    submit: `Proof submitted for "${job.title}".`,
    release: `Released "${job.title}": fee ${credits(r.fee ?? 0)}, agent wallet +${credits(r.agent_credits_delta ?? 0)}.`,
    dispute: `Disputed "${job.title}": ${credits(r.returned_to_payer ?? 0)} credits back to the payer.`,
  };
  commit(next, { kind: action, text: texts[action] });
}

function createBody(): Record<string, unknown> {
  const value = (id: string) => ($(id) as HTMLInputElement).value;
  return {
    title: value("title"),
    amount: asInteger(value("amount")),
    criteria: value("criteria"),
    client_ref: optional(value("client-ref")),
    callback_url: optional(value("callback-url")),
  };
}

/** Runs `work` with the create form's buttons disabled, so a double click sends one request. */
async function whileFormBusy<T>(work: () => Promise<T>): Promise<T> {
  const buttons = document.querySelectorAll<HTMLButtonElement>("#create-form button");
  for (const b of buttons) b.disabled = true;
  try {
    return await work();
  } finally {
    for (const b of buttons) b.disabled = false;
  }
}

async function createJob(): Promise<void> {
  const result = await whileFormBusy(() =>
    postEngine(apiBase(), "transition", { action: "create", ...createBody() }, demoKey),
  );
  if (!result.ok) {
    alertForm(result.message);
    return;
  }
  alertForm(null);
  const job = result.body.job;
  ($("create-form") as HTMLFormElement).reset();
  updateTitleCount();
  commit(
    { ...state, jobs: upsertJob(state.jobs, job) },
    { kind: "create", text: `Created "${job.title}" for ${credits(job.amount)} credits.` },
  );
}

async function simulate(): Promise<void> {
  const body = {
    ...createBody(),
    payer_credits: state.payerCredits,
    proof_url: ($("sim-proof") as HTMLInputElement).value,
    terminal: ($("sim-terminal") as HTMLSelectElement).value,
  };
  const result = await whileFormBusy(() => postEngine(apiBase(), "simulate", body, demoKey));
  if (!result.ok) {
    alertForm(result.message);
    return;
  }
  alertForm(null);
  ui.simulation = result.body;
  const r = result.body;
  commit(state, {
    kind: "simulate",
    text: `Simulated "${r.job.title}" to ${r.terminal}: fee ${credits(r.fee)}, agent payout ${credits(r.agent_payout)}, returned ${credits(r.returned_to_payer)}. Nothing changed.`,
  });
  $("simulation").scrollIntoView({ block: "nearest" });
}

function topUp(): void {
  const input = $("topup-amount") as HTMLInputElement;
  const amount = Number(input.value.trim());
  if (!Number.isSafeInteger(amount) || amount < 1 || state.payerCredits + amount > LIMITS.integerMax) {
    alertPage(`Top up amount must be a whole number from 1 to ${credits(LIMITS.integerMax - state.payerCredits)}.`);
    return;
  }
  alertPage(null);
  commit({ ...state, payerCredits: state.payerCredits + amount });
  statusPage(`Topped up ${credits(amount)} credits. No fee.`);
}

async function verifyReceipt(jobId: string): Promise<void> {
  const receipt = state.receipts.find((r) => r.job_id === jobId);
  if (!receipt) return;
  const result = await postEngine(apiBase(), "verify", { receipt }, demoKey);
  if (!result.ok) {
    ui.verified.set(jobId, { ok: false, text: result.message });
    render();
    return;
  }
  const r = result.body;
  const text = r.valid
    ? `Verified: valid. Expected fee ${credits(r.expected.fee)}, agent payout ${credits(r.expected.agent_payout)}, returned ${credits(r.expected.returned_to_payer)}.`
    : `Verified: mismatch on ${r.mismatches.map((m) => `${m.field} (expected ${m.expected}, receipt says ${m.received})`).join(", ")}.`;
  ui.verified.set(jobId, { ok: r.valid, text });
  commit(state, {
    kind: "verify",
    text: `Verified the receipt of "${receipt.title}": ${r.valid ? "valid" : "mismatch"}.`,
  });
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

const pageUrl = (): string => `${location.origin}${location.pathname}`;

/** Shows the share link `#<kind>/<token>` in its item (under ui.links `<kind>-<id>`) and copies it. */
async function shareLink(kind: "handoff" | "receipt", id: string, token: string, copied: string): Promise<void> {
  const link = `${pageUrl()}#${kind}/${token}`;
  ui.links.set(`${kind}-${id}`, link);
  render();
  const name = kind === "handoff" ? "Handoff" : "Receipt";
  statusPage((await copy(link)) ? copied : `${name} link ready below; copy it by hand.`);
}

function copyHandoff(id: string): void {
  const job = state.jobs.find((j) => j.id === id);
  if (job)
    void shareLink(
      "handoff",
      id,
      encodeHandoff(job),
      "Handoff link copied. It carries the job only: no credits, receipts or key.",
    );
}

function copyReceiptLink(jobId: string): void {
  const receipt = state.receipts.find((r) => r.job_id === jobId);
  if (receipt) void shareLink("receipt", jobId, encodeReceipt(receipt), "Receipt link copied.");
}

function exportPack(): void {
  commit(state, {
    kind: "export",
    text: `Exported a demo pack: ${state.jobs.length} jobs, ${state.receipts.length} receipts.`,
  });
  const blob = new Blob([`${JSON.stringify(toPack(state), null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  const link = h("a", { href: url, download: `agent-escrow-demo-pack-${stamp}.json`, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  statusPage("Demo pack exported. It holds no demo key.");
}

const PACK_BYTES_MAX = 5_000_000;

async function importPack(file: File): Promise<void> {
  if (file.size > PACK_BYTES_MAX) {
    alertPage(`Not a demo pack: the file is larger than ${credits(PACK_BYTES_MAX)} bytes. Nothing changed.`);
    return;
  }
  const pack = parsePack(await file.text());
  if (!pack.ok) {
    alertPage(`${pack.message} Nothing changed.`);
    return;
  }
  alertPage(null);
  clearViewState();
  commit(pack.value, {
    kind: "import",
    text: `Imported a demo pack: ${pack.value.jobs.length} jobs, ${pack.value.receipts.length} receipts. Everything before it was replaced.`,
  });
  statusPage("Demo pack imported.");
}

function clearViewState(): void {
  for (const map of [ui.jobErrors, ui.quotes, ui.links, ui.verified, ui.drafts]) map.clear();
  ui.simulation = null;
}

function reset(): void {
  clearViewState();
  alertPage(null);
  commit(freshState(), {
    kind: "reset",
    text: `Reset: ${credits(STARTING_CREDITS)} payer credits, an empty wallet, no jobs or receipts.`,
  });
  statusPage("Reset to a fresh state. The demo key, if any, stays until you remove it.");
}

function mintKey(): void {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  const key = `demo_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
  if (!store.setDemoKey(key)) {
    alertPage("This browser refused to store the demo key.");
    return;
  }
  demoKey = key;
  ui.quotes.clear();
  render();
  statusPage("Demo key minted. It stays in this browser and is sent only as a request header.");
}

function removeKey(): void {
  store.setDemoKey(null);
  demoKey = null;
  ui.quotes.clear();
  render();
  statusPage("Demo key removed.");
}

function saveApiBase(): void {
  const input = $("api-base") as HTMLInputElement;
  const base = input.value.trim().replace(/\/+$/, "");
  if (base !== "" && !/^https?:\/\/[^\s/]+$/i.test(base)) {
    alertPage(
      "API base URL must be an http(s) origin such as https://escrow.example.org, or empty for this page's origin.",
    );
    return;
  }
  store.setApiBase(base);
  ui.quotes.clear();
  alertPage(null);
  render();
  statusPage(base === "" ? "API calls go to this page's origin." : `API calls go to ${base}.`);
}

// ---------------------------------------------------------------- share links

function readShareLink(): void {
  const found = findShareToken(new URL(location.href));
  ui.shared = null;
  if (found) {
    const read = found.kind === "handoff" ? decodeHandoff(found.token) : decodeReceipt(found.token);
    if (!read.ok) alertPage(`${read.message} Nothing changed.`);
    else {
      alertPage(null);
      ui.shared =
        found.kind === "handoff"
          ? { kind: "handoff", job: read.value as JobRecord }
          : { kind: "receipt", receipt: read.value as Receipt };
    }
  }
  render();
  if (ui.shared) $("shared").scrollIntoView({ block: "start" });
}

function clearShareLink(): void {
  ui.shared = null;
  history.replaceState(null, "", location.pathname);
  render();
}

function importShared(): void {
  const shared = ui.shared;
  if (!shared) return;
  clearShareLink();
  if (shared.kind === "handoff") {
    ui.jobErrors.delete(shared.job.id);
    commit(
      { ...state, jobs: upsertJob(state.jobs, shared.job) },
      { kind: "import", text: `Imported job "${shared.job.title}" (${shared.job.status}) from a handoff link.` },
    );
  } else {
    commit(
      { ...state, receipts: upsertReceipt(state.receipts, shared.receipt) },
      { kind: "import", text: `Imported the receipt of "${shared.receipt.title}" from a receipt link.` },
    );
  }
}

// ---------------------------------------------------------------- rendering

let renderQueued = false;
function scheduleRender(): void {
  if (renderQueued) return;
  renderQueued = true;
  queueMicrotask(() => {
    renderQueued = false;
    render();
  });
}

function jobView(job: JobRecord): JobView {
  const quotes: JobView["quotes"] = {};
  if (job.status === "open") quotes.fund = quote(job, "fund");
  if (job.status === "submitted") {
    quotes.release = quote(job, "release");
    quotes.dispute = quote(job, "dispute");
  }
  return {
    job,
    quotes,
    payerCredits: state.payerCredits,
    busy: ui.busy.has(job.id),
    error: ui.jobErrors.get(job.id),
    link: ui.links.get(`handoff-${job.id}`),
    draft: (name) => ui.drafts.get(`${name}-${job.id}`) ?? "",
  };
}

function render(): void {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const focused = active?.id ?? "";
  const focusedJob = active?.closest<HTMLElement>("#jobs li[data-job-id]")?.dataset.jobId;
  $("payer-credits").textContent = credits(state.payerCredits);
  $("agent-wallet").textContent = credits(state.agentCredits);
  const keyId = demoKey ? keyIdOf(demoKey) : null;
  $("demo-key").textContent = demoKey ?? "none";
  $("key-id").textContent = keyId ?? "none (requests say key_optional)";
  $("remove-key").hidden = demoKey === null;

  replaceChildren(
    $("jobs"),
    state.jobs.map((job) => jobItem(jobView(job))),
  );
  $("jobs-empty").hidden = state.jobs.length > 0;
  replaceChildren(
    $("receipts"),
    state.receipts.map((receipt) =>
      receiptItem(receipt, ui.links.get(`receipt-${receipt.job_id}`), ui.verified.get(receipt.job_id)),
    ),
  );
  $("receipts-empty").hidden = state.receipts.length > 0;
  replaceChildren($("activity"), state.activity.map(activityItem));
  $("activity-empty").hidden = state.activity.length > 0;
  $("activity-count").textContent = `${state.activity.length} of ${LIMITS.activityMax} kept`;

  const shared = $("shared");
  shared.hidden = ui.shared === null;
  if (ui.shared) replaceChildren(shared, sharedPanel(ui.shared, state));
  const simulation = $("simulation");
  simulation.hidden = ui.simulation === null;
  if (ui.simulation) replaceChildren(simulation, simulationPanel(ui.simulation));

  // Keyboard users keep their place: the same control, or the job's next control when the
  // one they used is gone (Fund becomes Proof URL).
  const again = focused ? document.getElementById(focused) : null;
  if (again) again.focus();
  else if (focusedJob)
    document
      .querySelector<HTMLElement>(`#jobs li[data-job-id="${CSS.escape(focusedJob)}"] :is(input, button)`)
      ?.focus();
}

function updateTitleCount(): void {
  const title = ($("title") as HTMLInputElement).value.trim();
  const count = [...title].length;
  const counter = $("title-count");
  counter.textContent = `${count}/${LIMITS.titleMax}`;
  counter.classList.toggle("over", count > LIMITS.titleMax);
}

// ---------------------------------------------------------------- wiring

async function loadTemplates(): Promise<void> {
  const select = $("template") as HTMLSelectElement;
  try {
    const response = await fetch(`${apiBase()}/api/templates.json`);
    const doc = (await response.json()) as {
      templates: { id: string; title: string; amount: number; criteria: string }[];
    };
    const templates = doc.templates.filter(
      (t) => typeof t.title === "string" && Number.isSafeInteger(t.amount) && typeof t.criteria === "string",
    );
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

function wire(): void {
  $("create-form").addEventListener("submit", (event) => {
    event.preventDefault();
    void createJob();
  });
  $("simulate-button").addEventListener("click", () => void simulate());
  $("topup-form").addEventListener("submit", (event) => {
    event.preventDefault();
    topUp();
  });
  $("title").addEventListener("input", updateTitleCount);
  $("export-pack").addEventListener("click", exportPack);
  const file = $("pack-file") as HTMLInputElement;
  $("import-pack").addEventListener("click", () => file.click());
  file.addEventListener("change", () => {
    const chosen = file.files?.[0];
    file.value = "";
    if (chosen) void importPack(chosen);
  });
  $("reset").addEventListener("click", reset);
  $("mint-key").addEventListener("click", mintKey);
  $("remove-key").addEventListener("click", removeKey);
  $("api-form").addEventListener("submit", (event) => {
    event.preventDefault();
    saveApiBase();
  });
  const base = $("api-base") as HTMLInputElement;
  base.value = store.apiBase();
  base.placeholder = location.origin;

  // Job, receipt and shared-link controls are rendered anew; one listener each serves them all.
  document.addEventListener("input", (event) => {
    const target = event.target as HTMLInputElement;
    if (target.hasAttribute?.("data-draft")) ui.drafts.set(target.id, target.value);
  });
  document.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("button[data-action]");
    if (!button || button.disabled) return;
    const { action, id = "" } = button.dataset;
    switch (action) {
      case "fund":
      case "submit":
      case "release":
      case "dispute":
        void jobAction(id, action);
        break;
      case "copy-handoff":
        copyHandoff(id);
        break;
      case "copy-receipt":
        copyReceiptLink(id);
        break;
      case "verify-receipt":
        void verifyReceipt(id);
        break;
      case "import-shared":
        importShared();
        break;
      case "dismiss-shared":
        clearShareLink();
        break;
      case "close-simulation":
        ui.simulation = null;
        render();
        break;
    }
  });
  window.addEventListener("hashchange", readShareLink);
  // Another tab changed the state: follow it, so two tabs never overwrite each other blindly.
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.state || event.key === STORAGE_KEYS.key) {
      const again = store.load();
      state = again.state;
      demoKey = store.demoKey();
      render();
    }
  });
}

wire();
updateTitleCount();
readShareLink();
if (loaded.notice) {
  const shown = $("page-alert");
  alertPage(shown.hidden ? loaded.notice : `${shown.textContent} ${loaded.notice}`);
}
void loadTemplates();
$("app").setAttribute("data-ready", "true");
