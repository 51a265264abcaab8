/**
 * The receipt of a terminal job (SETTLEMENT.md "Receipt"), made from receipt-members.ts: each
 * member is its row's `of`, in the table's order, left out when that gives nothing (optional
 * members only when set, key_id only when a demo key was sent, D13a). A new member is one row
 * there.
 */
import type { Job } from "../protocol/job-members.ts";
import type { ReceiptMemberRow } from "../protocol/member-rows.ts";
import { RECEIPT_MEMBER_NAMES, RECEIPT_MEMBERS, type Receipt } from "../protocol/receipt-members.ts";

/** The receipt of a released or disputed job. Not proof of payment. */
export function receiptOf(job: Job, keyId: string | null): Receipt {
  const receipt: Record<string, unknown> = {};
  for (const member of RECEIPT_MEMBER_NAMES) {
    const value = (RECEIPT_MEMBERS[member] as ReceiptMemberRow).of(job, keyId);
    if (value !== undefined) receipt[member] = value;
  }
  return receipt as Receipt;
}
