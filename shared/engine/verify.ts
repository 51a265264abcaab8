/**
 * POST /api/v0/verify: recomputes fee, agent_payout and returned_to_payer for a receipt, or for
 * a job with an action and claimed values, with the fee functions transition uses (D12, D12a).
 * When the service seals (D27) it also checks a job's seal (`seal_valid`) and a receipt's
 * signature (`signature_valid`), each reported only when one was sent. `valid` is about the
 * figures (SPEC); under SEALS=required it is also false when the seal or signature is missing or
 * does not hold. A wrong claim, seal or signature is a 200, never an error.
 */
import { type JobStatus, TERMINALS, type Terminal } from "../protocol/constants.ts";
import { illegalTransition, invalid, invalidAction, missing } from "../protocol/errors.ts";
import { type Settlement, settleDispute, settleRelease } from "../protocol/fees.ts";
import type { Claim } from "../protocol/member-rows.ts";
import { CLAIMS } from "../protocol/receipt-members.ts";
import { checkSignature } from "../seal/seal.ts";
import { Checker } from "./checker.ts";
import type { EngineResult } from "./context.ts";
import { readJob } from "./job-reader.ts";
import { readReceipt } from "./receipt-reader.ts";
import { addClosingFields, type EngineRequest, envelope, failure, success } from "./respond.ts";
import { sealPolicy } from "./sealing.ts";

/** The three values verify compares, keyed as in its response. */
type Claims = Partial<Record<Claim, number>>;
const CLAIM_KEYS = CLAIMS.map(({ claim }) => claim);
const ACTION_OF: Partial<Record<JobStatus, Terminal>> = { released: "release", disputed: "dispute" };

/** What a checked verify body boils down to. */
interface Subject {
  jobId: string;
  amount: number;
  status: JobStatus;
  claims: Claims;
}

/** Reads `{ receipt }`: the receipt's own figures are its claims (D12). */
function readReceiptSubject(c: Checker): Subject | undefined {
  const receipt = readReceipt(c, c.body.receipt);
  if (!receipt) return undefined;
  const claims: Claims = {};
  for (const { claim, member } of CLAIMS) claims[claim] = receipt[member];
  return { jobId: receipt.job_id, amount: receipt.amount, status: receipt.status, claims };
}

/** Reads `{ job, fee?, agent_payout?, returned_to_payer? }`; a terminal job's own fee and payout are its claims unless claims are sent. */
function readJobSubject(c: Checker): Subject | undefined {
  const job = readJob(c, true);
  const sent: Claims = {};
  for (const key of CLAIM_KEYS) {
    const value = c.field(key) as number | undefined;
    if (value !== undefined) sent[key] = value;
  }
  if (!job) return undefined;
  const terminal = job.status === "released" || job.status === "disputed";
  const claims = Object.keys(sent).length > 0 || !terminal ? sent : { fee: job.fee, agent_payout: job.agentPayout };
  return { jobId: job.id as string, amount: job.amount, status: job.status, claims };
}

/** Handles a verify body. */
export function verify({ body, headers, ctx, keyId }: EngineRequest): EngineResult {
  let action: Terminal | undefined;
  if (body.action !== undefined && body.action !== null) {
    const sent = typeof body.action === "string" ? body.action.trim() : body.action;
    if (!TERMINALS.includes(sent as Terminal)) return failure(invalidAction(body.action, TERMINALS));
    action = sent as Terminal;
  }
  const hasReceipt = body.receipt !== undefined && body.receipt !== null;
  const hasJob = body.job !== undefined && body.job !== null;
  if (hasReceipt && hasJob) return failure(invalid("job", "Send receipt or job, not both."));
  if (!hasReceipt && !hasJob) return failure(missing("receipt"));

  const c = new Checker(body, sealPolicy(ctx.sealing, "verify"));
  const subject = hasReceipt ? readReceiptSubject(c) : readJobSubject(c);
  const idempotencyKey = c.idempotencyKey(headers);
  if (subject?.status === "submitted" && action === undefined) c.fail(missing("action"));
  if (c.failed || !subject) return failure(c.errors[0]!);

  const own = ACTION_OF[subject.status];
  if ((subject.status !== "submitted" && !own) || (own && action && own !== action)) {
    return failure(illegalTransition(action ?? "verify", subject.status, "submitted"));
  }
  const effective = (own ?? action) as Terminal;
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
  const integrity = !ctx.sealing
    ? undefined
    : hasReceipt
      ? checkSignature(ctx.sealing.signer, body.receipt as Record<string, unknown>)
      : c.jobSeal;
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
