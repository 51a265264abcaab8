/**
 * The actions on a held job and its receipt, each one click (no confirm): fund, submit, release
 * or dispute through POST /api/v0/transition, and verify through POST /api/v0/verify. The service
 * computes every step; the page keeps what it answers. An error shows in the job's own item.
 */
import type { DemoState } from "../../../shared/browser/pack.ts";
import { postEngine } from "./api.ts";
import { credits } from "./dom.ts";
import { asInteger, optional } from "./form-values.ts";
import { apiBase, commit, page, refresh, ui } from "./page-state.ts";
import { upsertJob, upsertReceipt } from "./upsert.ts";

/** The id prefixes of the drafts a job's inputs keep between renders (`<prefix>-<job id>`). */
const DRAFTS = ["hold", "proof", "proofnote", "releasenote", "disputereason"];

/** Takes `action` on the job `id` with what its inputs hold; ignored while the job is busy. */
export async function jobAction(id: string, action: "fund" | "submit" | "release" | "dispute"): Promise<void> {
  const state = page.state;
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
  refresh();
  const result = await postEngine(apiBase(), "transition", body, page.demoKey);
  ui.busy.delete(id);
  if (!result.ok) {
    ui.jobErrors.set(id, result.message);
    refresh();
    return;
  }
  ui.jobErrors.delete(id);
  for (const name of DRAFTS) ui.drafts.delete(`${name}-${id}`);
  const r = result.body;
  const now = page.state;
  const next: DemoState = {
    ...now,
    jobs: upsertJob(now.jobs, r.job),
    payerCredits: typeof r.payer_credits === "number" ? r.payer_credits : now.payerCredits,
    // A release always carries its settlement (answers.ts).
    agentCredits: now.agentCredits + (action === "release" ? r.agent_credits_delta! : 0),
    receipts: r.receipt ? upsertReceipt(now.receipts, r.receipt) : now.receipts,
  };
  const texts = {
    fund: `Funded "${job.title}": ${credits(job.amount)} credits held in escrow.`,
    submit: `Proof submitted for "${job.title}".`,
    release: `Released "${job.title}": fee ${credits(r.fee ?? 0)}, agent wallet +${credits(r.agent_credits_delta ?? 0)}.`,
    dispute: `Disputed "${job.title}": ${credits(r.returned_to_payer ?? 0)} credits back to the payer.`,
  };
  commit(next, { kind: action, text: texts[action] });
}

/** Asks the service to recompute the receipt of job `jobId` and shows whether it matches. */
export async function verifyReceipt(jobId: string): Promise<void> {
  const receipt = page.state.receipts.find((r) => r.job_id === jobId);
  if (!receipt) return;
  const result = await postEngine(apiBase(), "verify", { receipt }, page.demoKey);
  if (!result.ok) {
    ui.verified.set(jobId, { ok: false, text: result.message });
    refresh();
    return;
  }
  const r = result.body;
  const text = r.valid
    ? `Verified: valid. Expected fee ${credits(r.expected.fee)}, agent payout ${credits(r.expected.agent_payout)}, returned ${credits(r.expected.returned_to_payer)}.`
    : `Verified: mismatch on ${r.mismatches.map((m) => `${m.field} (expected ${m.expected}, receipt says ${m.received})`).join(", ")}.`;
  ui.verified.set(jobId, { ok: r.valid, text });
  commit(page.state, {
    kind: "verify",
    text: `Verified the receipt of "${receipt.title}": ${r.valid ? "valid" : "mismatch"}.`,
  });
}
