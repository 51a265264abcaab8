/**
 * The receipt of a terminal job (SPEC "Receipt"), member by member from receipt-members.ts
 * (written out in accessors.generated.ts): optional members only when set, key_id only when a
 * demo key was sent (D13a).
 */
import type { Job } from "../protocol/job-members.ts";
import {
  RECEIPT_MEMBER_NAMES,
  RECEIPT_MEMBERS,
  type Receipt,
  type ReceiptMember,
} from "../protocol/receipt-members.ts";
import { receiptMembersMade } from "./accessors.generated.ts";

type Maker = (job: Job, keyId: string | null) => unknown;
const MAKERS = Object.fromEntries(RECEIPT_MEMBER_NAMES.map((member) => [member, RECEIPT_MEMBERS[member].of])) as Record<
  ReceiptMember,
  Maker
>;

/** The receipt of a released or disputed job. Not proof of payment. */
export const receiptOf = (job: Job, keyId: string | null): Receipt => receiptMembersMade(MAKERS, job, keyId) as Receipt;
