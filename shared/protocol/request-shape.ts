/**
 * The one request shape (SETTLEMENT.md "Action bodies"): which fields each action requires and accepts,
 * in the order the engine checks them (D7), and which fields belong to one action only (D5).
 * The engine, the JSON Schemas and the documents all read these tables.
 */
import type { Action } from "./constants.ts";
import type { FieldName } from "./fields.ts";

/** A field of an action body: a top-level field rule, or the client-held job. */
export type BodyField = FieldName | "job";

/** Per action: required fields, then optional ones, in check order (D7). payer_credits is accepted everywhere (D5). */
export const ACTION_FIELDS = {
  create: {
    required: ["title", "amount", "criteria"],
    optional: ["client_ref", "callback_url", "idempotency_key", "payer_credits"],
  },
  fund: { required: ["job", "payer_credits"], optional: ["expires_at", "ttl_seconds", "idempotency_key"] },
  submit: { required: ["job", "proof_url"], optional: ["proof_note", "idempotency_key", "payer_credits"] },
  release: { required: ["job"], optional: ["release_note", "idempotency_key", "payer_credits"] },
  dispute: { required: ["job"], optional: ["payer_credits", "dispute_reason", "idempotency_key"] },
} as const satisfies Record<Action, { required: readonly BodyField[]; optional: readonly BodyField[] }>;

/** Fields that belong to one action only, and that action: elsewhere they are invalid_field (D5). */
export const OWNED_FIELDS = [
  ["expires_at", "fund"],
  ["ttl_seconds", "fund"],
  ["client_ref", "create"],
  ["callback_url", "create"],
  ["proof_url", "submit"],
  ["proof_note", "submit"],
  ["release_note", "release"],
  ["dispute_reason", "dispute"],
] as const satisfies readonly (readonly [FieldName, Action])[];

/** Simulate: required, then optional, in SETTLEMENT.md's table order. release_note counts only with terminal release, dispute_reason only with dispute (D5). */
export const SIMULATE_FIELDS = {
  required: ["title", "amount", "criteria", "payer_credits", "proof_url"],
  optional: [
    "terminal",
    "client_ref",
    "callback_url",
    "expires_at",
    "ttl_seconds",
    "proof_note",
    "release_note",
    "dispute_reason",
    "idempotency_key",
  ],
} as const satisfies { required: readonly FieldName[]; optional: readonly FieldName[] };
