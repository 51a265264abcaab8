/**
 * A job received through a handoff link is its payer's (D28): the receiver's four figures do
 * not move, its escrow is reported apart, the payer's actions on it are refused before any call,
 * submit and handing it back are the receiver's, and a link of an own job can bring its proof
 * but never move its credits.
 */
import { describe, expect, test } from "bun:test";
import { type EscrowApi, EscrowKeeper, freshState, localApi } from "../../client/index.ts";
import { handoffToken } from "../../client/sharing.ts";
import { CREATE, NOW, PROOF_URL } from "../support/helpers.ts";

/** An api that counts the calls it passes on. */
function counted(): { api: EscrowApi; calls: () => number } {
  const inner = localApi();
  let calls = 0;
  const api = Object.fromEntries(
    Object.entries(inner).map(([name, call]) => [
      name,
      (...args: unknown[]) => {
        calls += 1;
        return (call as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as EscrowApi;
  return { api, calls: () => calls };
}

/** A payer with a funded job of 60 credits, and a worker who opened its handoff link. */
async function handedOver() {
  const payer = new EscrowKeeper(localApi(), { now: () => NOW });
  const created = await payer.create({ ...CREATE, amount: 60 });
  if (!created.ok) throw new Error(created.message);
  const id = created.job.id;
  await payer.fund(id);
  const link = payer.handoffLink(id, "https://demo.example/");
  if (!link.ok) throw new Error(link.message);
  const { api, calls } = counted();
  const worker = new EscrowKeeper(api, { state: freshState(), now: () => NOW });
  const opened = worker.importLink(link.link);
  if (!opened.ok) throw new Error(opened.message);
  return { payer, worker, id, calls };
}

const sum = (b: { payerCredits: number; inEscrow: number; agentWallet: number; feesPaid: number }) =>
  b.payerCredits + b.inEscrow + b.agentWallet + b.feesPaid;

describe("a job received through a handoff link (D28)", () => {
  test("is in none of the receiver's four figures: they still add up to 1,000; its 60 in escrow are reported apart", async () => {
    const { worker, payer, id } = await handedOver();
    expect(worker.received(id)).toBe(true);
    expect(payer.received(id)).toBe(false);
    expect(worker.balances()).toEqual({
      payerCredits: 1000,
      inEscrow: 0,
      agentWallet: 0,
      feesPaid: 0,
      receivedInEscrow: 60,
    });
    expect(sum(worker.balances())).toBe(1000);
    expect(worker.state.receivedJobs).toEqual([id]);
    expect(worker.state.activity[0]!.text).toBe(
      'Imported job "Summarise a paper" (funded) from a handoff link, received from its payer.',
    );
  });

  test("refuses the payer's actions (fund, release, dispute and their quotes) before any call, and changes nothing", async () => {
    const { worker, id, calls } = await handedOver();
    const before = worker.state;
    for (const answer of [
      await worker.release(id),
      await worker.dispute(id),
      await worker.fund(id),
      await worker.quote(id, "release"),
    ]) {
      expect(answer).toMatchObject({ ok: false, code: "not_payer", status: 0 });
      if (!answer.ok) expect(answer.message).toContain(`Job ${id} was handed to you by its payer: only the payer can`);
    }
    expect(calls()).toBe(0);
    expect(worker.state).toBe(before);
  });

  test("lets the receiver submit proof and hand it back; the payer's job stays the payer's and releases", async () => {
    const { worker, payer, id, calls } = await handedOver();
    expect(await worker.submit(id, { proof_url: PROOF_URL })).toMatchObject({ ok: true });
    expect(calls()).toBe(1);
    expect(worker.received(id)).toBe(true);
    expect(worker.balances()).toMatchObject({ payerCredits: 1000, inEscrow: 0, receivedInEscrow: 60 });
    const back = worker.handoffLink(id);
    if (!back.ok) throw new Error(back.message);
    expect(payer.importLink(back.link)).toMatchObject({ ok: true, kind: "handoff" });
    expect(payer.received(id)).toBe(false);
    expect(payer.job(id)?.status).toBe("submitted");
    expect(await payer.release(id)).toMatchObject({ ok: true, agent_credits_delta: 57 });
    expect(payer.balances()).toEqual({
      payerCredits: 940,
      inEscrow: 0,
      agentWallet: 57,
      feesPaid: 3,
      receivedInEscrow: 0,
    });
    // The released job handed to the worker again stays received: its fee is the payer's.
    const settled = payer.handoffLink(id);
    if (!settled.ok) throw new Error(settled.message);
    expect(worker.importLink(settled.link)).toMatchObject({ ok: true });
    expect(worker.balances()).toEqual({
      payerCredits: 1000,
      inEscrow: 0,
      agentWallet: 0,
      feesPaid: 0,
      receivedInEscrow: 0,
    });
  });
});

describe("a handoff link of a job this state created (D28)", () => {
  test.each([
    ["released elsewhere", { status: "released" }],
    ["disputed elsewhere", { status: "disputed" }],
    ["back at open", { status: "open" }],
    ["with another amount", { amount: 6000 }],
    ["with another fee", { fee: 1 }],
  ] as const)("is refused when it says the job is %s, and changes nothing", async (_name, change) => {
    const { payer, id } = await handedOver();
    const before = payer.state;
    const forged = handoffToken({ ...payer.job(id)!, ...change });
    const opened = payer.importLink(forged);
    expect(opened).toMatchObject({ ok: false, code: "invalid_input" });
    if (!opened.ok)
      expect(opened.message).toMatch(
        new RegExp(`^Job ${id} is yours and funded here \\(60 credits\\); this link says .* Nothing changed\\.$`),
      );
    expect(payer.state).toBe(before);
    expect(payer.balances()).toMatchObject({ payerCredits: 940, inEscrow: 60 });
  });

  test("is refused when it says an open job of this state was funded elsewhere", async () => {
    const payer = new EscrowKeeper(localApi(), { now: () => NOW });
    const created = await payer.create({ ...CREATE, amount: 60 });
    if (!created.ok) throw new Error(created.message);
    const before = payer.state;
    const funded = handoffToken({ ...created.job, status: "funded", fundedAt: created.job.createdAt });
    const opened = payer.importLink(funded);
    expect(opened).toMatchObject({ ok: false, code: "invalid_input" });
    if (!opened.ok)
      expect(opened.message).toContain(
        `Job ${created.job.id} is yours and open here (60 credits); this link says funded`,
      );
    expect(payer.state).toBe(before);
    expect(payer.balances()).toMatchObject({ payerCredits: 1000, inEscrow: 0 });
  });

  test("is taken in when it carries the same status: the job stays this state's own", async () => {
    const { payer, id } = await handedOver();
    const same = payer.handoffLink(id);
    if (!same.ok) throw new Error(same.message);
    expect(payer.importLink(same.link)).toMatchObject({ ok: true, kind: "handoff" });
    expect(payer.received(id)).toBe(false);
    expect(payer.balances()).toMatchObject({ payerCredits: 940, inEscrow: 60, receivedInEscrow: 0 });
  });

  test("is refused when it is an earlier step than the one held (the proof would be lost)", async () => {
    const { payer, id } = await handedOver();
    const funded = payer.handoffLink(id);
    if (!funded.ok) throw new Error(funded.message);
    await payer.submit(id, { proof_url: PROOF_URL });
    const before = payer.state;
    expect(payer.importLink(funded.link)).toMatchObject({ ok: false, code: "invalid_input" });
    expect(payer.state).toBe(before);
  });
});
