/**
 * The result of a simulated walk (create, fund, submit, then release or dispute in one request):
 * its steps on the same stepper as a job's, with the payer's balance after each, and its money.
 * Accessible names the browser suite drives: "Steps", "Simulated fee", "Simulated agent payout",
 * "Simulated returned to payer", "Close simulation".
 */
import type { AnswerOf } from "../../../client/index.ts";
import { type Child, credits, h } from "./dom.ts";
import { moneyFlow } from "./money-flow.ts";
import { stepper } from "./stepper.ts";
import { button, labelled } from "./view-parts.ts";

/** The result of a simulated walk: the four steps and the money. */
export function simulationPanel(result: AnswerOf<"simulate">): Child[] {
  return [
    h("h2", { id: "simulation-title" }, "Simulation"),
    h(
      "p",
      { class: "muted" },
      `The whole walk for "${result.job.title}" ran on the service in one request. Nothing changed here: no balances, jobs or receipts.`,
    ),
    stepper(
      result.job,
      Object.fromEntries(
        result.steps.map((step) => [
          step.action,
          typeof step.payer_credits === "number" ? `payer credits ${credits(step.payer_credits)}` : null,
        ]),
      ),
    ),
    moneyFlow(result.job, "Simulated money flow"),
    h(
      "div",
      { class: "kv-grid" },
      labelled("sim-fee", "Simulated fee", credits(result.fee)),
      labelled("sim-payout", "Simulated agent payout", credits(result.agent_payout)),
      labelled("sim-returned", "Simulated returned to payer", credits(result.returned_to_payer)),
    ),
    h("div", { class: "row" }, button("Close simulation", "close-simulation", "sim", { class: "quiet" })),
  ];
}
