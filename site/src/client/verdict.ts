/**
 * A receipt's verification by the service (POST /api/v0/verify, D12): a badge saying whether its
 * fee, agent payout and refund are what the fee rules give (verify's `valid`), and, when they are
 * not, the list of mismatches named "Mismatches". "✓ Valid" needs the signature to hold too
 * (verify's `signature_valid`, D27); when every figure is right but the service does not vouch
 * for the receipt, the badge is a plain "Figures right" and the words say why (its signature
 * does not hold, or it carries none the service accepts). Held receipts are verified on Verify receipt;
 * a receipt opened from a link (pasted or in the address bar) is verified as it opens.
 */
import type { Answer, AnswerOf, Mismatch } from "../../../client/index.ts";
import { credits, figure, h } from "./dom.ts";
import { pageWords } from "./page-words.ts";

/** What the page knows of a receipt's verification. */
export type Verdict =
  | { state: "pending" }
  | { state: "valid"; text: string }
  /** Its figures are right, but the service does not vouch for it: no signature it accepts. */
  | { state: "unvouched"; text: string }
  | { state: "mismatch"; text: string; mismatches: Mismatch[] }
  | { state: "error"; text: string };

/** The names of verify's claimed figures, as the receipt shows them. */
const FIGURE_NAMES: Record<string, string> = {
  fee: "Fee",
  agent_payout: "Agent payout",
  returned_to_payer: "Returned to payer",
};

/**
 * What a verify answer that is not valid, with every figure right, is about: the receipt's text.
 * The service says the signature does not hold (the receipt was changed after it was signed, or
 * another service signed it), or, requiring signatures (SEALS=required), that it carries none.
 */
function textVerdict(answer: AnswerOf<"verify">): string {
  const right = "The fee, payout and refund are right, but";
  return answer.signature_valid === false
    ? `${right} the receipt is not as the service signed it: something in it was changed after signing, or another service signed it.`
    : `${right} the service vouches only for receipts it signed, and this one carries no signature it accepts.`;
}

/** The verdict of a verify answer (or the refusal's message). */
export function verdictOf(answer: Answer<"verify">): Verdict {
  if (!answer.ok) return { state: "error", text: pageWords(answer.message) };
  const { expected } = answer;
  // Figures that add up are not "Valid" unless the signature holds (D27): anyone can write figures.
  if (answer.valid && answer.signature_valid)
    return {
      state: "valid",
      text: `Verified: valid. Expected fee ${figure(expected.fee)}, agent payout ${figure(expected.agent_payout)}, returned ${figure(expected.returned_to_payer)}.`,
    };
  if (answer.mismatches.length === 0) return { state: "unvouched", text: textVerdict(answer) };
  const named = answer.mismatches.map((m) => `${m.field} (expected ${m.expected}, receipt says ${m.received})`);
  return { state: "mismatch", text: `Verified: mismatch on ${named.join(", ")}.`, mismatches: answer.mismatches };
}

const BADGES = {
  none: "Not verified yet",
  pending: "Verifying…",
  valid: "✓ Valid",
  unvouched: "Figures right",
  mismatch: "✗ Mismatch",
  error: "Could not verify",
} as const;

/** The badge and what it means; the mismatches listed when there are any. */
export function verdictView(verdict: Verdict | undefined): HTMLElement {
  const state = verdict?.state ?? "none";
  const badge = h("span", { class: `verdict-badge ${state}` }, BADGES[state]);
  if (!verdict)
    return h(
      "p",
      { class: "verdict" },
      badge,
      " ",
      h("span", { class: "muted" }, "Verify asks the service to recompute the fee, payout and refund."),
    );
  return h(
    "div",
    { class: "verdict", role: "status" },
    h("p", {}, badge, verdict.state === "pending" ? null : [" ", verdict.text]),
    verdict.state === "mismatch"
      ? h(
          "ul",
          { class: "mismatches", "aria-label": "Mismatches" },
          verdict.mismatches.map((m) =>
            h(
              "li",
              {},
              `${FIGURE_NAMES[m.field] ?? m.field}: the service computes ${credits(m.expected)}; the receipt says ${credits(m.received)}.`,
            ),
          ),
        )
      : null,
  );
}
