/**
 * Field tables of the protocol documents: the job (SPEC order, D10), request fields and the
 * receipt, with their rules in words. Limits come from constants, names from the alias tables.
 */
import { FIELD_ALIASES } from "../protocol/aliases.ts";
import { LIMITS, STATUSES } from "../protocol/constants.ts";

const MAX = LIMITS.integerMax;

/** The job, response form. */
export const JOB_FIELDS = [
  { name: "id", type: "string", rule: "Matches ^as_[0-9a-f]{10}$. Assigned at create; absent on a create quote." },
  { name: "title", type: "string", rule: `Required, 1 to ${LIMITS.titleMax} characters.` },
  { name: "amount", type: "integer", rule: `Required, ${LIMITS.amountMin} to ${MAX}, credits.` },
  {
    name: "criteria",
    type: "string",
    rule: "Required, at least 1 character: the success criteria the proof must match.",
  },
  { name: "proofUrl", type: "string", rule: "Empty string until submit." },
  { name: "proofNote", type: "string", rule: `Optional, at most ${LIMITS.noteMax} after trimming. Set on submit.` },
  { name: "status", type: "string", rule: `One of ${STATUSES.join(", ")}.` },
  { name: "createdAt", type: "string", rule: "Date-time (toISOString form)." },
  { name: "fundedAt", type: "string | null", rule: "Date-time, null until fund." },
  { name: "submittedAt", type: "string | null", rule: "Date-time, null until submit." },
  { name: "resolvedAt", type: "string | null", rule: "Date-time, null until release or dispute." },
  { name: "fee", type: "integer", rule: "Credits. 0 until release." },
  { name: "agentPayout", type: "integer", rule: "Credits. 0 until release." },
  { name: "releaseNote", type: "string", rule: `Optional, at most ${LIMITS.noteMax}. Set on release.` },
  { name: "disputeReason", type: "string", rule: `Optional, at most ${LIMITS.noteMax}. Set on dispute.` },
  {
    name: "clientRef",
    type: "string",
    rule: `Optional, 1 to ${LIMITS.clientRefMax}. Stamped at create; independent of id and of Idempotency-Key.`,
  },
  {
    name: "callbackUrl",
    type: "string",
    rule: `Optional, 1 to ${LIMITS.callbackUrlMax}, https only. Stamped at create; never fetched.`,
  },
  {
    name: "expiresAt",
    type: "string",
    rule: "Optional UTC date-time. Stamped on the funded job when an expiry is given at fund.",
  },
];

const aliases = (name: keyof typeof FIELD_ALIASES) => FIELD_ALIASES[name].slice(1);

/** Request fields, canonical snake_case names. */
export const REQUEST_FIELDS = [
  {
    name: "action",
    type: "string",
    rule: "create, fund, submit, release or dispute (transition, quote, validate); release or dispute (verify, optional).",
  },
  {
    name: "job",
    type: "object",
    rule: "The client-held job, on every action except create. Members are checked like create fields and named job.<member> in errors (D6).",
  },
  { name: "title", type: "string", rule: `1 to ${LIMITS.titleMax} characters. create, simulate.` },
  { name: "amount", type: "integer", rule: `${LIMITS.amountMin} to ${MAX}. create, simulate.` },
  { name: "criteria", type: "string", rule: "At least 1 character. create, simulate." },
  {
    name: "payer_credits",
    type: "integer",
    aliases: aliases("payer_credits"),
    rule: `0 to ${MAX}. Required on fund (must cover the amount) and simulate; accepted on every action and echoed as the resulting balance.`,
  },
  { name: "proof_url", type: "string", aliases: aliases("proof_url"), rule: "At least 1 character. submit, simulate." },
  {
    name: "proof_note",
    type: "string",
    aliases: aliases("proof_note"),
    rule: `At most ${LIMITS.noteMax} after trimming; whitespace-only is ignored. submit, simulate.`,
  },
  {
    name: "release_note",
    type: "string",
    aliases: aliases("release_note"),
    rule: `At most ${LIMITS.noteMax}; as proof_note. release, simulate (terminal release).`,
  },
  {
    name: "dispute_reason",
    type: "string",
    aliases: aliases("dispute_reason"),
    rule: `At most ${LIMITS.noteMax}; as proof_note. dispute, simulate (terminal dispute).`,
  },
  {
    name: "client_ref",
    type: "string",
    aliases: aliases("client_ref"),
    rule: `1 to ${LIMITS.clientRefMax}; blank is invalid. create, simulate.`,
  },
  {
    name: "callback_url",
    type: "string",
    aliases: aliases("callback_url"),
    rule: `1 to ${LIMITS.callbackUrlMax}, https:// with a host; blank is invalid. create, simulate. Never fetched.`,
  },
  {
    name: "expires_at",
    type: "string",
    aliases: aliases("expires_at"),
    rule: "RFC 3339 UTC date-time (Z or +00:00), strictly in the future. fund, simulate. Not with ttl_seconds.",
  },
  {
    name: "ttl_seconds",
    type: "integer",
    aliases: aliases("ttl_seconds"),
    rule: `${LIMITS.ttlSecondsMin} or more; expiresAt = now + ttl_seconds, by ${LIMITS.expiresAtMax}. fund, simulate. Not with expires_at.`,
  },
  { name: "terminal", type: "string", rule: "release (default) or dispute. simulate only." },
  {
    name: "idempotency_key",
    type: "string",
    aliases: aliases("idempotency_key"),
    rule: `1 to ${LIMITS.idempotencyKeyMax} after trimming; also the Idempotency-Key header (they must match when both are sent). Every route.`,
  },
  { name: "fee", type: "integer", rule: "Claimed fee. verify (job form)." },
  {
    name: "agent_payout",
    type: "integer",
    aliases: aliases("agent_payout"),
    rule: "Claimed agent payout. verify (job form).",
  },
  {
    name: "returned_to_payer",
    type: "integer",
    aliases: aliases("returned_to_payer"),
    rule: "Claimed refund. verify (job form).",
  },
];

/** The receipt, snake_case. */
export const RECEIPT_FIELDS = [
  { name: "job_id", source: "job id" },
  { name: "title", source: "job title" },
  { name: "status", source: "released or disputed" },
  { name: "amount", source: "job amount, credits" },
  { name: "release_fee", source: "job fee when released, else 0" },
  { name: "agent_payout", source: "job agentPayout when released, else 0" },
  { name: "returned_to_payer", source: "job amount when disputed, else 0" },
  { name: "success_criteria", source: "job criteria" },
  { name: "proof", source: "job proofUrl" },
  { name: "created", source: "job createdAt" },
  { name: "funded", source: "job fundedAt" },
  { name: "submitted", source: "job submittedAt" },
  { name: "resolved", source: "job resolvedAt" },
  { name: "client_ref", source: "optional, from create" },
  { name: "callback_url", source: "optional, from create" },
  { name: "proof_note", source: "optional, from submit" },
  { name: "release_note", source: "optional, from release" },
  { name: "dispute_reason", source: "optional, from dispute" },
  { name: "key_id", source: "optional; present when a demo key header was sent" },
];
