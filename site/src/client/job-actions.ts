/**
 * The actions on a held job and its receipt: fund, submit, release or dispute (each from its
 * form, job-wiring.ts; Dispute asks first, job-controls.ts), and verify, taken by the keeper (client/keeper.ts), which asks the service and
 * applies its answer (SETTLEMENT.md "What the client keeps"). The page adds the job's inputs as the
 * action's fields, the busy flag, a sentence in the status line saying what moved (landing.ts),
 * and a refusal shown in the job's own item by the input it names, else by the action's button
 * (it changed nothing; render.ts puts it there with notices.ts `errorBy`).
 */
import type { Answer, AnswerOf } from "../../../client/index.ts";
import { credits } from "./dom.ts";
import { optional, readNumber } from "./form-values.ts";
import { statusPage } from "./notices.ts";
import { keeper, refresh, ui } from "./page-state.ts";
import { verdictOf } from "./verdict.ts";

/** The id prefixes of the drafts a job's inputs keep between renders (`<prefix>-<job id>`). */
const DRAFTS = ["hold", "proof", "proofnote", "releasenote", "disputereason"];

type JobAction = "fund" | "submit" | "release" | "dispute";

/** The control (its id's prefix) of each field a job action sends; the action's button answers for the rest. */
const CONTROL_OF: Record<string, string> = {
  ttl_seconds: "hold",
  proof_url: "proof",
  proof_note: "proofnote",
  release_note: "releasenote",
  dispute_reason: "disputereason",
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

/** Takes `action` on job `id` through the keeper, with what the job's inputs hold as its fields. */
function take(id: string, action: JobAction): Promise<Answer<"transition">> {
  const draft = (name: string) => ui.drafts.get(`${name}-${id}`);
  switch (action) {
    case "fund": {
      // Hold seconds is read by the page's one number parser (form-values.ts), like every amount.
      const hold = readNumber(draft("hold") ?? "");
      if (!hold.ok)
        return Promise.resolve({
          ok: false,
          code: "invalid_input",
          status: 0,
          message: hold.message,
          field: "ttl_seconds",
        });
      return keeper.fund(id, { ttl_seconds: hold.value });
    }
    case "submit":
      return keeper.submit(id, { proof_url: draft("proof") ?? "", proof_note: optional(draft("proofnote")) });
    case "release":
      return keeper.release(id, { release_note: optional(draft("releasenote")) });
    case "dispute":
      return keeper.dispute(id, { dispute_reason: optional(draft("disputereason")) });
  }
}

/** Takes `action` on the job `id` with what its inputs hold; ignored while the job is busy. */
export async function jobAction(id: string, action: JobAction): Promise<void> {
  if (!keeper.job(id) || ui.busy.has(id)) return;
  ui.busy.add(id);
  refresh();
  const answer = await take(id, action);
  ui.busy.delete(id);
  if (answer.ok) {
    ui.jobErrors.delete(id);
    for (const name of DRAFTS) ui.drafts.delete(`${name}-${id}`);
    statusPage(said(answer));
  } else
    ui.jobErrors.set(id, { message: answer.message, control: `${CONTROL_OF[answer.field ?? ""] ?? action}-${id}` });
  refresh();
}

/** Asks the service, through the keeper, to recompute the receipt of job `jobId`, and shows whether it matches. */
export async function verifyReceipt(jobId: string): Promise<void> {
  if (!keeper.receipt(jobId)) return;
  const answer = await keeper.verify(jobId);
  ui.verified.set(jobId, verdictOf(answer));
  refresh();
}
