/**
 * Sealed jobs and signed receipts on the client side (D27): share links (D19) and the
 * demo pack (D20) give back what the service answered, member for member and in its order, so
 * the real engine still finds the seal valid and jose the signature; an edited or reordered job
 * loses its seal there, while one that only gained an unknown member or a second name is read
 * back as the engine reads it, so its seal holds again (by design: the client keeps what the
 * engine reads); links and packs from before seals, and from before HS256 seals (EdDSA seals,
 * job_sealed), still open, their older seals and signatures counting as not sealed or signed;
 * the keeper keeps the members through every action, and job_sealed is gone everywhere.
 */
import { describe, expect, test } from "bun:test";
import {
  checkSeal,
  EscrowKeeper,
  isOlderForm,
  isSealed,
  isSigned,
  type JobRecord,
  openLink,
  verifyReceipt,
} from "../../client/index.ts";
import { TEST_JWKS } from "../../scripts/harness/test-key.ts";
import { readPayload, TOKEN_PREFIX } from "../../shared/client-state/tokens.ts";
import { sealOf } from "../../shared/seal/seal.ts";
import { NOW, PROOF_URL } from "../support/helpers.ts";
import { OLDER_HANDOFF, OLDER_PACK, OLDER_RECEIPT } from "./older-seals.ts";
import { bytes, JWKS, linkOf, SIGNER, sealedWalk, sealingApi, tokenOf } from "./sealed-walk.ts";

type Body = Record<string, any>;

// Made by the code before seals (commit 14dd0b5) on the fixed clock: a funded job with a hold, a released receipt.
const OLD_HANDOFF =
  "h1.eyJ2IjoxLCJqb2IiOnsiaWQiOiJhc18wMDAwMDAwMDAxIiwidCI6IlN1bW1hcmlzZSBhIHBhcGVyIiwiYSI6MTAwLCJjIjoiRml2ZSBidWxsZXQgcG9pbnRzIiwicCI6IiIsInMiOiJmdW5kZWQiLCJjYSI6IjIwMjYtMDEtMDFUMDA6MDA6MDAuMDAwWiIsImZhIjoiMjAyNi0wMS0wMVQwMDowMDowMC4wMDBaIiwic2EiOm51bGwsInJhIjpudWxsLCJmIjowLCJhcCI6MCwiZWEiOiIyMDI2LTAxLTAxVDAwOjEwOjAwLjAwMFoifSwibmV4dCI6WyJzdWJtaXQiXX0";
const OLD_RECEIPT =
  "r1.eyJ2IjoxLCJqIjoiYXNfMDAwMDAwMDAwMSIsInQiOiJTdW1tYXJpc2UgYSBwYXBlciIsInMiOiJyZWxlYXNlZCIsImEiOjEwMCwiZiI6NSwiYXAiOjk1LCJycCI6MCwiYyI6IkZpdmUgYnVsbGV0IHBvaW50cyIsInAiOiJodHRwczovL2V4YW1wbGUuY29tL3Byb29mIiwiY2EiOiIyMDI2LTAxLTAxVDAwOjAwOjAwLjAwMFoiLCJmYSI6IjIwMjYtMDEtMDFUMDA6MDA6MDAuMDAwWiIsInNhIjoiMjAyNi0wMS0wMVQwMDowMDowMC4wMDBaIiwicmEiOiIyMDI2LTAxLTAxVDAwOjAwOjAwLjAwMFoiLCJrIjoia18xN2U4MGQ3MzU1OGMifQ";

const walk = sealedWalk();
const api = sealingApi();
const sealValid = async (job: JobRecord) => ((await checkSeal(api, job)) as { seal_valid?: boolean }).seal_valid;
const opened = (link: string) => {
  const read = openLink(link);
  if (!read.ok) throw new Error(read.message);
  return read;
};
const openedJob = (link: string) => (opened(link) as { job: JobRecord }).job;

/** `job` as a later version of the service might write it: `status` first, sealed in that order. */
function reordered(job: JobRecord): JobRecord {
  const { seal: _, status, ...rest } = job;
  const view = { status, ...rest };
  return { ...view, seal: sealOf(SIGNER, view) } as JobRecord;
}

