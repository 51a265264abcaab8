/**
 * Request aliases (SPEC "Request aliases"): snake_case and camelCase are both accepted, at the
 * top level and inside `job`. Canonical request names are snake_case; job members are read by
 * their camelCase response names. `null` counts as omitted (D2), so the first alias holding a
 * non-null value wins; own properties only, so `__proto__` and friends are inert.
 */
import type { FieldName, JobMember } from "./rules.ts";

/** Names accepted for each top-level field, canonical first. */
export const FIELD_ALIASES = {
  title: ["title"],
  amount: ["amount"],
  criteria: ["criteria"],
  payer_credits: ["payer_credits", "payerCredits"],
  proof_url: ["proof_url", "proofUrl"],
  proof_note: ["proof_note", "proofNote"],
  release_note: ["release_note", "releaseNote"],
  dispute_reason: ["dispute_reason", "disputeReason"],
  client_ref: ["client_ref", "clientRef"],
  callback_url: ["callback_url", "callbackUrl", "notify_url", "notifyUrl"],
  expires_at: ["expires_at", "expiresAt"],
  ttl_seconds: ["ttl_seconds", "ttlSeconds"],
  idempotency_key: ["idempotency_key", "idempotencyKey"],
  terminal: ["terminal"],
  fee: ["fee"],
  agent_payout: ["agent_payout", "agentPayout"],
  returned_to_payer: ["returned_to_payer", "returnedToPayer"],
} as const satisfies Record<FieldName, readonly string[]>;

/** Names accepted for each member of the client-held job, response name first (D6). */
export const JOB_MEMBER_ALIASES = {
  id: ["id"],
  title: ["title"],
  amount: ["amount"],
  criteria: ["criteria"],
  proofUrl: ["proofUrl", "proof_url"],
  proofNote: ["proofNote", "proof_note"],
  status: ["status"],
  createdAt: ["createdAt", "created_at"],
  fundedAt: ["fundedAt", "funded_at"],
  submittedAt: ["submittedAt", "submitted_at"],
  resolvedAt: ["resolvedAt", "resolved_at"],
  fee: ["fee"],
  agentPayout: ["agentPayout", "agent_payout"],
  releaseNote: ["releaseNote", "release_note"],
  disputeReason: ["disputeReason", "dispute_reason"],
  clientRef: ["clientRef", "client_ref"],
  callbackUrl: ["callbackUrl", "callback_url", "notifyUrl", "notify_url"],
  expiresAt: ["expiresAt", "expires_at"],
} as const satisfies Record<JobMember, readonly string[]>;

/** A parsed JSON object (never an array). */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object: not null, not an array. */
export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The value of the first name `object` holds as an own, non-null member; undefined if none. */
export function pick(object: JsonObject, names: readonly string[]): unknown {
  for (const name of names) {
    if (Object.hasOwn(object, name)) {
      const value = object[name];
      if (value !== null && value !== undefined) return value;
    }
  }
  return undefined;
}
