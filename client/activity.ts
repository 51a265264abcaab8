/**
 * The activity log's texts (D29): one sentence per event, newest first in the state,
 * each starting with what happened. The UI and scripts write the same log, so a pack made by
 * either reads the same in the other.
 */
import { ACTIVITY_TEXT_MAX, type ActivityEvent, type ActivityKind } from "../shared/client-state/pack.ts";
import type { JobRecord } from "../shared/client-state/share-links.ts";
import type { AnswerOf } from "../shared/protocol/answers.ts";
import type { Action } from "../shared/protocol/constants.ts";
import type { Receipt } from "../shared/protocol/receipt-members.ts";

/** A whole number of credits as people read it: 1,000. */
export const credits = (n: number): string => n.toLocaleString("en-US");

/** An event of `kind` at `at`, its text cut to the pack's limit (a long title must not make a pack unreadable). */
export function event(kind: ActivityKind, text: string, at: number): ActivityEvent {
  let cut = text;
  if (text.length > ACTIVITY_TEXT_MAX) {
    cut = "";
    for (const char of text) {
      if (cut.length + char.length > ACTIVITY_TEXT_MAX - 1) break;
      cut += char;
    }
    cut += "…";
  }
  return { kind, at: new Date(at).toISOString(), text: cut };
}

/** What each action did, from the job it was taken on (the created job for create) and the service's answer. */
const ACTION_TEXTS = {
  create: (job: JobRecord) => `Created "${job.title}" for ${credits(job.amount)} credits.`,
  fund: (job: JobRecord) => `Funded "${job.title}": ${credits(job.amount)} credits held in escrow.`,
  submit: (job: JobRecord) => `Proof submitted for "${job.title}".`,
  release: (job: JobRecord, r: AnswerOf<"transition">) =>
    `Released "${job.title}": fee ${credits(r.fee ?? 0)}, agent wallet +${credits(r.agent_credits_delta ?? 0)}.`,
  dispute: (job: JobRecord, r: AnswerOf<"transition">) =>
    `Disputed "${job.title}": ${credits(r.returned_to_payer ?? 0)} credits back to the payer.`,
} as const;

/** The activity text of `action` taken on `job`, as `answer` says it went. */
export const actionText = (action: Action, job: JobRecord, answer: AnswerOf<"transition">): string =>
  ACTION_TEXTS[action](job, answer);

export const topUpText = (amount: number): string => `Topped up ${credits(amount)} payer credits. No fee.`;

export const resetText = (startingCredits: number): string =>
  `Reset: ${credits(startingCredits)} payer credits, an empty wallet, no jobs or receipts.`;

export const simulateText = (r: AnswerOf<"simulate">): string =>
  `Simulated "${r.job.title}" to ${r.terminal}: fee ${credits(r.fee)}, agent payout ${credits(r.agent_payout)}, returned ${credits(r.returned_to_payer)}. Nothing changed.`;

/**
 * A receipt verified: valid only when its figures are right and its signature holds (D27); right
 * figures alone are not the service's word, as the web UI's badge says ("Figures right").
 */
export const verifyText = (receipt: Receipt, { valid, signature_valid }: AnswerOf<"verify">): string =>
  `Verified the receipt of "${receipt.title}": ${
    !valid ? "mismatch" : signature_valid ? "valid" : "figures right, but no signature of the service holds"
  }.`;

export const exportText = (jobs: number, receipts: number): string =>
  `Exported a demo pack: ${jobs} jobs, ${receipts} receipts.`;

export const importPackText = (jobs: number, receipts: number): string =>
  `Imported a demo pack: ${jobs} jobs, ${receipts} receipts. Everything before it was replaced.`;

export const importJobText = (job: JobRecord, received: boolean): string =>
  `Imported job "${job.title}" (${job.status}) from a handoff link${received ? ", received from its payer" : ""}.`;

/** A receipt imported from a link; when it settled the job held, how (receipt-import.ts). */
export const importReceiptText = (receipt: Receipt, settled: boolean): string =>
  `Imported the receipt of "${receipt.title}" from a receipt link${
    !settled
      ? ""
      : receipt.status === "released"
        ? `, which settled the job here: released, fee ${credits(receipt.release_fee)}, agent payout ${credits(receipt.agent_payout)}`
        : `, which settled the job here: disputed, ${credits(receipt.returned_to_payer)} credits back to the payer`
  }.`;
