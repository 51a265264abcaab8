/**
 * What a link brings into a keeper's state (D19, D28) when it brings nothing new: the same
 * hand-back, the same received job or the same receipt opened again changes nothing, adds no
 * activity event and says it was up to date (issue 41, finding 8).
 */
import { describe, expect, test } from "bun:test";
import { EscrowKeeper, localApi } from "../../client/index.ts";
import { CREATE, NOW, PROOF_URL } from "../support/helpers.ts";

/** A payer's funded job, a worker's submitted copy of it, and the links between them. */
async function handedBack() {
  const payer = new EscrowKeeper(localApi({ now: () => NOW }), { now: () => NOW });
  const created = await payer.create({ ...CREATE, amount: 120 });
  if (!created.ok) throw new Error(created.message);
  const id = created.job.id;
  await payer.fund(id);
  const handoff = payer.handoffLink(id);
  if (!handoff.ok) throw new Error(handoff.message);
  const worker = new EscrowKeeper(localApi({ now: () => NOW }), { now: () => NOW });
  worker.importLink(handoff.link);
  await worker.submit(id, { proof_url: PROOF_URL });
  const back = worker.handoffLink(id);
  if (!back.ok) throw new Error(back.message);
  return { payer, worker, id, handoff: handoff.link, back: back.link };
}

describe("a link that brings nothing new (issue 41, finding 8)", () => {
  test("the same hand-back imported twice changes nothing the second time and adds no activity event", async () => {
    const { payer, back } = await handedBack();
    const first = payer.importLink(back);
    const before = payer.state;
    const again = payer.importLink(back);
    expect(payer.state.activity.length).toBe(before.activity.length);
    expect(payer.state).toBe(before);
    expect([first, again]).toMatchObject([
      { ok: true, kind: "handoff", changed: true },
      { ok: true, kind: "handoff", changed: false },
    ]);
  });

  test("the same received job opened twice changes nothing the second time", async () => {
    const { worker, back } = await handedBack();
    const before = worker.state;
    const again = worker.importLink(back);
    expect(worker.state).toBe(before);
    expect(again).toMatchObject({ ok: true, changed: false });
  });

  test("the same receipt imported twice changes nothing the second time and adds no activity event", async () => {
    const { payer, id, back } = await handedBack();
    payer.importLink(back);
    await payer.release(id);
    const link = payer.receiptLink(id);
    if (!link.ok) throw new Error(link.message);
    const other = new EscrowKeeper(localApi(), { now: () => NOW });
    const first = other.importLink(link.link);
    const before = other.state;
    const again = other.importLink(link.link);
    expect(other.state.activity.length).toBe(before.activity.length);
    expect(other.state).toBe(before);
    expect([first, again]).toMatchObject([
      { ok: true, kind: "receipt", changed: true },
      { ok: true, kind: "receipt", changed: false },
    ]);
    // The payer's own receipt, imported back: it is the one held.
    const held = payer.state;
    const own = payer.importLink(link.link);
    expect(payer.state).toBe(held);
    expect(own).toMatchObject({ ok: true, changed: false });
  });
});
