/**
 * The service's verdicts on the held receipts, kept in this browser (page-state.ts, never in a
 * pack) so that a Verify result outlives a reload as its activity event does. Only the answers
 * the activity log records are kept (valid, figures right, mismatch: client/activity.ts
 * verifyText), each with the receipt it was given for:
 * a verdict shows again only beside that very receipt. What does not read back is left out;
 * nothing in it is trusted to be more than text (dom.ts renders it).
 */
import type { ReceiptRecord } from "../../../client/index.ts";
import { isObject, sameJson } from "../../../shared/lib/json.ts";
import type { Verdict } from "./verdict.ts";

/** The verdicts of `receipts` in `verified` that are kept, as stored text. */
export function verdictsText(verified: ReadonlyMap<string, Verdict>, receipts: readonly ReceiptRecord[]): string {
  const kept: Record<string, { receipt: ReceiptRecord; verdict: Verdict }> = {};
  for (const receipt of receipts) {
    const verdict = verified.get(receipt.job_id);
    if (verdict && verdict.state !== "pending" && verdict.state !== "error")
      kept[receipt.job_id] = { receipt, verdict };
  }
  return JSON.stringify(kept);
}

const isMismatch = (m: unknown): boolean =>
  isObject(m) && typeof m.field === "string" && typeof m.expected === "number" && typeof m.received === "number";

/** A stored verdict that reads as one kept: valid, figures right, or mismatch with its list. */
const isKept = (v: unknown): v is Verdict =>
  isObject(v) &&
  typeof v.text === "string" &&
  (v.state === "valid" ||
    v.state === "unvouched" ||
    (v.state === "mismatch" && Array.isArray(v.mismatches) && v.mismatches.every(isMismatch)));

/** The kept verdicts in `text` of the `receipts` held now, each beside the receipt it was for; none when unreadable. */
export function readVerdicts(text: string | null, receipts: readonly ReceiptRecord[]): Map<string, Verdict> {
  const read = new Map<string, Verdict>();
  let stored: unknown;
  try {
    stored = JSON.parse(text ?? "{}");
  } catch {
    return read;
  }
  if (!isObject(stored)) return read;
  for (const receipt of receipts) {
    const kept = stored[receipt.job_id];
    // The very receipt it was for, its members in any order (sameJson).
    if (isObject(kept) && sameJson(kept.receipt, receipt) && isKept(kept.verdict))
      read.set(receipt.job_id, kept.verdict);
  }
  return read;
}
