/**
 * The receipt of a terminal job (SPEC "Receipt"), member by member from receipt-members.ts
 * (compiled once, lib/compile.ts): optional members only when set, key_id only when a demo key
 * was sent (D13a).
 */
import { made } from "../lib/compile.ts";
import type { Job } from "../protocol/job-members.ts";
import {
  RECEIPT_MEMBER_NAMES,
  RECEIPT_MEMBERS,
  type Receipt,
  type ReceiptMember,
} from "../protocol/receipt-members.ts";

type Maker = (job: Job, keyId: string | null) => unknown;
const MAKERS = Object.fromEntries(RECEIPT_MEMBER_NAMES.map((member) => [member, RECEIPT_MEMBERS[member].of])) as Record<
  ReceiptMember,
  Maker
>;
const RECEIPT = made<ReceiptMember, [Job, string | null]>(RECEIPT_MEMBER_NAMES, 2);

/** The receipt of a released or disputed job. Not proof of payment. */
export const receiptOf = (job: Job, keyId: string | null): Receipt => RECEIPT(MAKERS, job, keyId) as Receipt;
