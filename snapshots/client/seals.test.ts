/**
 * Sealed jobs and signed receipts on the client side (issue 25, D27): share links (D19) and the
 * demo pack (D20) give back byte for byte what the service answered, so the seal and signature
 * still verify; links and packs made before seals still open; verifyJob and verifyReceipt check
 * offline against the JWKS with jose; the keeper keeps the members through every action and
 * marks what it holds as sealed or signed.
 */
import { describe, expect, test } from "bun:test";
import {
  EscrowKeeper,
  isSealed,
  isSigned,
  type JobRecord,
  localApi,
  openLink,
  type ReceiptRecord,
  verifyJob,
  verifyReceipt,
} from "../../client/index.ts";
import { readPayload, TOKEN_PREFIX } from "../../shared/client-state/tokens.ts";
import type { EngineContext } from "../../shared/engine/context.ts";
import { CREATE, call, fixedContext, NOW, PROOF_URL } from "../support/helpers.ts";
import { newKeyPair, testSigner } from "../support/signer.ts";

const SIGNER = testSigner();
const JWKS = { keys: SIGNER.keys };
const FOREIGN = { keys: testSigner().keys };

type Body = Record<string, any>;

/** A walk on the engine with the test signer: every committed job sealed, the receipt signed. */
function sealedWalk(terminal: "release" | "dispute" = "release") {
  const ctx: EngineContext = { ...fixedContext(), sealing: { mode: "on", signer: SIGNER } };
  const step = (body: Body, headers: Record<string, string> = {}) =>
    call("transition", body, headers, ctx).body as Body;
  const created = step({ action: "create", ...CREATE, client_ref: "order-7" });
  const funded = step({ action: "fund", job: created.job, payer_credits: 1000, ttl_seconds: 600 });
  const submitted = step({ action: "submit", job: funded.job, proof_url: PROOF_URL, proof_note: "Done." });
  const settled = step({ action: terminal, job: submitted.job }, { Authorization: "Bearer demo_k" });
  return {
    funded: funded.job as JobRecord,
    submitted: submitted.job as JobRecord,
    settled: settled.job as JobRecord,
    receipt: settled.receipt as ReceiptRecord,
  };
}

// Made by the code before seals (commit 14dd0b5) on the fixed clock: a funded job with a hold, a released receipt.
// The pack written before seals below holds the same job and receipt.
const OLD_HANDOFF =
  "h1.eyJ2IjoxLCJqb2IiOnsiaWQiOiJhc18wMDAwMDAwMDAxIiwidCI6IlN1bW1hcmlzZSBhIHBhcGVyIiwiYSI6MTAwLCJjIjoiRml2ZSBidWxsZXQgcG9pbnRzIiwicCI6IiIsInMiOiJmdW5kZWQiLCJjYSI6IjIwMjYtMDEtMDFUMDA6MDA6MDAuMDAwWiIsImZhIjoiMjAyNi0wMS0wMVQwMDowMDowMC4wMDBaIiwic2EiOm51bGwsInJhIjpudWxsLCJmIjowLCJhcCI6MCwiZWEiOiIyMDI2LTAxLTAxVDAwOjEwOjAwLjAwMFoifSwibmV4dCI6WyJzdWJtaXQiXX0";
const OLD_RECEIPT =
  "r1.eyJ2IjoxLCJqIjoiYXNfMDAwMDAwMDAwMSIsInQiOiJTdW1tYXJpc2UgYSBwYXBlciIsInMiOiJyZWxlYXNlZCIsImEiOjEwMCwiZiI6NSwiYXAiOjk1LCJycCI6MCwiYyI6IkZpdmUgYnVsbGV0IHBvaW50cyIsInAiOiJodHRwczovL2V4YW1wbGUuY29tL3Byb29mIiwiY2EiOiIyMDI2LTAxLTAxVDAwOjAwOjAwLjAwMFoiLCJmYSI6IjIwMjYtMDEtMDFUMDA6MDA6MDAuMDAwWiIsInNhIjoiMjAyNi0wMS0wMVQwMDowMDowMC4wMDBaIiwicmEiOiIyMDI2LTAxLTAxVDAwOjAwOjAwLjAwMFoiLCJrIjoia18xN2U4MGQ3MzU1OGMifQ";
