/**
 * POST /api/v0/verify: recomputes fee, agent_payout and returned_to_payer for a receipt, or for
 * a job with an action and claimed values, with the fee functions transition uses (D12, D12a).
 * A wrong claim is a 200 with valid false, never an error.
 */
import { isObject, pick } from "../protocol/aliases.ts";
import { type JobStatus, TERMINALS, type Terminal } from "../protocol/constants.ts";
import { illegalTransition, invalid, invalidAction, missing } from "../protocol/errors.ts";
import { type Settlement, settleDispute, settleRelease } from "../protocol/fees.ts";
import { type ReceiptMember, receiptMemberRules } from "../protocol/rules.ts";
import { Checker } from "./checker.ts";
import type { EngineResult } from "./context.ts";
import { compileRule, REFUSED } from "./fast-rule.ts";
import { acceptStamp, readJob } from "./job-input.ts";
import { addClosingFields, type EngineRequest, envelope, failure, success } from "./respond.ts";

/** The three values verify compares, keyed as in its response. */
type Claims = Partial<Record<"fee" | "agent_payout" | "returned_to_payer", number>>;
const CLAIM_KEYS = ["fee", "agent_payout", "returned_to_payer"] as const;
/** The receipt member that carries each claim (D12: release_fee is the fee claim). */
const RECEIPT_CLAIMS = {
  release_fee: "fee",
  agent_payout: "agent_payout",
  returned_to_payer: "returned_to_payer",
} as const;
const ACTION_OF: Partial<Record<JobStatus, Terminal>> = { released: "release", disputed: "dispute" };

/** What a checked verify body boils down to. */
interface Subject {
  jobId: string;
  amount: number;
  status: JobStatus;
  claims: Claims;
}

/** The receipt's stamps: checked by their rule, not read further. */
const RECEIPT_STAMPS: readonly ReceiptMember[] = ["created", "funded", "submitted", "resolved"];

/** Everything checking one receipt member needs, worked out once, in SPEC's order. */
const RECEIPT_READERS = (Object.keys(receiptMemberRules) as ReceiptMember[]).map((member) => ({
  member,
  names: [member],
  field: `receipt.${member}`,
  rule: receiptMemberRules[member].rule,
  fast: compileRule(receiptMemberRules[member].rule),
  presence: receiptMemberRules[member].required ? ("required-member" as const) : ("optional" as const),
  claim: member in RECEIPT_CLAIMS ? RECEIPT_CLAIMS[member as keyof typeof RECEIPT_CLAIMS] : undefined,
  stamp: RECEIPT_STAMPS.includes(member),
}));

/** Reads `{ receipt }`: members in SPEC's order; a claim it lacks is missing_field fee / agent_payout / returned_to_payer. */
function readReceipt(c: Checker): Subject | undefined {
  const raw = c.body.receipt;
  if (!isObject(raw)) {
    c.fail(invalid("receipt", "receipt must be an object."));
    return undefined;
  }
  const before = c.errors.length;
  const values: Partial<Record<ReceiptMember, unknown>> = {};
  for (const reader of RECEIPT_READERS) {
    const sent = pick(raw, reader.names);
    if (sent === undefined && reader.claim !== undefined) {
      c.fail(missing(reader.claim));
      continue;
    }
    // A stamp's one-parse path first (it only needs to pass: verify reads no stamp further);
    // the checker runs every other member's compiled accepting path itself.
    const stamp = reader.stamp ? acceptStamp(sent, false) : REFUSED;
    values[reader.member] =
      stamp !== REFUSED ? stamp : c.check(reader.field, reader.rule, sent, reader.presence, reader.fast);
  }
  if (c.errors.length > before) return undefined;
  return {
    jobId: values.job_id as string,
    amount: values.amount as number,
    status: values.status as JobStatus,
    claims: {
      fee: values.release_fee as number,
      agent_payout: values.agent_payout as number,
      returned_to_payer: values.returned_to_payer as number,
    },
  };
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
export function verify({ body, headers, keyId }: EngineRequest): EngineResult {
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

  const c = new Checker(body);
  const subject = hasReceipt ? readReceipt(c) : readJobSubject(c);
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
  const answer = envelope();
  answer.valid = mismatches.length === 0;
  answer.verified = Object.keys(received).length > 0;
  answer.expected = expected;
  answer.received = received;
  answer.mismatches = mismatches;
  answer.job_id = subject.jobId;
  answer.action = effective;
  addClosingFields(answer, keyId, idempotencyKey);
  return success(answer);
}
