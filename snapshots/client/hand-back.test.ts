/**
 * A hand-back of a job this state created brings only its worker's step:
 * from funded to submitted the proof, its note and time and the service's fresh seal; every other
 * member must equal the payer's copy, or the link is refused, changes nothing, and lists what
 * differs in the page's words, as text and as data. A copy that left sealed and comes back with
 * no seal is refused too.
 */
import { describe, expect, test } from "bun:test";
import { EscrowKeeper, freshState, type JobRecord, localApi } from "../../client/index.ts";
import { handoffToken } from "../../client/sharing.ts";
import { NOW, PROOF_URL } from "../support/helpers.ts";
import { sealingApi } from "./sealed-walk.ts";

const CRITERIA = "Full audit of all 12 functions";

/** A payer's funded job (with a client ref and a hold), handed to a worker who submits proof: the payer and the worker's job. */
async function handedBack(api = localApi()) {
  const payer = new EscrowKeeper(api, { now: () => NOW });
  const created = await payer.create({ title: "Audit", amount: 100, criteria: CRITERIA, client_ref: "order-7" });
  if (!created.ok) throw new Error(created.message);
  const id = created.job.id;
  await payer.fund(id, { ttl_seconds: 600 });
  const worker = new EscrowKeeper(api, { state: freshState(), now: () => NOW });
  const out = payer.handoffLink(id);
  if (!out.ok || !worker.importLink(out.link).ok) throw new Error("handoff");
  const submitted = await worker.submit(id, { proof_url: PROOF_URL, proof_note: "All done" });
  if (!submitted.ok) throw new Error(submitted.message);
  return { payer, id, back: worker.job(id)! };
}

/** The payer importing `job` is refused, changes nothing, and gives `differences`. */
function expectRefused(payer: EscrowKeeper, job: JobRecord) {
  const before = payer.state;
  const opened = payer.importLink(handoffToken(job));
  expect(opened).toMatchObject({ ok: false, code: "invalid_input" });
  expect(payer.state).toBe(before);
  expect(payer.job(job.id)?.status).toBe("funded");
  return opened as unknown as { message: string; differences: { member: string; yours: unknown; theirs: unknown }[] };
}

