/**
 * The New job form: Create job commits a create through the keeper (POST /api/v0/transition);
 * Simulate runs the whole walk for the same fields at the current balance (POST /api/v0/simulate),
 * which changes nothing but the activity log. What was typed goes as typed (form-values.ts): the
 * service judges it. Errors show in the form's own alert.
 */
import type { Terminal } from "../../../client/index.ts";
import { LIMITS, TERMINALS } from "../../../shared/protocol/constants.ts";
import { $ } from "./dom.ts";
import { asInteger, optional } from "./form-values.ts";
import { alertForm } from "./notices.ts";
import { keeper, refresh, ui } from "./page-state.ts";

const value = (id: string): string => ($(id) as HTMLInputElement).value;

/** The create fields as the form holds them. */
const createFields = () => ({
  title: value("title"),
  amount: asInteger(value("amount")),
  criteria: value("criteria"),
  client_ref: optional(value("client-ref")),
  callback_url: optional(value("callback-url")),
});

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
  const title = value("title").trim();
  const count = [...title].length;
  const counter = $("title-count");
  counter.textContent = `${count}/${LIMITS.titleMax}`;
  counter.classList.toggle("over", count > LIMITS.titleMax);
}

/** Creates a job from the form; on success the form is cleared. */
export async function createJob(): Promise<void> {
  const answer = await whileFormBusy(() => keeper.create(createFields()));
  if (!answer.ok) {
    alertForm(answer.message);
    return;
  }
  alertForm(null);
  ($("create-form") as HTMLFormElement).reset();
  updateTitleCount();
}

/** Simulates the whole walk for the form's fields at the current balance, and shows it. */
export async function simulate(): Promise<void> {
  const chosen = ($("sim-terminal") as HTMLSelectElement).value;
  const terminal: Terminal | undefined = TERMINALS.find((t) => t === chosen);
  const fields = { ...createFields(), proof_url: value("sim-proof"), terminal };
  const answer = await whileFormBusy(() => keeper.simulate(fields));
  if (!answer.ok) {
    alertForm(answer.message);
    return;
  }
  alertForm(null);
  ui.simulation = answer;
  refresh();
  $("simulation").scrollIntoView({ block: "nearest" });
}