describe("a handoff link keeps a sealed job as the service wrote it", () => {
  test.each(["open", "funded", "submitted", "settled"] as const)(
    "a %s job opens byte for byte, and the engine finds its seal valid",
    async (status) => {
      const job = walk[status];
      expect(await sealValid(job)).toBe(true);
      const back = openedJob(linkOf({ kind: "handoff", job }));
      expect(bytes(back)).toBe(bytes(job));
      expect(await sealValid(back)).toBe(true);
    },
  );

  test("a job written in another member order keeps that order, so its seal holds", async () => {
    const job = reordered(walk.funded);
    expect(Object.keys(job)[0]).toBe("status");
    expect(await sealValid(job)).toBe(true);
    const back = openedJob(linkOf({ kind: "handoff", job }));
    expect(bytes(back)).toBe(bytes(job));
    expect(await sealValid(back)).toBe(true);
  });

  test("carries the seal as se, last in its job", () => {
    const payload = readPayload(tokenOf(linkOf({ kind: "handoff", job: walk.funded })), TOKEN_PREFIX.handoff, "h");
    if (!payload.ok) throw new Error(payload.message);
    const job = payload.value.job as Body;
    expect(job.se).toBe(walk.funded.seal);
    expect(Object.keys(job).at(-1)).toBe("se");
  });

  test.each([
    ["amount", { a: 10 }],
    ["status", { s: "submitted" }],
    ["proof", { p: "https://forged.example" }],
  ])("a link whose %s was edited opens, and the engine finds its seal invalid", async (_name, edit) => {
    const token = tokenOf(linkOf({ kind: "handoff", job: walk.funded }));
    const payload = readPayload(token, TOKEN_PREFIX.handoff, "h") as { ok: true; value: Body };
    const forged = `${TOKEN_PREFIX.handoff}${Buffer.from(JSON.stringify({ ...payload.value, job: { ...payload.value.job, ...edit } })).toString("base64url")}`;
    const job = openedJob(forged);
    expect(isSealed(job)).toBe(true);
    expect(await sealValid(job)).toBe(false);
  });

  test("a link whose job members were moved opens as moved, and the engine finds its seal invalid", async () => {
    const token = tokenOf(linkOf({ kind: "handoff", job: walk.funded }));
    const { v, job: short, next } = (readPayload(token, TOKEN_PREFIX.handoff, "h") as { ok: true; value: Body }).value;
    const { a, ...rest } = short;
    const moved = `${TOKEN_PREFIX.handoff}${Buffer.from(JSON.stringify({ v, job: { ...rest, a }, next })).toString("base64url")}`;
    const job = openedJob(moved);
    expect(Object.keys(job).at(-2)).toBe("amount");
    expect(await sealValid(job)).toBe(false);
  });
});

describe("a sealed job that gained a member or a second name is kept as the engine reads it", () => {
  // By design: the client keeps what the engine reads (asSent falls back to it), so the added
  // member or the alias goes, the job is again the one the service wrote, and its seal holds.
  const withPaid = ({ seal, ...job }: JobRecord) => ({ ...job, paid: true, seal });
  const withAlias = ({ seal, proofUrl, ...job }: JobRecord) => ({ proof_url: proofUrl, ...job, seal });

  test.each([
    ['"paid": true added', withPaid],
    ["proof_url in place of proofUrl", withAlias],
  ])("a pack whose job has %s imports as the service wrote it, and its seal holds", async (_name, change) => {
    const job = walk.submitted;
    const sent = change(job);
    expect(await sealValid(sent as unknown as JobRecord)).toBe(false);
    const keeper = new EscrowKeeper(sealingApi(), { now: () => NOW });
    // The pack must add up: the submitted job's amount left payer credits for escrow.
    const pack = { ...JSON.parse(keeper.exportPack()), payer_credits: 1000 - job.amount, jobs: [sent] };
    expect(keeper.importPack(JSON.stringify(pack)).ok).toBe(true);
    expect(bytes(keeper.job(job.id))).toBe(bytes(job));
    expect(await keeper.checkSeal(job.id)).toEqual({ ok: true, seal_valid: true, older: false });
  });

  test('a handoff link whose job has "paid": true added opens as the service wrote it, and its seal holds', async () => {
    const token = tokenOf(linkOf({ kind: "handoff", job: walk.funded }));
    const payload = readPayload(token, TOKEN_PREFIX.handoff, "h") as { ok: true; value: Body };
    const { se, ...short } = payload.value.job;
    const forged = `${TOKEN_PREFIX.handoff}${Buffer.from(JSON.stringify({ ...payload.value, job: { ...short, paid: true, se } })).toString("base64url")}`;
    const job = openedJob(forged);
    expect(bytes(job)).toBe(bytes(walk.funded));
    expect(await checkSeal(api, job)).toEqual({ ok: true, seal_valid: true, older: false });
  });
});

