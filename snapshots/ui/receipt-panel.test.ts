/**
 * The shared panel of a receipt link under happy-dom (issue 41,
 * finding 3): a receipt whose signature does not hold, or that carries none the service vouches
 * for (none, an older version's, one that could not be checked), takes the same "Import anyway"
 * step as a changed job and settles nothing; while its signature is checked Import receipt waits;
 * one whose signature holds imports with one click and says what it settles; one that
 * contradicts a settled job held is refused outright. (The verdict's badge: hand-back-panel.test.ts.)
 */
import { describe, expect, test } from "bun:test";
import { type DemoState, EscrowKeeper, type ReceiptRecord } from "../../client/index.ts";
import {
  RECEIPT_CHANGED,
  RECEIPT_UNCHECKED,
  RECEIPT_UNSIGNED,
  RECEIPT_WAIT,
} from "../../site/src/client/receipt-gate.ts";
import type { SealCheck } from "../../site/src/client/seal-checks.ts";
import { sharedPanel } from "../../site/src/client/shared-panel.ts";
import { sealingApi } from "../client/sealed-walk.ts";
import { useHappyDocument } from "../support/happy-document.ts";
import { PROOF_URL } from "../support/helpers.ts";

const _window = useHappyDocument();

/** A payer's job of 120 credits, released, its receipt; and a worker's received, submitted copy. */
async function released() {
  const payer = new EscrowKeeper(sealingApi());
  const created = await payer.create({ title: "Market scan", amount: 120, criteria: "Ten competitors" });
  if (!created.ok) throw new Error(created.message);
  const id = created.job.id;
  await payer.fund(id);
  const worker = new EscrowKeeper(sealingApi());
  worker.importLink({ kind: "handoff", job: payer.job(id)! });
  await worker.submit(id, { proof_url: PROOF_URL });
  payer.importLink({ kind: "handoff", job: worker.job(id)! });
  await payer.release(id);
  return { payer, worker, receipt: payer.receipt(id)! };
}

function panel(receipt: ReceiptRecord, state: DemoState, check: SealCheck) {
  const div = document.createElement("div");
  div.append(...(sharedPanel({ kind: "receipt", receipt }, state, null, check).flat().filter(Boolean) as Node[]));
  const named = (name: string) =>
    [...div.querySelectorAll("button")].find((b) => b.textContent === name) as HTMLButtonElement | undefined;
  const note = div.querySelector("#shared-import-note");
  return { div, importReceipt: named("Import receipt")!, anyway: named("Import anyway"), note };
}

describe("the shared panel of a receipt link (issue 41, finding 3)", () => {
  test("whose signature does not hold offers only Import anyway, and says it settles nothing", async () => {
    const { worker, receipt } = await released();
    const edited = { ...receipt, release_note: "Paid twice" };
    const { importReceipt, anyway, note } = panel(edited, worker.state, { state: "invalid", message: "changed" });
    expect([importReceipt.disabled, anyway?.disabled, anyway?.dataset.action]).toEqual([true, false, "import-shared"]);
    expect(note?.className).toBe("error");
    expect(note?.textContent).toStartWith(RECEIPT_CHANGED);
    expect(note?.textContent).toContain('It does not settle the job "Market scan" held here (submitted)');
  });

  test("whose fee the fee rule does not give, for a job you hold, is refused: no Import anyway", async () => {
    const { worker, receipt } = await released();
    const edited = { ...receipt, release_fee: 1, agent_payout: 119 };
    const { importReceipt, anyway, note } = panel(edited, worker.state, { state: "invalid", message: "changed" });
    expect([importReceipt.disabled, anyway]).toEqual([true, undefined]);
    expect(note?.textContent).toContain("the fee rule gives fee 6 and agent payout 114 on 120 credits");
  });

  test.each([
    ["carries no signature", { state: "missing" }, RECEIPT_UNSIGNED],
    ["carries an older version's signature", { state: "older" }, RECEIPT_UNSIGNED],
    ["could not be checked", { state: "unchecked", message: "No JWKS." }, RECEIPT_UNCHECKED],
  ] as const)("that %s takes the same Import anyway step", async (_name, check, warning) => {
    const { worker, receipt } = await released();
    const { importReceipt, anyway, note } = panel(receipt, worker.state, check);
    expect([importReceipt.disabled, anyway?.disabled]).toEqual([true, false]);
    expect(note?.textContent).toStartWith(warning);
  });

  test("waits while its signature is checked", async () => {
    const { worker, receipt } = await released();
    const { importReceipt, anyway, note } = panel(receipt, worker.state, { state: "pending" });
    expect([importReceipt.disabled, anyway, note?.textContent]).toEqual([true, undefined, RECEIPT_WAIT]);
  });

  test("whose signature holds imports with one click and says it settles the job held", async () => {
    const { worker, receipt } = await released();
    const { importReceipt, anyway, note } = panel(receipt, worker.state, { state: "valid" });
    expect([importReceipt.disabled, importReceipt.className, anyway]).toEqual([false, "primary", undefined]);
    expect(note?.textContent).toContain('Importing settles the job "Market scan" held here (submitted): released');
  });

  test("that contradicts a settled job you hold is refused, with no Import anyway", async () => {
    const { payer, receipt } = await released();
    const edited = { ...receipt, release_fee: 1, agent_payout: 119 };
    const { importReceipt, anyway, note } = panel(edited, payer.state, { state: "invalid", message: "changed" });
    expect([importReceipt.disabled, anyway]).toEqual([true, undefined]);
    expect(note?.textContent).toContain("Nothing changed.");
  });
});
