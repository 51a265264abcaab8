/**
 * The top-level request fields, one row each: the rule the value must pass, the other names it
 * is accepted under (SETTLEMENT.md "Request fields"; the row's key is the canonical snake_case name),
 * how a blank value counts, and the rule in words for the published documents. The engine's
 * readers, the JSON Schemas, tools.json and the field documents all read this table; which
 * action takes which field is request-shape.ts.
 */
import { LIMITS, TERMINALS } from "./constants.ts";
import {
  boundedText,
  dateTime,
  httpsUrl,
  integer,
  note,
  oneOf,
  type RuleOf,
  requiredText,
  TTL_MESSAGE,
  TTL_SECONDS_MAX,
  type ValueOf,
} from "./rules.ts";

/** One request field. */
export interface FieldRow {
  readonly rule: RuleOf<unknown>;
  /** Other accepted names, canonical first in the order the engine reads them. */
  readonly aliases: readonly string[];
  /** "note": blank after trimming counts as not sent (D2). */
  readonly kind?: "note";
  /** The rule in words, with where the field is taken (settlement.json, tools.json). */
  readonly text: string;
}

const MAX = LIMITS.integerMax;

/** Every top-level request field, by canonical name. */
export const FIELDS = {
  title: {
    rule: requiredText("title", LIMITS.titleMax),
    aliases: [],
    text: `1 to ${LIMITS.titleMax} characters. create, simulate.`,
  },
  amount: {
    rule: integer("amount", LIMITS.amountMin),
    aliases: [],
    text: `${LIMITS.amountMin} to ${MAX}. create, simulate.`,
  },
  criteria: { rule: requiredText("criteria"), aliases: [], text: "At least 1 character. create, simulate." },
  payer_credits: {
    rule: integer("payer_credits", LIMITS.payerCreditsMin),
    aliases: ["payerCredits"],
    text: `0 to ${MAX}. Required on fund (must cover the amount) and simulate; accepted on every action and echoed as the resulting balance.`,
  },
  proof_url: {
    rule: requiredText("proof_url"),
    aliases: ["proofUrl"],
    text: "At least 1 character. submit, simulate.",
  },
  proof_note: {
    rule: note("proof_note"),
    aliases: ["proofNote"],
    kind: "note",
    text: `At most ${LIMITS.noteMax} after trimming; whitespace-only is ignored. submit, simulate.`,
  },
  release_note: {
    rule: note("release_note"),
    aliases: ["releaseNote"],
    kind: "note",
    text: `At most ${LIMITS.noteMax}; as proof_note. release, simulate (terminal release).`,
  },
  dispute_reason: {
    rule: note("dispute_reason"),
    aliases: ["disputeReason"],
    kind: "note",
    text: `At most ${LIMITS.noteMax}; as proof_note. dispute, simulate (terminal dispute).`,
  },
  client_ref: {
    rule: boundedText("client_ref", LIMITS.clientRefMax),
    aliases: ["clientRef"],
    text: `1 to ${LIMITS.clientRefMax}; blank is invalid. create, simulate.`,
  },
  callback_url: {
    rule: httpsUrl("callback_url"),
    aliases: ["callbackUrl", "notify_url", "notifyUrl"],
    text: `1 to ${LIMITS.callbackUrlMax}, https:// with a host; blank is invalid. create, simulate. Never fetched.`,
  },
  expires_at: {
    rule: dateTime("expires_at", true),
    aliases: ["expiresAt"],
    text: "RFC 3339 UTC date-time (Z or +00:00), strictly in the future. fund, simulate. Not with ttl_seconds.",
  },
  ttl_seconds: {
    rule: integer("ttl_seconds", LIMITS.ttlSecondsMin, TTL_SECONDS_MAX, TTL_MESSAGE),
    aliases: ["ttlSeconds"],
    text: `${LIMITS.ttlSecondsMin} or more; expiresAt = now + ttl_seconds, by ${LIMITS.expiresAtMax}. fund, simulate. Not with expires_at.`,
  },
  idempotency_key: {
    rule: boundedText("idempotency_key", LIMITS.idempotencyKeyMax),
    aliases: ["idempotencyKey"],
    text: `1 to ${LIMITS.idempotencyKeyMax} after trimming; also the Idempotency-Key header (they must match when both are sent). Every route.`,
  },
  terminal: {
    rule: oneOf("terminal", TERMINALS, "terminal must be release or dispute."),
    aliases: [],
    text: "release (default) or dispute. simulate only.",
  },
  fee: { rule: integer("fee", 0), aliases: [], text: "Claimed fee. verify (job form)." },
  agent_payout: {
    rule: integer("agent_payout", 0),
    aliases: ["agentPayout"],
    text: "Claimed agent payout. verify (job form).",
  },
  returned_to_payer: {
    rule: integer("returned_to_payer", 0),
    aliases: ["returnedToPayer"],
    text: "Claimed refund. verify (job form).",
  },
} as const satisfies Record<string, FieldRow>;

/** A top-level field, by canonical name. */
export type FieldName = keyof typeof FIELDS;
/** Every field's checked value, by canonical name. */
export type FieldValues = { -readonly [F in FieldName]: ValueOf<(typeof FIELDS)[F]["rule"]> };
/** Every field name, in the table's order. */
export const FIELD_NAMES = Object.keys(FIELDS) as FieldName[];
/** The names each field is accepted under, canonical first. */
export const namesOf = (field: FieldName): readonly string[] => [field, ...FIELDS[field].aliases];
