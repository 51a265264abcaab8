/**
 * The New job form: Create job commits a create through the keeper (POST /api/v0/transition);
 * Simulate runs the whole walk for the same fields at the current balance (POST /api/v0/simulate),
 * which changes nothing but the activity log. Before any request the page checks each field by
 * the engine's own rule (form-checks.ts; the amount read by the page's one number parser,
 * form-values.ts) and refuses, by the field and in its words, what the rule refuses.
 * A refusal that names one of the form's fields shows by that field, under the form's own label
 * for it; any other shows in the form's alert (notices.ts).
 */
import type { EscrowError, Terminal } from "../../../client/index.ts";
import { TERMINALS } from "../../../shared/protocol/constants.ts";
import type { FieldName } from "../../../shared/protocol/fields.ts";
import { ACTION_FIELDS, SIMULATE_FIELDS } from "../../../shared/protocol/request-shape.ts";
import { $, credits } from "./dom.ts";
import { type LabelOf, tableLabel } from "./field-labels.ts";
import { readField } from "./form-checks.ts";
import { readNumber } from "./form-values.ts";
import { feeLine, showCount } from "./hints.ts";
import { jobNode, land } from "./landing.ts";
import { alertForm, clearErrors, errorBy } from "./notices.ts";
import { simulations } from "./on-demand.ts";
import { keeper, refresh, ui } from "./page-state.ts";
import { heldBy } from "./service-wait.ts";

/** The form's control of each field it sends, by the field's canonical name (the fields table's). */
const CONTROLS = {
  title: "title",
  amount: "amount",
  criteria: "criteria",
  client_ref: "client-ref",
  callback_url: "callback-url",
  proof_url: "sim-proof",
  terminal: "sim-terminal",
} as const satisfies Partial<Record<FieldName, string>>;

const controlOf = (field: string | undefined): string | undefined =>
  field === undefined ? undefined : (CONTROLS as Partial<Record<string, string>>)[field];

/** The form's own visible label of a field it sends; the page's label of any other (field-labels.ts). */
const formLabel: LabelOf = (field) => {
  const id = controlOf(field);
  const label = id ? document.querySelector(`label[for="${id}"]`)?.textContent?.trim() : undefined;
  return label || tableLabel(field);
};

const value = (id: string): string => ($(id) as HTMLInputElement).value;

/**
 * The form's `fields` as the page sends them (`required` are the action's required fields), or
 * null when the page refuses one before any request (form-checks.ts): each refused field shows
 * its error, and the first has the focus.
 */
function formFields<F extends keyof typeof CONTROLS>(fields: readonly F[], required: readonly string[]) {
  clearErrors($("create-form"));
  const values: Partial<Record<F, string | number>> = {};
  const refused: HTMLElement[] = [];
  for (const field of fields) {
    const read = readField(field, value(CONTROLS[field]), required.includes(field), formLabel);
    if (read.ok) values[field] = read.value;
    else {
      refused.push($(CONTROLS[field]));
      errorBy($(CONTROLS[field]), read.message, formLabel);
    }
  }
  refused[0]?.focus();
  return refused.length > 0 ? null : values;
}

/** The create fields as the form holds them; null when the page refuses one (formFields). */
const createFields = () =>
  formFields(["title", "amount", "criteria", "client_ref", "callback_url"], ACTION_FIELDS.create.required);

/**
 * Shows a refusal by the field it names (the service's `field`), else in the form's alert; the
 * service's wait (D23) by the button `button` that asked (service-wait.ts).
 */
function refused(answer: EscrowError, button: string): void {
  const id = controlOf(answer.field);
  if (answer.code === "rate_limited") heldBy(button);
  else if (id) errorBy($(id), answer.message, formLabel);
  else alertForm(answer.message, formLabel);
}

/**
 * Runs `work` with the create form's buttons disabled, so a double click sends one request; the
 * form's errors of the last try go first.
 */
async function whileFormBusy<T>(work: () => Promise<T>): Promise<T> {
  clearErrors($("create-form"));
  const buttons = document.querySelectorAll<HTMLButtonElement>("#create-form button");
  for (const b of buttons) b.disabled = true;
  try {
    return await work();
  } finally {
    for (const b of buttons) b.disabled = false;
  }
}

/**
 * Shows the title's length as the service counts it (hints.ts), marked when over, and what a
 * release of the amount typed would pay (the form's fee line).
 */
export function updateTitleCount(): void {
  showCount($<HTMLInputElement>(CONTROLS.title), $("title-count"));
  const amount = readNumber(value(CONTROLS.amount));
  $("fee-line").textContent = feeLine(amount.ok ? amount.value : undefined);
}

/** Creates a job from the form; on success the form is cleared and the focus lands on the new job. */
export async function createJob(): Promise<void> {
  const fields = createFields();
  if (!fields || heldBy("create-job")) return;
  const answer = await whileFormBusy(() => keeper.create(fields as never));
  if (!answer.ok) {
    refused(answer, "create-job");
    return;
  }
  ($("create-form") as HTMLFormElement).reset();
  updateTitleCount();
  land(jobNode(answer.job.id), `Created the job "${answer.job.title}": fund it to hold its credits in escrow.`);
}

/** Simulates the whole walk for the form's fields at the current balance, and shows it. */
export async function simulate(): Promise<void> {
  const chosen = ($(CONTROLS.terminal) as HTMLSelectElement).value;
  const terminal: Terminal | undefined = TERMINALS.find((t) => t === chosen);
  // The last result goes as the new walk starts: a refusal never sits beside an old result.
  ui.simulation = null;
  refresh();
  const read = formFields(
    ["title", "amount", "criteria", "client_ref", "callback_url", "proof_url"],
    SIMULATE_FIELDS.required,
  );
  if (!read || heldBy("simulate-button")) return;
  const fields = { ...read, terminal };
  // The result's panel loads with the first simulation (on-demand.ts), beside the request.
  const [answer] = await whileFormBusy(() =>
    Promise.all([keeper.simulate(fields as never), simulations.load().catch(() => null)]),
  );
  if (!answer.ok) {
    refused(answer, "simulate-button");
    return;
  }
  ui.simulation = answer;
  refresh();
  const outcome =
    answer.terminal === "release"
      ? `released, fee ${credits(answer.fee)}, agent payout ${credits(answer.agent_payout)}`
      : `disputed, ${credits(answer.returned_to_payer)} back to payer`;
  land($("simulation"), `Simulated "${answer.job.title}": ${outcome}. Nothing changed here.`);
}
