/**
 * POST /api/v0/verify: recomputes fee, agent_payout and returned_to_payer for a receipt, or for
 * a job with an action and claimed values, with the fee functions transition uses (D12, D12a).
 * When the service seals (D27) it also checks a job's seal (`seal_valid`) and a receipt's
 * signature (`signature_valid`), each reported only when one was sent. `valid` is about the
 * figures; under SEALS=required it is also false when the seal or signature is missing or
 * does not hold. A wrong claim, seal or signature is a 200, never an error.
 */
import { isObject } from "../lib/json.ts";
import type { JobStatus, Terminal } from "../protocol/constants.ts";
import { illegalTransition, missing } from "../protocol/errors.ts";
import { type Settlement, settleDispute, settleRelease } from "../protocol/fees.ts";
import { CLAIMS, type Receipt } from "../protocol/receipt-members.ts";
import { checkSignature } from "../seal/seal.ts";
import { readEngineBody } from "./body-reader.ts";
import { VERIFY_BODY, type VerifyBody } from "./body-schemas.ts";
import type { EngineResult } from "./context.ts";
import type { ReadJob } from "./member-schemas.ts";
import { addClosingFields, type EngineRequest, envelope, failure, success } from "./respond.ts";
import { sealPolicy } from "./sealing.ts";

/** The three values verify compares, keyed as in its response. */
type Claims = Partial<Record<(typeof CLAIMS)[number]["claim"], number>>;
const CLAIM_KEYS = CLAIMS.map(({ claim }) => claim);
const ACTION_OF: Partial<Record<JobStatus, Terminal>> = { released: "release", disputed: "dispute" };

/** What a checked verify body boils down to. */
interface Subject {
  jobId: string;
  amount: number;
  status: JobStatus;
  claims: Claims;
}

/** `{ receipt }`: the receipt's own figures are its claims (D12). */
function receiptSubject(receipt: Receipt): Subject {
  const claims: Claims = {};
  for (const { claim, member } of CLAIMS) claims[claim] = receipt[member];
  return { jobId: receipt.job_id, amount: receipt.amount, status: receipt.status, claims };
}

/** `{ job, fee?, agent_payout?, returned_to_payer? }`: a terminal job's own fee and payout are its claims unless claims are sent. */
function jobSubject(job: ReadJob, read: Claims): Subject {
  const sent: Claims = {};
  for (const key of CLAIM_KEYS) if (read[key] !== undefined) sent[key] = read[key];
  const terminal = job.status === "released" || job.status === "disputed";
  const claims = Object.keys(sent).length > 0 || !terminal ? sent : { fee: job.fee, agent_payout: job.agentPayout };
  return { jobId: job.id, amount: job.amount, status: job.status, claims };
}

/** The subject of a read verify body: its receipt, or its job. */
const subjectOf = (read: VerifyBody): Subject =>
  read.receipt !== undefined ? receiptSubject(read.receipt) : jobSubject(read.job, read);

/** Handles a verify body. */
export function verify({ body, headers, ctx, keyId }: EngineRequest): EngineResult {
  const seals = sealPolicy(ctx.sealing, "verify");
  const context = { now: ctx.now, header: headers.get("idempotency-key"), seals };
  const read = readEngineBody(VERIFY_BODY, body, context, false);
  if (!read.ok) return failure(read.errors[0]!);
  const { action, receipt, idempotency_key: idempotencyKey } = read.value;
  const subject = subjectOf(read.value);

  const own = ACTION_OF[subject.status];
  if ((subject.status !== "submitted" && !own) || (own && action && own !== action)) {
    return failure(illegalTransition(action ?? "verify", subject.status, "submitted"));
  }
  const effective = own ?? action;
  // D12: a submitted job needs the action that would settle it; the body's last check (D7).
  if (effective === undefined) return failure(missing("action"));
  const settlement: Settlement =
    effective === "release" ? settleRelease(subject.amount) : settleDispute(subject.amount);
  const expected = {
    fee: settlement.fee,
    agent_payout: settlement.agent_payout,
    returned_to_payer: settlement.returned_to_payer,
  };
  const received: Claims = {};
  const mismatches: { field: string; expected: number; received: number }[] = [];
  for (const key of CLAIM_KEYS) {
    const claim = subject.claims[key];
    if (claim === undefined) continue;
    received[key] = claim;
    if (claim !== expected[key]) mismatches.push({ field: key, expected: expected[key], received: claim });
  }
  // The integrity of what was sent: the job's seal or the receipt's signature, when the service checks them.
  const hasReceipt = receipt !== undefined;
  const integrity = !ctx.sealing
    ? undefined
    : isObject(body.receipt)
      ? checkSignature(ctx.sealing.signer, body.receipt)
      : read.value.jobSeal;
  const held = integrity === undefined || integrity === "valid" || ctx.sealing?.mode !== "required";
  const answer = envelope();
  answer.valid = mismatches.length === 0 && held;
  answer.verified = Object.keys(received).length > 0;
  if (integrity === "valid" || integrity === "invalid")
    answer[hasReceipt ? "signature_valid" : "seal_valid"] = integrity === "valid";
  answer.expected = expected;
  answer.received = received;
  answer.mismatches = mismatches;
  answer.job_id = subject.jobId;
  answer.action = effective;
  addClosingFields(answer, keyId, idempotencyKey);
  return success(answer);
}
