/**
 * The receipt (D12, D13a), written out member by member (shared/engine/receipt.ts): held to the
 * receipt table, each member its row's `of`, in the table's order, left out when that gives
 * nothing, so that a member added to receipt-members.ts fails here until the receipt writes it.
 */
import { describe, expect, test } from "bun:test";
import { receiptOf } from "../../shared/engine/receipt.ts";
import type { Job } from "../../shared/protocol/job-members.ts";
import { RECEIPT_MEMBER_NAMES, RECEIPT_MEMBERS } from "../../shared/protocol/receipt-members.ts";
import { CREATE, call, PROOF_URL } from "../support/helpers.ts";

type Body = Record<string, any>;
const step = (body: Body): Body => call("transition", body, {}).body as Body;

/** The receipt as the table says it: each member's `of`, in order, when it gives a value. */
function byTheTable(job: Job, keyId: string | null): Record<string, unknown> {
  const receipt: Record<string, unknown> = {};
  for (const member of RECEIPT_MEMBER_NAMES) {
    const value = (RECEIPT_MEMBERS[member].of as (job: Job, keyId: string | null) => unknown)(job, keyId);
    if (value !== undefined) receipt[member] = value;
  }
  return receipt;
}

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
  return jobs;
}

describe("receiptOf", () => {
  const cases = settledJobs().flatMap((job) => [
    [job, null],
    [job, "demo_key_1"],
  ]) as [Job, string | null][];

  test.each(cases.map(([job, keyId], i) => [i, job, keyId] as const))(
    "receipt %d: the table's members, values and order",
    (_, job, keyId) => {
      const receipt = receiptOf(job, keyId) as Record<string, unknown>;
      expect(receipt).toStrictEqual(byTheTable(job, keyId));
      expect(Object.keys(receipt)).toEqual(Object.keys(byTheTable(job, keyId)));
    },
  );

  test("the cases give every member of the table a value in some receipt", () => {
    const written = new Set(cases.flatMap(([job, keyId]) => Object.keys(receiptOf(job, keyId))));
    expect([...written].sort()).toEqual([...RECEIPT_MEMBER_NAMES].sort());
  });
});
