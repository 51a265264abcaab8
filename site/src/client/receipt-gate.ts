/**
 * Whether the receipt of an opened receipt link may be imported, and what the shared panel says
 * about it. What a receipt does to the state is the client's rule (client/receipt-import.ts): it
 * settles the job held at an earlier step only when its signature holds for the service's keys
 * (D27), and one that contradicts a job held is refused. The signature check decides the
 * buttons, as the seal check does for a job (hand-back-gate.ts): while it runs, Import receipt
 * waits; when it holds, one click imports; when it does not, or the receipt carries none the
 * service vouches for (none, an older version's) or it could not be checked, the receipt is
 * imported only on "Import anyway", a second, deliberate click, and then settles nothing.
 */
import { afterReceipt, type DemoState, isReceived, type ReceiptRecord } from "../../../client/index.ts";
import { credits } from "./dom.ts";
import { type Gate, gateNote } from "./hand-back-gate.ts";
import { pageWords } from "./page-words.ts";
import type { SealCheck } from "./seal-checks.ts";

/** The page's words while a receipt's signature is checked. */
export const RECEIPT_WAIT = "Checking the signature… Import waits for the check.";
/** The page's words for a receipt whose signature does not hold. */
export const RECEIPT_CHANGED =
  "Careful: this receipt is not as the service signed it: something in it was changed after signing, or another service signed it.";
/** The page's words for a receipt with no signature the service vouches for (none, or an older version's). */
export const RECEIPT_UNSIGNED =
  "Careful: this receipt carries no signature the service vouches for, so nothing shows the service settled the job so (a receipt link loses its signature when something in it is changed).";
/** The page's words for a receipt whose signature could not be checked. */
export const RECEIPT_UNCHECKED =
  "The receipt's signature could not be checked, so nothing shows the service settled the job so.";

/** Where the credits of the job a receipt settles go, from this page's side (D28: a received job's are its payer's). */
function moves(receipt: ReceiptRecord, own: boolean): string {
  const amount = credits(receipt.amount);
  if (receipt.status === "disputed")
    return own
      ? `all ${amount} credits come back to your payer credits`
      : `its ${amount} credits went back to its payer`;
  return own
    ? `${credits(receipt.agent_payout)} go to your Agent wallet and its fee of ${credits(receipt.release_fee)} counts in Fees paid`
    : `its ${amount} credits leave the escrow its payer held; you (the agent) were paid ${credits(receipt.agent_payout)} in the payer's page`;
}

/** What importing `receipt` does in `state`: settle the job held (`settles`), or add the receipt beside it. */
function importNote(state: DemoState, receipt: ReceiptRecord, settles: boolean): string {
  const held = state.jobs.find((j) => j.id === receipt.job_id);
  if (!held || held.status === "released" || held.status === "disputed") return "Importing adds it to Receipts.";
  const job = `the job "${held.title}" held here (${held.status})`;
  return settles
    ? `Importing settles ${job}: ${receipt.status} as the receipt says; ${moves(receipt, !isReceived(state, held.id))}.`
    : `It does not settle ${job}: imported, it is kept in Receipts beside it.`;
}

/** The gate of the shared `receipt` in `state`, with its signature check. */
export function receiptGate(state: DemoState, receipt: ReceiptRecord, check: SealCheck): Gate {
  const vouched = check.state === "valid";
  // While the check runs, only what would refuse it whatever its answer is said.
  const taken = afterReceipt(state, receipt, vouched || check.state === "pending");
  if (!taken.ok) return { blocked: true, anyway: false, note: [gateNote(pageWords(taken.message), true)], check };
  if (taken.state === state)
    return {
      blocked: false,
      anyway: false,
      note: [gateNote("This receipt is held here already: importing changes nothing.")],
      check,
    };
  if (check.state === "pending") return { blocked: true, anyway: false, note: [gateNote(RECEIPT_WAIT)], check };
  const said = importNote(state, receipt, taken.settled !== undefined);
  if (vouched) return { blocked: false, anyway: false, note: [gateNote(said)], check };
  const warning =
    check.state === "invalid" ? RECEIPT_CHANGED : check.state === "unchecked" ? RECEIPT_UNCHECKED : RECEIPT_UNSIGNED;
  const anyway = `${warning} Import it only if you trust whoever sent the link. ${said}`;
  return { blocked: true, anyway: true, note: [gateNote(anyway, true)], check };
}
