/**
 * One receipt as a list item: its verification badge (verdict.ts), its money values labelled,
 * every field on demand, and the controls to verify it and share it. Accessible names the browser
 * suite drives: "Fee", "Agent payout", "Returned to payer", "Mismatches", "Verify receipt",
 * "Copy receipt link", "Receipt link".
 */
import type { Receipt } from "../../../client/index.ts";
import { credits, h, safeLink } from "./dom.ts";
import { type Verdict, verdictView } from "./verdict.ts";
import { button, field, itemHead, labelled, when } from "./view-parts.ts";

/** One receipt as a list item, its money values labelled. */
export function receiptItem(receipt: Receipt, link?: string, verdict?: Verdict): HTMLLIElement {
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
