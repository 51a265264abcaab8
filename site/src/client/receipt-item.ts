/**
 * One receipt as a list item: its signature check against the service's JWKS (seal-badge.ts), its
 * verification badge (verdict.ts), its money values labelled,
 * every field on demand, and the controls to verify it and share it. Accessible names the browser
 * suite drives: "Fee", "Agent payout", "Returned to payer", "Mismatches", "Verify receipt",
 * "Copy receipt link", "Receipt link".
 */
import type { ReceiptRecord } from "../../../client/index.ts";
import { isSigned } from "../../../shared/client-state/signed-members.ts";
import { credits, h, safeLink } from "./dom.ts";
import { sealBadge } from "./seal-badge.ts";
import type { SealCheck } from "./seal-checks.ts";
import { type Verdict, verdictView } from "./verdict.ts";
import { button, field, itemHead, labelled, when } from "./view-parts.ts";

/** What a receipt item shows besides the receipt. */
export interface ReceiptExtras {
  /** Its receipt link, once made. */
  link?: string;
  /** The service's verify answer, once asked. */
  verdict?: Verdict;
  /** Its signature check; a receipt without a signature is "missing" without asking. */
  signature?: SealCheck;
}

/**
 * What a job item at an earlier step says of a receipt of it held beside it, which did not settle
 * it (client/receipt-import.ts): a receipt settles a job only when imported with a signature of
 * the service that holds. Its figures are not repeated: nothing vouches for them.
 */
export const unsettledNote = (receipt: ReceiptRecord): string =>
  `A receipt says this job was ${receipt.status} on ${when(receipt.resolved)}, but it did not settle this copy: a receipt settles a job only when it comes with a signature of the service that holds.`;

/** One receipt as a list item, its money values labelled. */
export function receiptItem(receipt: ReceiptRecord, extras: ReceiptExtras = {}): HTMLLIElement {
  const { link, verdict, signature = { state: isSigned(receipt) ? "pending" : "missing" } } = extras;
  const id = receipt.job_id;
  const optional: [string, string | undefined][] = [
    ["Client ref", receipt.client_ref],
    ["Callback URL (never fetched)", receipt.callback_url],
    ["Proof note", receipt.proof_note],
    ["Release note", receipt.release_note],
    ["Dispute reason", receipt.dispute_reason],
    ["Key id", receipt.key_id],
  ];
  return h(
    "li",
    { class: `receipt status-${receipt.status}`, "data-job-id": id },
    itemHead(receipt.title, receipt.status),
    sealBadge("signature", signature),
    verdictView(verdict),
    h(
      "p",
      { class: "meta" },
      h("code", {}, id),
      ` · ${credits(receipt.amount)} credits · resolved ${when(receipt.resolved)}`,
    ),
    h(
      "div",
      { class: "kv-grid" },
      labelled(`fee-${id}`, "Fee", credits(receipt.release_fee)),
      labelled(`payout-${id}`, "Agent payout", credits(receipt.agent_payout)),
      labelled(`returned-${id}`, "Returned to payer", credits(receipt.returned_to_payer)),
    ),
    h(
      "details",
      {},
      h("summary", {}, "Every field"),
      h(
        "dl",
        { class: "fields" },
        [
          ["Success criteria", receipt.success_criteria],
          ["Proof", receipt.proof],
          ["Created", when(receipt.created)],
          ["Funded", when(receipt.funded)],
          ["Submitted", when(receipt.submitted)],
          ["Resolved", when(receipt.resolved)],
          ...optional.filter(([, v]) => v !== undefined),
        ].map(([name, text]) => [
          h("dt", {}, name as string),
          h("dd", {}, name === "Proof" ? safeLink(String(text)) : String(text)),
        ]),
      ),
    ),
    receipt.key_id ? h("p", { class: "meta" }, "Demo key ", h("code", {}, receipt.key_id)) : null,
    h("p", { class: "muted small" }, "A receipt is not proof of payment: no money moved."),
    h(
      "div",
      { class: "row" },
      button("Verify receipt", "verify-receipt", id),
      button("Copy receipt link", "copy-receipt", id, { class: "quiet" }),
    ),
    link ? field(`receiptlink-${id}`, "Receipt link", link, { readonly: true }) : null,
  );
}