const OLD_JOB = {
  id: "as_0000000001",
  title: "Summarise a paper",
  amount: 100,
  criteria: "Five bullet points",
  proofUrl: "",
  status: "funded",
  createdAt: "2026-01-01T00:00:00.000Z",
  fundedAt: "2026-01-01T00:00:00.000Z",
  submittedAt: null,
  resolvedAt: null,
  fee: 0,
  agentPayout: 0,
  expiresAt: "2026-01-01T00:10:00.000Z",
};

const walk = sealedWalk();
const bytes = (value: unknown) => JSON.stringify(value);
const openHandoff = (job: JobRecord) => {
  const keeper = new EscrowKeeper(localApi());
  keeper.commit({ ...keeper.state, jobs: [job] });
  const link = keeper.handoffLink(job.id, "https://escrow.test/");
  if (!link.ok) throw new Error(link.message);
  return { link: link.link, opened: openLink(link.link) };
};
const openReceipt = (receipt: ReceiptRecord) => {
  const keeper = new EscrowKeeper(localApi());
  keeper.commit({ ...keeper.state, receipts: [receipt] });
  const link = keeper.receiptLink(receipt.job_id, "https://escrow.test/");
  if (!link.ok) throw new Error(link.message);
  return { link: link.link, opened: openLink(link.link) };
};

describe("share links of sealed jobs and signed receipts", () => {
  test.each([
    ["funded", walk.funded],
    ["submitted", walk.submitted],
    ["released", walk.settled],
  ])("a handoff of a sealed %s job opens byte for byte as answered, and its seal still verifies", async (_s, job) => {
    expect(typeof job.seal).toBe("string");
    const { opened } = openHandoff(job);
    if (!opened.ok || opened.kind !== "handoff") throw new Error(JSON.stringify(opened));
    expect(bytes(opened.job)).toBe(bytes(job));
    expect(await verifyJob(opened.job, JWKS)).toEqual({ ok: true, kid: SIGNER.kid });
  });

  test.each([
    ["released", walk.receipt],
    ["disputed", sealedWalk("dispute").receipt],
  ])("a %s receipt link keeps job_sealed and the signature, byte for byte, and still verifies", async (_s, receipt) => {
    expect(receipt).toMatchObject({ job_sealed: true });
    const { opened } = openReceipt(receipt);
    if (!opened.ok || opened.kind !== "receipt") throw new Error(JSON.stringify(opened));
    expect(bytes(opened.receipt)).toBe(bytes(receipt));
    expect(await verifyReceipt(opened.receipt, JWKS)).toEqual({ ok: true, kid: SIGNER.kid });
  });

  test("a receipt link carries the signature detached, so the receipt is not in it twice", () => {
    const token = openReceipt(walk.receipt).link.split("#receipt/")[1]!;
    const payload = readPayload(token, TOKEN_PREFIX.receipt, "receipt");
    if (!payload.ok) throw new Error(payload.message);
    expect(payload.value.js).toBe(true);
    expect(payload.value.sg).toMatch(/^[\w-]+\.\.[\w-]+$/);
    expect(token.length).toBeLessThan(encodeURIComponent(bytes(walk.receipt)).length);
  });

  test("a handoff carries the seal as se in its job", () => {
    const token = openHandoff(walk.funded).link.split("#handoff/")[1]!;
    const payload = readPayload(token, TOKEN_PREFIX.handoff, "handoff");
    if (!payload.ok) throw new Error(payload.message);
    expect((payload.value.job as Body).se).toBe(walk.funded.seal);
  });

  test("links made before seals still open, unsealed and unsigned", async () => {
    const job = openLink(OLD_HANDOFF);
    expect(job).toEqual({ ok: true, kind: "handoff", job: OLD_JOB as JobRecord });
    const receipt = openLink(OLD_RECEIPT);
    if (!receipt.ok || receipt.kind !== "receipt") throw new Error(JSON.stringify(receipt));
    expect(receipt.receipt).toMatchObject({ job_id: "as_0000000001", release_fee: 5, key_id: "k_17e80d73558c" });
    expect([isSealed(OLD_JOB as JobRecord), isSigned(receipt.receipt)]).toEqual([false, false]);
    expect(await verifyReceipt(receipt.receipt, JWKS)).toMatchObject({ ok: false, reason: "missing" });
  });

  test.each([
    ["a seal that is not a detached JWS", { ...walk.funded, seal: "not-a-seal" }, "handoff", "job.seal"],
    ["a signature that is not a JWS", { ...walk.receipt, signature: "x" }, "receipt", "receipt.signature"],
    ["job_sealed that is not a boolean", { ...walk.receipt, job_sealed: "yes" }, "receipt", "receipt.job_sealed"],
  ])("a link with %s is refused with a message and changes nothing", (_name, value, kind, field) => {
    const keeper = new EscrowKeeper(localApi());
    const before = keeper.state;
    const link = kind === "handoff" ? openHandoff(value as JobRecord) : openReceipt(value as ReceiptRecord);
    expect(link.opened).toMatchObject({ ok: false, code: "invalid_input" });
    expect((link.opened as { message: string }).message).toContain(field);
    expect(keeper.importLink(link.link).ok).toBe(false);
    expect(keeper.state).toBe(before);
  });
});

