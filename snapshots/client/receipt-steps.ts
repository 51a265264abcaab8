/**
 * The receipt steps of the keeper's random walks (keeper-walks.ts; issue 41, findings 2, 3 and
 * 5): a receipt link of a job settled elsewhere, imported with or without the caller's word that
 * its signature holds, settling a job received from another payer or the walk's own job held on
 * a second device, and receipts with a fee changed. Whatever each does, the walk checks that the
 * four figures still add up and that the state reads back as a demo pack: no state a keeper
 * makes is refused when read again.
 */
import fc from "fast-check";
import { type EscrowApi, EscrowKeeper, type Terminal } from "../../client/index.ts";
import { PROOF_URL } from "../support/helpers.ts";

/** A receipt step: on the job at `pick` (mod the jobs held) unless another payer makes one. */
export type ReceiptStep =
  | { kind: "settle_theirs"; amount: number; terminal: Terminal; vouched: boolean }
  | { kind: "settle_own"; pick: number; terminal: Terminal; vouched: boolean }
  | { kind: "forge_receipt"; pick: number; fee: number; vouched: boolean };

const RECEIPT_KINDS: readonly string[] = ["settle_theirs", "settle_own", "forge_receipt"];

/** True when `step` is a receipt step. */
export const isReceiptStep = (step: { kind: string }): step is ReceiptStep => RECEIPT_KINDS.includes(step.kind);

const terminal = fc.constantFrom<Terminal>("release", "dispute");

/** Receipt steps, each as likely as another. */
export const receiptStepArb: fc.Arbitrary<ReceiptStep> = fc.oneof(
  fc.record({
    kind: fc.constant("settle_theirs" as const),
    amount: fc.integer({ min: 1, max: 200 }),
    terminal,
    vouched: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("settle_own" as const), pick: fc.nat(20), terminal, vouched: fc.boolean() }),
  fc.record({ kind: fc.constant("forge_receipt" as const), pick: fc.nat(20), fee: fc.nat(50), vouched: fc.boolean() }),
);

type Outcome = { ok: true } | { ok: false; code: string };

/** The receipt link of `id` that `payer` settled as `how`, imported by `keeper` with `vouched`. */
async function importSettled(payer: EscrowKeeper, id: string, how: Terminal, keeper: EscrowKeeper, vouched: boolean) {
  const settled = await payer[how](id);
  if (!settled.ok) return settled;
  const link = payer.receiptLink(id);
  return link.ok ? keeper.importLink(link.link, { signatureValid: vouched }) : link;
}

/** Runs receipt `step` on `keeper` over `api`, whose jobs are `ids`. */
export async function receiptStep(
  keeper: EscrowKeeper,
  api: EscrowApi,
  step: ReceiptStep,
  ids: string[],
): Promise<Outcome> {
  if (step.kind === "settle_theirs") {
    // Another payer's job, handed to the walk's keeper, submitted there and handed back, then settled.
    const payer = new EscrowKeeper(api);
    const created = await payer.create({ title: "Theirs", amount: step.amount, criteria: "c" });
    if (!created.ok) return created;
    const theirs = created.job.id;
    await payer.fund(theirs);
    const handoff = payer.handoffLink(theirs);
    if (!handoff.ok || !keeper.importLink(handoff.link).ok) return { ok: false, code: "handoff" };
    await keeper.submit(theirs, { proof_url: PROOF_URL });
    const back = keeper.handoffLink(theirs);
    if (back.ok) payer.importLink(back.link);
    return importSettled(payer, theirs, step.terminal, keeper, step.vouched);
  }
  const id = ids.length === 0 ? "as_0000000000" : ids[step.pick % ids.length]!;
  if (step.kind === "settle_own") {
    // The walk's job on a second device, which takes it to its end.
    const device = new EscrowKeeper(api, { state: keeper.state });
    if (device.job(id)?.status === "open") await device.fund(id);
    if (device.job(id)?.status === "funded") await device.submit(id, { proof_url: PROOF_URL });
    return importSettled(device, id, step.terminal, keeper, step.vouched);
  }
  const receipt = keeper.receipt(id);
  if (!receipt) return { ok: false, code: "no_receipt" };
  const forged = { ...receipt, release_fee: step.fee, agent_payout: receipt.amount - step.fee, signature: undefined };
  return keeper.importLink({ kind: "receipt", receipt: forged }, { signatureValid: step.vouched });
}