describe("a hand-back of an own job", () => {
  test("a clean one brings the worker's proof, note and time into the payer's copy", async () => {
    const { payer, id, back } = await handedBack();
    expect(payer.importLink(handoffToken(back))).toMatchObject({ ok: true, kind: "handoff" });
    expect(payer.job(id)).toMatchObject({
      status: "submitted",
      proofUrl: PROOF_URL,
      proofNote: "All done",
      submittedAt: back.submittedAt,
      criteria: CRITERIA,
    });
    expect(payer.received(id)).toBe(false);
  });

  test("with the criteria rewritten is refused and says both, in the page's words", async () => {
    const { payer, back } = await handedBack();
    const refused = expectRefused(payer, { ...back, criteria: "Any comment on one function" });
    expect(refused.differences).toEqual([
      { member: "criteria", yours: CRITERIA, theirs: "Any comment on one function" },
    ]);
    expect(refused.message).toContain(
      "Criteria differ: yours “Full audit of all 12 functions”, the link's “Any comment on one function”",
    );
    expect(refused.message).toEndWith("Nothing changed.");
    expect(refused.message).not.toContain("criteria:");
  });

  test.each([
    ["title", { title: "Audit light" }, "Title differs: yours “Audit”, the link's “Audit light”"],
    ["amount", { amount: 10 }, "Amount differs: yours 100, the link's 10"],
    ["fee", { fee: 1 }, "Fee differs: yours 0, the link's 1"],
    ["agent payout", { agentPayout: 99 }, "Agent payout differs: yours 0, the link's 99"],
    ["created time", { createdAt: "2025-01-01T00:00:00.000Z" }, "Created differs"],
    ["funded time", { fundedAt: "2025-01-01T00:00:00.000Z" }, "Funded differs"],
    ["resolved time", { resolvedAt: "2025-01-01T00:00:00.000Z" }, "Resolved differs: yours none"],
    ["hold end", { expiresAt: "2099-01-01T00:00:00.000Z" }, "Hold ends differs"],
    ["client reference", { clientRef: "order-8" }, "Client reference differs: yours “order-7”, the link's “order-8”"],
    ["release note, added", { releaseNote: "paid" }, "Release note differs: yours none, the link's “paid”"],
    ["dispute reason, added", { disputeReason: "late" }, "Dispute reason differs: yours none"],
    ["callback URL, added", { callbackUrl: "https://example.com/cb" }, "Callback URL differs: yours none"],
  ] as const)("with another %s is refused and lists it", async (_name, change, words) => {
    const { payer, back } = await handedBack();
    const refused = expectRefused(payer, { ...back, ...change } as JobRecord);
    const [member] = Object.keys(change);
    expect(refused.differences.map((d) => d.member)).toEqual([member!]);
    expect(refused.message).toContain(words);
  });

  test("with a member dropped that the payer's copy has is refused", async () => {
    const { payer, back } = await handedBack();
    const { clientRef: _, ...dropped } = back;
    const refused = expectRefused(payer, dropped as JobRecord);
    expect(refused.differences).toEqual([{ member: "clientRef", yours: "order-7", theirs: undefined }]);
    expect(refused.message).toContain("Client reference differs: yours “order-7”, the link's none");
  });

  test("a long value is cut short and a long list names three and counts the rest", async () => {
    const { payer, back } = await handedBack();
    const long = "x".repeat(200);
    const refused = expectRefused(payer, { ...back, title: "T", criteria: long, clientRef: "r", amount: 5 });
    expect(refused.differences).toHaveLength(4);
    expect(refused.message).toContain(`the link's “${"x".repeat(59)}…”`);
    expect(refused.message).not.toContain("x".repeat(61));
    expect(refused.message).toContain("; and 1 more.");
  });

  test("a status other than its worker's step is refused as moving credits", async () => {
    const { payer, back } = await handedBack();
    const refused = expectRefused(payer, { ...back, status: "released" });
    expect(refused.differences[0]).toBeDefined();
    expect(refused.differences.map((d) => d.member)).toContain("status");
    expect(refused.message).toContain("A link can bring its proof, not move its credits");
  });

  test("with the same status brings nothing: equal is taken and the copy stays; a changed proof is refused", async () => {
    const { payer, id, back } = await handedBack();
    expect(payer.importLink(handoffToken(back)).ok).toBe(true);
    const held = payer.job(id)!;
    expect(payer.importLink(handoffToken(back)).ok).toBe(true);
    expect(payer.job(id)).toBe(held);
    const before = payer.state;
    const opened = payer.importLink(handoffToken({ ...back, proofUrl: "https://example.com/other" }));
    expect(opened).toMatchObject({ ok: false, differences: [{ member: "proofUrl" }] });
    expect(payer.state).toBe(before);
  });
});

describe("a hand-back of an own job that left sealed", () => {
  test("comes back sealed: the service's fresh seal replaces the payer's", async () => {
    const { payer, id, back } = await handedBack(sealingApi());
    expect(typeof payer.job(id)!.seal).toBe("string");
    expect(payer.importLink(handoffToken(back)).ok).toBe(true);
    expect(payer.job(id)!.seal).toBe(back.seal!);
    expect(await payer.checkSeal(id)).toEqual({ ok: true, seal_valid: true, older: false });
  });

  test("comes back without its seal: refused offline, and says the seal is gone", async () => {
    const { payer, back } = await handedBack(sealingApi());
    const { seal: _, ...unsealed } = back;
    const refused = expectRefused(payer, unsealed as JobRecord);
    expect(refused.differences).toEqual([{ member: "seal", yours: payer.job(back.id)!.seal, theirs: undefined }]);
    expect(refused.message).toContain(
      "Seal: your copy left sealed by the service and this one comes back without a seal",
    );
  });
});
