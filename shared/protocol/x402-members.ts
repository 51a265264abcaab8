/**
 * The members a payment over x402 adds (D30), one row each, spread at the end of the job table
 * (job-members.ts) and of the receipt table (receipt-members.ts): the payer and the payment's
 * identity, which the engine's fund writes into a job funded over POST /api/v0/x402/fund (the
 * rows' `paid`) under its seal, and which its receipt carries with the capture or the void under
 * its signature. Every other job leaves them out (D10).
 */
import { PAYER_ACCOUNT_PATTERN, PAYMENT_ID_PATTERN, X402_SETTLEMENTS, type X402Settlement } from "./constants.ts";
import type { JobMemberRow } from "./job-member-row.ts";
import { oneOf, patterned } from "./rules.ts";

/**
 * What the receipt rows read of a job (a Job is one): written out, not imported, since the job
 * table imports this file. The receipt table's `satisfies` holds these rows to ReceiptMemberRow.
 */
export interface PaidJob {
  status: string;
  x402Payer?: string;
  x402Payment?: string;
}

/** The job members of a payment over x402, in SETTLEMENT.md's order. */
export const X402_JOB_MEMBERS = {
  x402Payer: {
    rule: patterned("job.x402Payer", PAYER_ACCOUNT_PATTERN),
    required: false,
    aliases: ["x402_payer"],
    paid: "payer",
    link: "xp",
    linkExtra: true,
    text: "Set by an x402 fund (D30): the payer as a CAIP-10 account, network:address.",
  },
  x402Payment: {
    rule: patterned("job.x402Payment", PAYMENT_ID_PATTERN),
    required: false,
    aliases: ["x402_payment"],
    paid: "payment",
    link: "xi",
    linkExtra: true,
    text: "Set by an x402 fund (D30): the payment's identity, its authorization's nonce.",
  },
} as const satisfies Record<string, JobMemberRow>;

/** What a release (capture) or a dispute (void) did to the hold, on a job funded over x402. */
const settlementOf = (job: PaidJob): X402Settlement | undefined =>
  job.x402Payment === undefined ? undefined : job.status === "released" ? "capture" : "void";

/** The receipt members of a payment over x402, in SETTLEMENT.md's order. */
export const X402_RECEIPT_MEMBERS = {
  x402_payer: {
    rule: patterned("receipt.x402_payer", PAYER_ACCOUNT_PATTERN),
    required: false,
    of: (job: PaidJob): string | undefined => job.x402Payer,
    link: "xp",
    source: "job x402Payer (D30)",
  },
  x402_payment: {
    rule: patterned("receipt.x402_payment", PAYMENT_ID_PATTERN),
    required: false,
    of: (job: PaidJob): string | undefined => job.x402Payment,
    link: "xi",
    source: "job x402Payment (D30)",
  },
  x402_settlement: {
    rule: oneOf("receipt.x402_settlement", X402_SETTLEMENTS),
    required: false,
    of: settlementOf,
    link: "xs",
    source: "capture (fee: release_fee) on release, void on dispute, when x402Payment is set (D30)",
  },
} as const;
