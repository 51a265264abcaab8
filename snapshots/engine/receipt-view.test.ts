/**
 * The receipt (D12, D13a), made from the receipt table (shared/engine/receipt.ts): its members in
 * the table's order, each figure the status's (SETTLEMENT.md "Receipt"), optional members only
 * when the job holds them, key_id only when a demo key was sent. Every value written out by hand
 * is in money.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { receiptOf } from "../../shared/engine/receipt.ts";
import type { Job } from "../../shared/protocol/job-members.ts";
import { RECEIPT_MEMBER_NAMES } from "../../shared/protocol/receipt-members.ts";
import { CREATE, call, PROOF_URL } from "../support/helpers.ts";

type Body = Record<string, any>;
const step = (body: Body): Body => call("transition", body, {}).body as Body;

/** Settled jobs: released and disputed, bare and with every optional member set. */
function settledJobs(): Job[] {
  const jobs: Job[] = [];
  const extras = { client_ref: "order 7", callback_url: "https://example.com/hook" };
  for (const extra of [{}, extras]) {
    const open = step({ action: "create", ...CREATE, ...extra }).job;
    const funded = step({ action: "fund", job: open, payer_credits: 1000, ttl_seconds: 3600 }).job;
    const submitted = step({ action: "submit", job: funded, proof_url: PROOF_URL, proof_note: "see it" }).job;
    jobs.push(step({ action: "release", job: submitted }).job);
    jobs.push(step({ action: "release", job: submitted, release_note: "Looks good" }).job);
    jobs.push(step({ action: "dispute", job: submitted, dispute_reason: "Two bullet points" }).job);
  }
  // Funded over x402 (D30): the payment the x402 fund writes into the job.
  const paid = { x402Payer: `eip155:402402:0x${"aB".repeat(20)}`, x402Payment: `0x${"cd".repeat(32)}` };
  return [...jobs, ...jobs.slice(0, 3).map((job) => ({ ...job, ...paid }))];
}

/** Each optional member and what it holds when set: the job's member, or the demo key's id. */
const OPTIONAL: Record<string, (job: Job, keyId: string | null) => unknown> = {
  client_ref: (job) => job.clientRef,
  callback_url: (job) => job.callbackUrl,
  proof_note: (job) => job.proofNote,
  release_note: (job) => job.releaseNote,
  dispute_reason: (job) => job.disputeReason,
  key_id: (_, keyId) => keyId ?? undefined,
  x402_payer: (job) => job.x402Payer,
  x402_payment: (job) => job.x402Payment,
  // The capture (its fee is release_fee) or the void of the hold (D30).
  x402_settlement: (job) =>
    job.x402Payment === undefined ? undefined : job.status === "released" ? "capture" : "void",
};

describe("receiptOf", () => {
  const cases = settledJobs().flatMap((job) => [
    [job, null],
    [job, "demo_key_1"],
  ]) as [Job, string | null][];

  test.each(cases.map(([job, keyId], i) => [i, job, keyId] as const))(
    "receipt %d: its members, values and order",
    (_, job, keyId) => {
      const receipt = receiptOf(job, keyId) as Record<string, unknown>;
      expect(Object.keys(receipt)).toEqual(RECEIPT_MEMBER_NAMES.filter((member) => member in receipt));
      const required = RECEIPT_MEMBER_NAMES.filter((member) => !(member in OPTIONAL));
      for (const member of required) expect(receipt[member]).toBeDefined();
      for (const [member, of] of Object.entries(OPTIONAL)) {
        expect(member in receipt).toBe(of(job, keyId) !== undefined);
        expect(receipt[member]).toBe(of(job, keyId));
      }
      const released = job.status === "released";
      expect([receipt.release_fee, receipt.agent_payout, receipt.returned_to_payer]).toEqual(
        released ? [job.fee, job.agentPayout, 0] : [0, 0, job.amount],
      );
    },
  );

  test("the cases give every member of the table a value in some receipt", () => {
    const written = new Set(cases.flatMap(([job, keyId]) => Object.keys(receiptOf(job, keyId))));
    expect([...written].sort()).toEqual([...RECEIPT_MEMBER_NAMES].sort());
  });
});