describe("a receipt link keeps a signed receipt", () => {
  test.each([
    ["released", walk.receipt],
    ["disputed", sealedWalk("dispute").receipt],
  ])("a %s receipt opens byte for byte, without job_sealed, and its signature holds", async (_s, receipt) => {
    expect(receipt).not.toHaveProperty("job_sealed");
    const back = (opened(linkOf({ kind: "receipt", receipt })) as { receipt: Body }).receipt;
    expect(bytes(back)).toBe(bytes(receipt));
    expect(await verifyReceipt(back, JWKS)).toEqual({ ok: true, kid: SIGNER.kid });
    expect(await api.verify({ receipt: back } as never)).toMatchObject({ ok: true, signature_valid: true });
  });

  test("carries the signature detached as sg, and no js", () => {
    const token = tokenOf(linkOf({ kind: "receipt", receipt: walk.receipt }));
    const payload = readPayload(token, TOKEN_PREFIX.receipt, "r");
    if (!payload.ok) throw new Error(payload.message);
    expect(payload.value.sg).toMatch(/^[\w-]+\.\.[\w-]+$/);
    expect(payload.value).not.toHaveProperty("js");
    expect(token.length).toBeLessThan(encodeURIComponent(bytes(walk.receipt)).length);
  });
});

describe("links from before", () => {
  test("links made before seals open, unsealed and unsigned", async () => {
    const job = openedJob(OLD_HANDOFF);
    expect(job).toMatchObject({ id: "as_0000000001", status: "funded", expiresAt: "2026-01-01T00:10:00.000Z" });
    const receipt = (opened(OLD_RECEIPT) as { receipt: Body }).receipt;
    expect(receipt).toMatchObject({ job_id: "as_0000000001", release_fee: 5, key_id: "k_17e80d73558c" });
    expect([isSealed(job), isSigned(receipt)]).toEqual([false, false]);
    expect(await verifyReceipt(receipt, JWKS)).toMatchObject({ ok: false, reason: "missing" });
  });

  test("a handoff from before HS256 seals opens with its older seal, which counts as not holding", async () => {
    const job = openedJob(OLDER_HANDOFF);
    expect(job).toMatchObject({ id: "as_0000000001", status: "funded", clientRef: "order-7" });
    expect(isOlderForm(job.seal)).toBe(true);
    expect(await checkSeal(sealingApi(), job)).toEqual({ ok: true, seal_valid: false, older: true });
  });

  test("a receipt link from before HS256 seals opens without job_sealed; its older signature is refused as older", async () => {
    const receipt = (opened(OLDER_RECEIPT) as { receipt: Body }).receipt;
    expect(receipt).toMatchObject({ job_id: "as_0000000002", agent_payout: 95 });
    expect(receipt).not.toHaveProperty("job_sealed");
    expect(isOlderForm(receipt.signature)).toBe(true);
    expect(await verifyReceipt(receipt, TEST_JWKS)).toMatchObject({ ok: false, reason: "older" });
  });

  test.each([
    ["a seal that is not a detached JWS", "handoff", { ...walk.funded, seal: "not-a-seal" }, "job.seal"],
    ["a signature that is not a JWS", "receipt", { ...walk.receipt, signature: "x" }, "receipt.signature"],
  ] as const)("a link with %s is refused with a message and changes nothing", (_name, kind, value, field) => {
    const link = linkOf(kind === "handoff" ? { kind, job: value as JobRecord } : { kind, receipt: value as never });
    expect(openLink(link)).toMatchObject({ ok: false, code: "invalid_input" });
    expect((openLink(link) as { message: string }).message).toContain(field);
    const keeper = new EscrowKeeper(sealingApi());
    const before = keeper.state;
    expect(keeper.importLink(link).ok).toBe(false);
    expect(keeper.state).toBe(before);
  });
});

