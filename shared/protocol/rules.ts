/**
 * The single statement of every field rule (STYLE 2). The engine checks fields one by one in
 * the order of D7 with these schemas; the JSON Schemas and the UI's form limits derive from
 * them. Every string is trimmed before it is checked (D2); characters are code points (D1);
 * integers are safe integers (D3). Each rule carries its own message, naming its field.
 *
 * Issue types the engine reads: `non_empty` on a required top-level string is missing_field
 * (D2); every other issue is invalid_field with the rule's message.
 */
import * as v from "valibot";
import { maxCodePoints } from "./code-points.ts";
import { JOB_ID_PATTERN, KEY_ID_PATTERN, LIMITS, STATUSES, TERMINAL_STATUSES, TERMINALS } from "./constants.ts";
import { DATE_TIME_PATTERN, parseDateTime, UTC_DATE_TIME_PATTERN } from "./datetime.ts";

/** Any field rule: a synchronous Valibot schema from JSON input to its checked value. */
export type Rule = v.GenericSchema<unknown, unknown>;

/** A required string: empty after trim is missing (top level) or invalid (job member). */
export function requiredText(field: string, max?: number): Rule {
  const message = max ? `${field} must be a string of 1 to ${max} characters.` : `${field} must be a non-empty string.`;
  return max
    ? v.pipe(v.string(message), v.trim(), v.nonEmpty(message), maxCodePoints(max, message))
    : v.pipe(v.string(message), v.trim(), v.nonEmpty(message));
}

/** An optional string of 1 to `max` characters: empty after trim is invalid (client_ref). */
export function boundedText(field: string, max: number): Rule {
  const message = `${field} must be a string of 1 to ${max} characters.`;
  return v.pipe(v.string(message), v.trim(), v.minLength(1, message), maxCodePoints(max, message));
}

/** A note (proof_note, release_note, dispute_reason): max 400 after trim; empty is ignored. */
export function note(field: string): Rule {
  const message = `${field} must be a string of at most ${LIMITS.noteMax} characters.`;
  return v.pipe(v.string(message), v.trim(), maxCodePoints(LIMITS.noteMax, message));
}

/** A safe integer >= `min` (D3): numeric strings, fractions, 1e400 and booleans fail. */
export function integer(field: string, min: number): Rule {
  const message = `${field} must be an integer >= ${min}.`;
  return v.pipe(
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(LIMITS.integerMax, `${field} must be an integer <= ${LIMITS.integerMax}.`),
  );
}

/** Scheme and authority shape of callback_url; the engine also requires a parseable URL with a host (D13a). */
export const HTTPS_URL_PATTERN = /^[Hh][Tt][Tt][Pp][Ss]:\/\/[^\s/?#]+(?:[/?#]\S*)?$/;

const hasHost = (text: string): boolean => {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname.length > 0;
  } catch {
    return false;
  }
};

/** An https URL of 1 to 512 characters (callback_url). */
export function httpsUrl(field: string): Rule {
  const message = `${field} must be an https URL of at most ${LIMITS.callbackUrlMax} characters.`;
  return v.pipe(
    v.string(message),
    v.trim(),
    v.minLength(1, message),
    maxCodePoints(LIMITS.callbackUrlMax, message),
    v.regex(HTTPS_URL_PATTERN, message),
    v.check(hasHost, message),
  );
}

// One compiled pattern per kind, shared by every date-time rule (a stateless, non-global RegExp).
const UTC_DATE_TIME = new RegExp(UTC_DATE_TIME_PATTERN);
const DATE_TIME = new RegExp(DATE_TIME_PATTERN);

/** An RFC 3339 date-time; `utcOnly` for expires_at (D4). The future test needs the clock, so the engine does it. */
export function dateTime(field: string, utcOnly: boolean): Rule {
  const message = utcOnly ? `${field} must be an ISO-8601 UTC datetime.` : `${field} must be an ISO-8601 datetime.`;
  return v.pipe(
    v.string(message),
    v.trim(),
    v.regex(utcOnly ? UTC_DATE_TIME : DATE_TIME, message),
    v.check((text) => parseDateTime(text, utcOnly) !== null, message),
  );
}

/** One of a closed set of words, trimmed first. */
export function oneOf<const T extends readonly [string, ...string[]]>(field: string, words: T, message?: string): Rule {
  const text = message ?? `${field} must be one of ${words.join(", ")}.`;
  return v.pipe(v.string(text), v.trim(), v.picklist(words, text));
}

/** A string matching a fixed pattern (ids). */
export function patterned(field: string, pattern: RegExp): Rule {
  const message = `${field} must match ${pattern.source}.`;
  return v.pipe(v.string(message), v.trim(), v.regex(pattern, message));
}

/** A string that may be empty (a job's proofUrl before submit). */
export function anyText(field: string): Rule {
  return v.pipe(v.string(`${field} must be a string.`), v.trim());
}

