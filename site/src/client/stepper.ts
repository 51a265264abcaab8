/**
 * A job's walk as a stepper (SETTLEMENT.md "States and transitions": create, fund, submit, then release or
 * dispute): an ordered list named "Steps", each step with its time, the step where the job stands
 * marked aria-current="step". Job items and the simulation panel draw the same one. Step names
 * are verbs ("Fund"), never status words ("funded"), so the list never says a job is somewhere
 * it is not.
 */
import type { JobRecord, JobStatus } from "../../../client/index.ts";
import { type Child, h } from "./dom.ts";
import { when } from "./view-parts.ts";

/** One step of a walk: its action, its name, when it happened (null: not yet). */
export interface Step {
  action: "create" | "fund" | "submit" | "release" | "dispute" | "settle";
  name: string;
  at: string | null;
}

/** Where a job in each status stands: the index of its current step. */
const CURRENT: Record<JobStatus, number> = { open: 0, funded: 1, submitted: 2, released: 3, disputed: 3 };

/** The four steps of `job`'s walk; the last is "Release or dispute" until one of them happened. */
export function walkSteps(job: JobRecord): Step[] {
  const last: Step =
    job.status === "released"
      ? { action: "release", name: "Release", at: job.resolvedAt }
      : job.status === "disputed"
        ? { action: "dispute", name: "Dispute", at: job.resolvedAt }
        : { action: "settle", name: "Release or dispute", at: null };
  return [
    { action: "create", name: "Create", at: job.createdAt },
    { action: "fund", name: "Fund", at: job.fundedAt },
    { action: "submit", name: "Submit", at: job.submittedAt },
    last,
  ];
}

/** The index of the step `job` stands at (aria-current). */
export const currentStep = (job: JobRecord): number => CURRENT[job.status];

/** The stepper of `job`; `details` adds a line under a step (the simulation's balances). */
export function stepper(job: JobRecord, details: Partial<Record<Step["action"], Child>> = {}): HTMLOListElement {
  const current = currentStep(job);
  return h(
    "ol",
    { class: "stepper", "aria-label": "Steps" },
    walkSteps(job).map((step, index) => {
      const done = index <= current;
      return h(
        "li",
        { class: `${done ? "done" : "todo"} step-${step.action}`, "aria-current": index === current ? "step" : false },
        h("span", { class: "marker", "aria-hidden": "true" }, done ? "✓" : String(index + 1)),
        h("span", { class: "name" }, step.name),
        done
          ? step.at
            ? h("time", { datetime: step.at }, when(step.at))
            : h("span", { class: "when" }, "time not given")
          : h("span", { class: "when" }, "not yet"),
        details[step.action] ? h("span", { class: "detail" }, details[step.action]) : null,
      );
    }),
  );
}
