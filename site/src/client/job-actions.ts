/**
 * The actions on a held job and its receipt: fund, submit, release or dispute (each from its
 * form, job-wiring.ts; Dispute asks first, job-controls.ts), and verify, taken by the keeper
 * (client/keeper.ts), which asks the service and applies its answer (SETTLEMENT.md "What the
 * client keeps"). The page adds the job's inputs as the action's fields, checked first by the
 * engine's field rules (form-checks.ts), the busy flag, a sentence in the status line saying what
 * moved (landing.ts), and a refusal shown in the job's own item by the input it names, else by the
 * action's button (it changed nothing; render.ts puts it there with notices.ts `errorBy`), with
 * the action's form left open and the focus on what the refusal names.
 */
import type { AnswerOf } from "../../../client/index.ts";
import type { FieldName } from "../../../shared/protocol/fields.ts";
import { ACTION_FIELDS } from "../../../shared/protocol/request-shape.ts";
import { credits } from "./dom.ts";
import { readField } from "./form-checks.ts";
import { jobUi } from "./job-ui.ts";
import { statusPage } from "./notices.ts";
import { keeper, refresh, ui } from "./page-state.ts";
import { heldBy } from "./service-wait.ts";
import { verdictOf } from "./verdict.ts";

type JobAction = "fund" | "submit" | "release" | "dispute";

/** The fields each job form sends, with the id prefix of its control (`<prefix>-<job id>`), which keeps its draft. */
const CONTROLS: Record<JobAction, Partial<Record<FieldName, string>>> = {
  fund: { ttl_seconds: "hold" },
  submit: { proof_url: "proof", proof_note: "proofnote" },
  release: { release_note: "releasenote" },
  dispute: { dispute_reason: "disputereason" },
};

/** What an action moved, in a short sentence for the status line. */
function said({ job }: AnswerOf<"transition">): string {
  const amount = credits(job.amount);
  switch (job.status) {
    case "funded":
      return `Funded: ${amount} credits held in escrow.`;
    case "submitted":
      return `Proof submitted: ${amount} credits stay in escrow until a release or a dispute.`;
    case "released":
      return `Released: agent wallet +${credits(job.agentPayout)}, fee ${credits(job.fee)}.`;
    default:
      return `Disputed: ${amount} credits back to payer credits, no fee.`;
  }
}

type Read = { ok: true; fields: Record<string, unknown> } | { ok: false; message: string; control: string };

/**
 * The fields of `action`'s form on job `id`, as the drafts of its inputs hold them, or the first
 * the page refuses before any request (form-checks.ts); a blank optional field is not sent.
 */
function readForm(id: string, action: JobAction): Read {
  const fields: Record<string, unknown> = {};
  const required: readonly string[] = ACTION_FIELDS[action].required;
  for (const [field, prefix] of Object.entries(CONTROLS[action]) as [FieldName, string][]) {
    const control = `${prefix}-${id}`;
    const read = readField(field, ui.drafts.get(control) ?? "", required.includes(field));
    if (!read.ok) return { ok: false, message: read.message, control };
    if (read.value !== undefined) fields[field] = read.value;
  }
  return { ok: true, fields };
}

/**
 * Shows a refusal of job `id`'s action (or removal) by `control` (render.ts puts it there), in
 * place of the last success's line: the action's form stays as it was, and the focus goes to the
 * control, never into another action's form, unless the person has moved on to another job.
 */
export function refuse(id: string, message: string, control: string): void {
  ui.jobErrors.set(id, { message, control });
  statusPage("");
  refresh();
  const active = document.activeElement;
  const within = active?.closest<HTMLElement>("li[data-job-id]")?.dataset.jobId;
  if (!active || active === document.body || within === id) document.getElementById(control)?.focus();
}

/** Takes `action` on the job `id` with what its inputs hold; ignored while the job is busy. */
export async function jobAction(id: string, action: JobAction): Promise<void> {
  if (!keeper.job(id) || ui.busy.has(id)) return;
  const read = readForm(id, action);
  if (!read.ok) {
    refuse(id, read.message, read.control);
    return;
  }
  // During the service's wait the service would refuse it: said by the action's button, unsent.
  if (heldBy(`${action}-${id}`)) return;
  ui.busy.add(id);
  refresh();
  const answer = await keeper[action](id, read.fields as never);
  ui.busy.delete(id);
  if (!answer.ok && answer.code === "rate_limited") {
    refresh();
    heldBy(`${action}-${id}`);
    return;
  }
  if (!answer.ok) {
    refuse(id, answer.message, `${CONTROLS[action][answer.field as FieldName] ?? action}-${id}`);
    return;
  }
  ui.jobErrors.delete(id);
  for (const prefix of Object.values(CONTROLS[action])) ui.drafts.delete(`${prefix}-${id}`);
  // The dispute's question closes once the dispute is done; a refusal leaves it open.
  jobUi.disputing.delete(id);
  statusPage(said(answer));
  refresh();
}

/** Asks the service, through the keeper, to recompute the receipt of job `jobId`, and shows whether it matches. */
export async function verifyReceipt(jobId: string): Promise<void> {
  if (!keeper.receipt(jobId)) return;
  const control = `verify-receipt-${jobId}`;
  if (heldBy(control)) return;
  const answer = await keeper.verify(jobId);
  if (!answer.ok && answer.code === "rate_limited" && heldBy(control)) return;
  ui.verified.set(jobId, verdictOf(answer));
  refresh();
}