/** A date-time stamp or null (fundedAt, submittedAt, resolvedAt; receipts' stamps). */
export function optionalStamp(field: string): Rule {
  return v.nullable(dateTime(field, false));
}

/** Top-level request fields, by canonical snake_case name. */
export const fieldRules = {
  title: requiredText("title", LIMITS.titleMax),
  amount: integer("amount", LIMITS.amountMin),
  criteria: requiredText("criteria"),
  payer_credits: integer("payer_credits", LIMITS.payerCreditsMin),
  proof_url: requiredText("proof_url"),
  proof_note: note("proof_note"),
  release_note: note("release_note"),
  dispute_reason: note("dispute_reason"),
  client_ref: boundedText("client_ref", LIMITS.clientRefMax),
  callback_url: httpsUrl("callback_url"),
  expires_at: dateTime("expires_at", true),
  ttl_seconds: integer("ttl_seconds", LIMITS.ttlSecondsMin),
  idempotency_key: boundedText("idempotency_key", LIMITS.idempotencyKeyMax),
  terminal: oneOf("terminal", TERMINALS, "terminal must be release or dispute."),
  fee: integer("fee", 0),
  agent_payout: integer("agent_payout", 0),
  returned_to_payer: integer("returned_to_payer", 0),
} as const satisfies Record<string, Rule>;
export type FieldName = keyof typeof fieldRules;

/**
 * Members of the client-held job (D6), in SPEC's table order, camelCase. `required` members
 * must be present; a bad or missing member is invalid_field named `job.<member>`.
 */
export const jobMemberRules = {
  id: { rule: patterned("job.id", JOB_ID_PATTERN), required: true },
  title: { rule: requiredText("job.title", LIMITS.titleMax), required: true },
  amount: { rule: integer("job.amount", LIMITS.amountMin), required: true },
  criteria: { rule: requiredText("job.criteria"), required: true },
  proofUrl: { rule: anyText("job.proofUrl"), required: true },
  proofNote: { rule: note("job.proofNote"), required: false },
  status: { rule: oneOf("job.status", STATUSES), required: true },
  createdAt: { rule: dateTime("job.createdAt", false), required: true },
  fundedAt: { rule: optionalStamp("job.fundedAt"), required: false },
  submittedAt: { rule: optionalStamp("job.submittedAt"), required: false },
  resolvedAt: { rule: optionalStamp("job.resolvedAt"), required: false },
  fee: { rule: integer("job.fee", 0), required: false },
  agentPayout: { rule: integer("job.agentPayout", 0), required: false },
  releaseNote: { rule: note("job.releaseNote"), required: false },
  disputeReason: { rule: note("job.disputeReason"), required: false },
  clientRef: { rule: boundedText("job.clientRef", LIMITS.clientRefMax), required: false },
  callbackUrl: { rule: httpsUrl("job.callbackUrl"), required: false },
  expiresAt: { rule: dateTime("job.expiresAt", true), required: false },
} as const satisfies Record<string, { rule: Rule; required: boolean }>;
export type JobMember = keyof typeof jobMemberRules;

/**
 * Members of a receipt that verify accepts, in SPEC's table order. job_id, status and amount are
 * required (invalid_field receipt.<member>); the three claims are required as missing_field
 * fee / agent_payout / returned_to_payer (D12); the rest are checked when present.
 */
export const receiptMemberRules = {
  job_id: { rule: patterned("receipt.job_id", JOB_ID_PATTERN), required: true },
  title: { rule: requiredText("receipt.title", LIMITS.titleMax), required: false },
  status: {
    rule: oneOf("receipt.status", TERMINAL_STATUSES, "receipt.status must be released or disputed."),
    required: true,
  },
  amount: { rule: integer("receipt.amount", LIMITS.amountMin), required: true },
  release_fee: { rule: integer("receipt.release_fee", 0), required: true },
  agent_payout: { rule: integer("receipt.agent_payout", 0), required: true },
  returned_to_payer: { rule: integer("receipt.returned_to_payer", 0), required: true },
  success_criteria: { rule: requiredText("receipt.success_criteria"), required: false },
  proof: { rule: anyText("receipt.proof"), required: false },
  created: { rule: optionalStamp("receipt.created"), required: false },
  funded: { rule: optionalStamp("receipt.funded"), required: false },
  submitted: { rule: optionalStamp("receipt.submitted"), required: false },
  resolved: { rule: optionalStamp("receipt.resolved"), required: false },
  client_ref: { rule: boundedText("receipt.client_ref", LIMITS.clientRefMax), required: false },
  callback_url: { rule: httpsUrl("receipt.callback_url"), required: false },
  proof_note: { rule: note("receipt.proof_note"), required: false },
  release_note: { rule: note("receipt.release_note"), required: false },
  dispute_reason: { rule: note("receipt.dispute_reason"), required: false },
  key_id: { rule: patterned("receipt.key_id", KEY_ID_PATTERN), required: false },
} as const satisfies Record<string, { rule: Rule; required: boolean }>;
export type ReceiptMember = keyof typeof receiptMemberRules;
