/**
 * A receipt that settles a job held at an earlier step (issue 41, finding 2): a receipt link
 * imported with the caller's word that its signature holds (verifyReceipt against the service's
 * JWKS, D27), and that is the held job's receipt (its members those of the job, its figures the
 * fee rule's), makes the held job the settled job and moves the balances as the action would
 * have: the agent wallet and the fees for an own release, payer credits for an own dispute, only
 * the received escrow for a received job (D28). The four figures still add up, and the state
 * reads back as a demo pack. Without that word, or for another job's receipt, nothing settles.
 */
import { describe, expect, test } from "bun:test";
import { EscrowKeeper, packText, type ReceiptRecord, readPackText, verifyReceipt } from "../../client/index.ts";
import { creditsHeld } from "../../shared/client-state/pack.ts";
import { own, PROOF_URL } from "../support/helpers.ts";
import { JWKS, sealingApi } from "./sealed-walk.ts";

const TITLE = "Market scan";

/**
 * A payer's job of 120 credits, funded; the payer's state as it was then (an own funded copy,
 * as a second device holds it); a worker's received, submitted copy; and the payer's receipt
 * once it settled the job (`terminal`), with its link.
 */
async function settledElsewhere(terminal: "release" | "dispute" = "release") {
  const payer = new EscrowKeeper(sealingApi());
  const created = await payer.create({ title: TITLE, amount: 120, criteria: "Ten competitors, one table" });
  if (!created.ok) throw new Error(created.message);
  const id = created.job.id;
  await payer.fund(id);
  const fundedCopy = payer.state;
  const handoff = payer.handoffLink(id);
  if (!handoff.ok) throw new Error(handoff.message);
  const worker = new EscrowKeeper(sealingApi());
  worker.importLink(handoff.link);
  await worker.submit(id, { proof_url: PROOF_URL, proof_note: "Table attached." });
  const back = worker.handoffLink(id);
  if (!back.ok) throw new Error(back.message);
  payer.importLink(back.link);
  const settled = await payer[terminal](id);
  if (!settled.ok) throw new Error(settled.message);
  const link = payer.receiptLink(id);
  if (!link.ok) throw new Error(link.message);
  return { id, payer, fundedCopy, worker, receipt: payer.receipt(id)!, link: link.link };
}

/** The caller's verdict on a receipt's signature, as the page and the stdio wallet give it. */
const signatureValid = async (receipt: ReceiptRecord) => (await verifyReceipt(receipt, JWKS)).ok;

describe("a receipt whose signature holds (issue 41, finding 2)", () => {
  test("settles the worker's received, submitted copy: released, its escrow gone, the four figures still 1,000", async () => {
    const { id, worker, receipt, link } = await settledElsewhere();
    expect(worker.balances()).toMatchObject({ receivedInEscrow: 120 });
    const imported = worker.importLink(link, { signatureValid: await signatureValid(receipt) });
    expect(imported).toMatchObject({ ok: true, kind: "receipt", changed: true });
    const job = worker.job(id)!;
    expect(job).toMatchObject({ status: "released", fee: 6, agentPayout: 114, resolvedAt: receipt.resolved });
    expect(job.seal).toBeUndefined();
    expect(worker.received(id)).toBe(true);
    expect(worker.balances()).toEqual(own({ payerCredits: 1000, inEscrow: 0, agentWallet: 0, feesPaid: 0 }));
    expect(worker.state.activity[0]).toMatchObject({ kind: "import" });
    expect(worker.state.activity[0]!.text).toContain(`"${TITLE}"`);
    expect(worker.state.activity[0]!.text).toContain("released");
    const reread = readPackText(packText(worker.state));
    expect(reread.ok && reread.state.jobs).toEqual(worker.state.jobs);
  });

  test("settles the payer's own funded copy: 114 to the agent wallet, the fee of 6 in Fees paid", async () => {
    const { id, fundedCopy, receipt, link, payer } = await settledElsewhere();
    const copy = new EscrowKeeper(sealingApi(), { state: fundedCopy });
    expect(copy.balances()).toMatchObject({ payerCredits: 880, inEscrow: 120 });
    copy.importLink(link, { signatureValid: await signatureValid(receipt) });
    expect(copy.job(id)).toMatchObject({ status: "released", proofUrl: PROOF_URL, proofNote: "Table attached." });
    const { seal: _, ...released } = payer.job(id)!;
    expect(copy.job(id)).toEqual(released);
    expect(copy.balances()).toEqual(payer.balances());
    expect(creditsHeld(copy.state)).toBe(1000);
    expect(readPackText(packText(copy.state)).ok).toBe(true);
  });

  test("of a dispute settles the payer's own funded copy: all 120 credits back in payer credits", async () => {
    const { id, fundedCopy, receipt, link } = await settledElsewhere("dispute");
    const copy = new EscrowKeeper(sealingApi(), { state: fundedCopy });
    copy.importLink(link, { signatureValid: await signatureValid(receipt) });
    expect(copy.job(id)).toMatchObject({ status: "disputed", fee: 0, agentPayout: 0 });
    expect(copy.balances()).toEqual(own({ payerCredits: 1000, inEscrow: 0, agentWallet: 0, feesPaid: 0 }));
  });
});

describe("a receipt that cannot settle the job held (issue 41, findings 2 and 3)", () => {
  test("without the caller's word that its signature holds, it is kept beside the job, which stays as it was", async () => {
    const { id, worker, link } = await settledElsewhere();
    const job = worker.job(id);
    const balances = worker.balances();
    expect(worker.importLink(link)).toMatchObject({ ok: true, changed: true });
    expect(worker.job(id)).toBe(job!);
    expect(worker.balances()).toEqual(balances);
    expect(worker.receipt(id)?.status).toBe("released");
  });

  test.each([
    ["another amount", { amount: 10_000, release_fee: 500, agent_payout: 9500 }],
    ["another title", { title: "Something else" }],
    ["another proof", { proof: "https://example.com/other" }],
    ["a fee the fee rule does not give", { release_fee: 1, agent_payout: 119 }],
  ])("is refused when it has %s, even said to be signed, and changes nothing", async (_name, change) => {
    const { worker, receipt } = await settledElsewhere();
    const before = worker.state;
    const refused = worker.importLink(
      { kind: "receipt", receipt: { ...receipt, ...change } },
      { signatureValid: true },
    );
    expect(refused).toMatchObject({ ok: false, code: "invalid_input" });
    expect(worker.state).toBe(before);
  });
});