describe("verifyReceipt and verifyJob, offline against the JWKS", () => {
  test("hold for the service's own answers, with the kid of the key", async () => {
    expect(await verifyReceipt(walk.receipt, JWKS)).toEqual({ ok: true, kid: SIGNER.kid });
    for (const job of [walk.funded, walk.submitted, walk.settled])
      expect(await verifyJob(job, JWKS)).toEqual({ ok: true, kid: SIGNER.kid });
  });

  test("a job's reordered members and snake_case aliases keep its seal (the engine's job reader)", async () => {
    const { seal, proofUrl, submittedAt, ...rest } = walk.submitted;
    const reshaped = { seal, extra: "dropped by D6", proof_url: proofUrl, submitted_at: submittedAt, ...rest };
    expect(await verifyJob(reshaped, JWKS)).toEqual({ ok: true, kid: SIGNER.kid });
  });

  test.each([
    ["amount", { amount: 1 }],
    ["status", { status: "released" }],
    ["an added note", { releaseNote: "Forged." }],
  ])("a job with a changed %s fails with bad_signature", async (_name, change) => {
    expect(await verifyJob({ ...walk.submitted, ...change }, JWKS)).toMatchObject({
      ok: false,
      reason: "bad_signature",
    });
  });

  test.each([
    ["agent_payout", { agent_payout: 100 }],
    ["job_sealed", { job_sealed: false }],
    ["a dropped member", { key_id: undefined }],
  ])("a receipt with a changed %s fails with payload_differs", async (_name, change) => {
    const changed = JSON.parse(JSON.stringify({ ...walk.receipt, ...change }));
    expect(await verifyReceipt(changed, JWKS)).toMatchObject({ ok: false, reason: "payload_differs" });
  });

  test("a changed signature byte fails with bad_signature", async () => {
    const sig = walk.receipt.signature!;
    const flipped = `${sig.slice(0, -2)}${sig.at(-2) === "A" ? "B" : "A"}${sig.at(-1)}`;
    expect(await verifyReceipt({ ...walk.receipt, signature: flipped }, JWKS)).toMatchObject({
      ok: false,
      reason: "bad_signature",
    });
  });

  test("another service's JWKS knows neither key: unknown_key", async () => {
    expect(await verifyReceipt(walk.receipt, FOREIGN)).toMatchObject({ ok: false, reason: "unknown_key" });
    expect(await verifyJob(walk.funded, FOREIGN)).toMatchObject({ ok: false, reason: "unknown_key" });
  });

  test("a receipt signed before a key rotation still verifies against a JWKS listing the previous key", async () => {
    const old = newKeyPair();
    const signed = (() => {
      const ctx: EngineContext = { ...fixedContext(), sealing: { mode: "on", signer: testSigner(old) } };
      const created = call("transition", { action: "create", ...CREATE }, {}, ctx).body as Body;
      const funded = call("transition", { action: "fund", job: created.job, payer_credits: 1000 }, {}, ctx)
        .body as Body;
      const submitted = call("transition", { action: "submit", job: funded.job, proof_url: PROOF_URL }, {}, ctx)
        .body as Body;
      return call("transition", { action: "dispute", job: submitted.job }, {}, ctx).body as Body;
    })();
    const rotated = testSigner(newKeyPair(), [old.publicKey]);
    expect(await verifyReceipt(signed.receipt, { keys: rotated.keys })).toEqual({
      ok: true,
      kid: testSigner(old).kid,
    });
    expect(await verifyJob(signed.job, { keys: rotated.keys })).toMatchObject({ ok: true });
  });

  test("no seal or signature is missing; a job the engine would refuse is not_a_job", async () => {
    const { seal: _, ...unsealed } = walk.funded;
    const { signature: __, ...unsigned } = walk.receipt;
    expect(await verifyJob(unsealed, JWKS)).toMatchObject({ ok: false, reason: "missing" });
    expect(await verifyReceipt(unsigned, JWKS)).toMatchObject({ ok: false, reason: "missing" });
    expect(await verifyJob({ ...walk.funded, amount: -1 }, JWKS)).toMatchObject({ ok: false, reason: "not_a_job" });
  });
});

