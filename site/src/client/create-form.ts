/**
 * The New job form: Create job commits a create through POST /api/v0/transition; Simulate runs
 * the whole walk for the same fields through POST /api/v0/simulate and changes nothing but the
 * activity log. Errors show in the form's own alert.
 */
import { LIMITS } from "../../../shared/protocol/constants.ts";
import { postEngine } from "./api.ts";
import { $, credits } from "./dom.ts";
import { asInteger, optional } from "./form-values.ts";
import { alertForm } from "./notices.ts";
import { apiBase, commit, page, ui } from "./page-state.ts";
import { upsertJob } from "./upsert.ts";

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

/** Shows the title's length in code points against its limit, marked when over. */
export function updateTitleCount(): void {
  const title = ($("title") as HTMLInputElement).value.trim();
  const count = [...title].length;
  const counter = $("title-count");
  counter.textContent = `${count}/${LIMITS.titleMax}`;
  counter.classList.toggle("over", count > LIMITS.titleMax);
}

/** Creates a job from the form; on success the form is cleared. */
export async function createJob(): Promise<void> {
  const result = await whileFormBusy(() =>
    postEngine(apiBase(), "transition", { action: "create", ...createBody() }, page.demoKey),
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
    { ...page.state, jobs: upsertJob(page.state.jobs, job) },
    { kind: "create", text: `Created "${job.title}" for ${credits(job.amount)} credits.` },
  );
}

/** Simulates the whole walk for the form's fields at the current balance, and shows it. */
export async function simulate(): Promise<void> {
  const body = {
    ...createBody(),
    payer_credits: page.state.payerCredits,
    proof_url: ($("sim-proof") as HTMLInputElement).value,
    terminal: ($("sim-terminal") as HTMLSelectElement).value,
  };
  const result = await whileFormBusy(() => postEngine(apiBase(), "simulate", body, page.demoKey));
  if (!result.ok) {
    alertForm(result.message);
    return;
  }
  alertForm(null);
  ui.simulation = result.body;
  const r = result.body;
  commit(page.state, {
    kind: "simulate",
    text: `Simulated "${r.job.title}" to ${r.terminal}: fee ${credits(r.fee)}, agent payout ${credits(r.agent_payout)}, returned ${credits(r.returned_to_payer)}. Nothing changed.`,
  });
  $("simulation").scrollIntoView({ block: "nearest" });
}