describe("the keeper with a sealing service", () => {
  test("keeps the service's job and receipt through every action, and the seal holds each time", async () => {
    const keeper = new EscrowKeeper(sealingApi(), { now: () => NOW });
    const created = await keeper.create({ title: "Walk", amount: 100, criteria: "It holds" });
    if (!created.ok) throw new Error(created.message);
    const id = created.job.id;
    expect(await keeper.checkSeal(id)).toEqual({ ok: true, seal_valid: true, older: false });
    for (const step of [
      () => keeper.fund(id, { ttl_seconds: 600 }),
      () => keeper.submit(id, { proof_url: PROOF_URL }),
      () => keeper.release(id),
    ]) {
      const answer = await step();
      if (!answer.ok) throw new Error(answer.message);
      expect(bytes(keeper.job(id))).toBe(bytes(answer.job));
      expect(await keeper.checkSeal(id)).toEqual({ ok: true, seal_valid: true, older: false });
    }
    const receipt = keeper.receipt(id)!;
    expect(isSigned(receipt)).toBe(true);
    expect(receipt).not.toHaveProperty("job_sealed");
    expect(await verifyReceipt(receipt, JWKS)).toMatchObject({ ok: true });
    expect(await keeper.verify(id)).toMatchObject({ ok: true, valid: true, signature_valid: true });
    expect(keeper.state.activity[0]?.text).toEndWith(": valid.");
  });

  test("a job handed to a worker and back through links keeps the chain: the payer's release is signed", async () => {
    const payer = new EscrowKeeper(sealingApi(), { now: () => NOW });
    const worker = new EscrowKeeper(sealingApi(), { now: () => NOW });
    const created = await payer.create({ title: "Hand-off", amount: 60, criteria: "c" });
    if (!created.ok) throw new Error(created.message);
    const id = created.job.id;
    await payer.fund(id, { ttl_seconds: 600 });
    expect(worker.importLink((payer.handoffLink(id) as { link: string }).link).ok).toBe(true);
    expect(bytes(worker.job(id))).toBe(bytes(payer.job(id)));
    const submitted = await worker.submit(id, { proof_url: PROOF_URL });
    expect(submitted.ok && isSealed(submitted.job)).toBe(true);
    expect(payer.importLink((worker.handoffLink(id) as { link: string }).link).ok).toBe(true);
    expect(await payer.checkSeal(id)).toEqual({ ok: true, seal_valid: true, older: false });
    const released = await payer.release(id);
    if (!released.ok) throw new Error(released.message);
    expect(await verifyReceipt(released.receipt!, JWKS)).toEqual({ ok: true, kid: SIGNER.kid });
  });

  test("a pack round trip keeps every job and receipt byte for byte, and the chain holds after it", async () => {
    const keeper = new EscrowKeeper(sealingApi(), { now: () => NOW });
    const first = await keeper.create({ title: "First", amount: 100, criteria: "c" });
    const second = await keeper.create({ title: "Second", amount: 40, criteria: "c" });
    if (!first.ok || !second.ok) throw new Error("create");
    await keeper.fund(first.job.id);
    await keeper.fund(second.job.id);
    await keeper.submit(second.job.id, { proof_url: PROOF_URL });
    expect(await keeper.dispute(second.job.id)).toMatchObject({ ok: true });
    keeper.commit({ ...keeper.state, jobs: [reordered(keeper.job(first.job.id)!), keeper.job(second.job.id)!] });
    const again = new EscrowKeeper(sealingApi(), { now: () => NOW });
    expect(again.importPack(keeper.exportPack()).ok).toBe(true);
    expect(bytes(again.state.jobs)).toBe(bytes(keeper.state.jobs));
    expect(bytes(again.state.receipts)).toBe(bytes(keeper.state.receipts));
    for (const job of again.state.jobs)
      expect((await again.checkSeal(job.id)) as Body).toMatchObject({ seal_valid: true });
    expect(await verifyReceipt(again.receipt(second.job.id)!, JWKS)).toMatchObject({ ok: true });
    const submitted = await again.submit(first.job.id, { proof_url: PROOF_URL });
    expect(submitted.ok && isSealed(submitted.job)).toBe(true);
  });

  test("a pack from before HS256 seals imports; its older seals and signature count as not sealed or signed", async () => {
    const keeper = new EscrowKeeper(sealingApi(), { now: () => NOW });
    expect(keeper.importPack(JSON.stringify(OLDER_PACK)).ok).toBe(true);
    expect(bytes(keeper.state.jobs)).toBe(bytes(OLDER_PACK.jobs));
    const [receipt] = keeper.state.receipts;
    const { job_sealed: _, ...withoutJobSealed } = OLDER_PACK.receipts[0]!;
    expect(bytes(receipt)).toBe(bytes(withoutJobSealed));
    for (const job of keeper.state.jobs)
      expect(await keeper.checkSeal(job.id)).toEqual({ ok: true, seal_valid: false, older: true });
    expect(await verifyReceipt(receipt!, TEST_JWKS)).toMatchObject({ ok: false, reason: "older" });
    // The service goes on with the job, but unsealed: the chain was broken.
    const submitted = await keeper.submit("as_0000000001", { proof_url: PROOF_URL });
    expect(submitted.ok && isSealed(submitted.job)).toBe(false);
  });

  test("a pack whose job holds a seal of the wrong shape is refused and changes nothing", () => {
    const keeper = new EscrowKeeper(sealingApi());
    const pack = { ...OLDER_PACK, jobs: [{ ...walk.funded, seal: 42 }], receipts: [] };
    const before = keeper.state;
    expect(keeper.importPack(JSON.stringify(pack))).toMatchObject({ ok: false, code: "invalid_input" });
    expect(keeper.state).toBe(before);
  });
});