describe("the keeper with a sealing service", () => {
  const api = () => localApi({ now: () => NOW, sealing: { mode: "on", signer: SIGNER } });

  test("keeps seals and signatures through every action, and marks jobs sealed and receipts signed", async () => {
    const keeper = new EscrowKeeper(api(), { now: () => NOW });
    const created = await keeper.create(CREATE);
    if (!created.ok) throw new Error(created.message);
    const id = created.job.id;
    expect(isSealed(keeper.job(id)!)).toBe(true);
    for (const step of [
      () => keeper.fund(id, { ttl_seconds: 600 }),
      () => keeper.submit(id, { proof_url: PROOF_URL }),
      () => keeper.release(id),
    ]) {
      const answer = await step();
      expect(answer.ok).toBe(true);
      expect(bytes(keeper.job(id))).toBe(bytes((answer as Body).job));
      expect(await verifyJob(keeper.job(id)!, JWKS)).toMatchObject({ ok: true });
    }
    const receipt = keeper.receipt(id)!;
    expect([isSigned(receipt), receipt.job_sealed]).toEqual([true, true]);
    expect(await verifyReceipt(receipt, JWKS)).toMatchObject({ ok: true });
    const verified = await keeper.verify(id);
    expect(verified).toMatchObject({ ok: true, valid: true, signature_valid: true });
  });

  test("a pack round trip keeps every seal and signature byte for byte", async () => {
    const keeper = new EscrowKeeper(api(), { now: () => NOW });
    const created = await keeper.create(CREATE);
    if (!created.ok) throw new Error(created.message);
    await keeper.fund(created.job.id);
    const other = await keeper.create({ ...CREATE, title: "Second" });
    if (!other.ok) throw new Error(other.message);
    await keeper.fund(other.job.id);
    await keeper.submit(other.job.id, { proof_url: PROOF_URL });
    await keeper.dispute(other.job.id);
    const again = new EscrowKeeper(api(), { now: () => NOW });
    expect(again.importPack(keeper.exportPack()).ok).toBe(true);
    expect(bytes(again.state.jobs)).toBe(bytes(keeper.state.jobs));
    expect(bytes(again.state.receipts)).toBe(bytes(keeper.state.receipts));
    expect(again.state.jobs.every(isSealed)).toBe(true);
    expect(await verifyReceipt(again.receipt(other.job.id)!, JWKS)).toMatchObject({ ok: true });
    // The chain holds after the round trip: the next action is sealed again.
    expect(await again.submit(created.job.id, { proof_url: PROOF_URL })).toMatchObject({ ok: true });
    expect(await verifyJob(again.job(created.job.id)!, JWKS)).toMatchObject({ ok: true });
  });

  test("a pack written before seals still imports, unsealed and unsigned", () => {
    const receipt = openLink(OLD_RECEIPT);
    if (!receipt.ok || receipt.kind !== "receipt") throw new Error("old receipt");
    const text = JSON.stringify({
      format: "agent-escrow-demo-pack",
      version: 1,
      money: false,
      payer_credits: 900,
      agent_credits: 0,
      jobs: [OLD_JOB],
      receipts: [receipt.receipt],
      activity: [{ kind: "create", at: "2026-01-01T00:00:00.000Z", text: "Created." }],
    });
    const keeper = new EscrowKeeper(api());
    expect(keeper.importPack(text).ok).toBe(true);
    expect(keeper.state.jobs).toEqual([OLD_JOB as JobRecord]);
    expect([isSealed(keeper.state.jobs[0]!), isSigned(keeper.state.receipts[0]!)]).toEqual([false, false]);
  });

  test("a pack whose job holds a seal of the wrong shape is refused and changes nothing", () => {
    const keeper = new EscrowKeeper(api());
    const pack = JSON.parse(new EscrowKeeper(api()).exportPack());
    pack.jobs = [{ ...walk.funded, seal: 42 }];
    const before = keeper.state;
    const read = keeper.importPack(JSON.stringify(pack));
    expect(read).toMatchObject({ ok: false, code: "invalid_input" });
    expect(keeper.state).toBe(before);
  });
});
