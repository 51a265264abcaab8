/**
 * The receipt of a terminal job (SETTLEMENT.md "Receipt"), member by member from receipt-members.ts:
 * optional members only when set, key_id only when a demo key was sent (D13a).
 */
import type { Job } from "../protocol/job-members.ts";
import { RECEIPT_MEMBER_NAMES, RECEIPT_MEMBERS, type Receipt } from "../protocol/receipt-members.ts";

const MAKERS = RECEIPT_MEMBER_NAMES.map(
  (member) => [member, RECEIPT_MEMBERS[member].of as (job: Job, keyId: string | null) => unknown] as const,
);

/** The receipt of a released or disputed job. Not proof of payment. */
export function receiptOf(job: Job, keyId: string | null): Receipt {
  const receipt: Record<string, unknown> = {};
  for (let i = 0; i < MAKERS.length; i++) {
    const [member, of] = MAKERS[i]!;
    const value = of(job, keyId);
    if (value !== undefined) receipt[member] = value;
  }
  return receipt as Receipt;
}
