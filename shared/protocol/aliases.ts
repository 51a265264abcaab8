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

/**
 * True when a plain read of `object.name` finds exactly what {@link pick} finds for the names
 * of the tables above: a JSON object (its prototype is Object.prototype, which holds none of
 * those names, as engine code already assumes of `body.action` and `body.job`). Anything
 * else is read through pick.
 */
const readsOwnMembers = (object: JsonObject): boolean => Object.getPrototypeOf(object) === Object.prototype;

/** Leaves `null` as undefined, as pick does; every other value as it is. */
const sent = (value: unknown): unknown => (value === null ? undefined : value);

/**
 * The value sent for each top-level field: what `pick(body, FIELD_ALIASES[field])` gives.
 * The reads are written out by name: a fixed-name read is cached per body shape, where a read
 * by a name held in a variable was most of the engine's time per absent field. The names and
 * their order are FIELD_ALIASES'; engine-speed-paths.test.ts holds the two to each other.
 */
export function sentFields(body: JsonObject): Record<FieldName, unknown> {
  if (!readsOwnMembers(body)) return pickAll(body, FIELD_ALIASES);
  return {
    title: sent(body.title),
    amount: sent(body.amount),
    criteria: sent(body.criteria),
    payer_credits: sent(body.payer_credits ?? body.payerCredits),
    proof_url: sent(body.proof_url ?? body.proofUrl),
    proof_note: sent(body.proof_note ?? body.proofNote),
    release_note: sent(body.release_note ?? body.releaseNote),
    dispute_reason: sent(body.dispute_reason ?? body.disputeReason),
    client_ref: sent(body.client_ref ?? body.clientRef),
    callback_url: sent(body.callback_url ?? body.callbackUrl ?? body.notify_url ?? body.notifyUrl),
    expires_at: sent(body.expires_at ?? body.expiresAt),
    ttl_seconds: sent(body.ttl_seconds ?? body.ttlSeconds),
    idempotency_key: sent(body.idempotency_key ?? body.idempotencyKey),
    terminal: sent(body.terminal),
    fee: sent(body.fee),
    agent_payout: sent(body.agent_payout ?? body.agentPayout),
    returned_to_payer: sent(body.returned_to_payer ?? body.returnedToPayer),
  };
}

/** The value sent for each member of a job: what `pick(job, JOB_MEMBER_ALIASES[member])` gives (see {@link sentFields}). */
export function sentJobMembers(job: JsonObject): Record<JobMember, unknown> {
  if (!readsOwnMembers(job)) return pickAll(job, JOB_MEMBER_ALIASES);
  return {
    id: sent(job.id),
    title: sent(job.title),
    amount: sent(job.amount),
    criteria: sent(job.criteria),
    proofUrl: sent(job.proofUrl ?? job.proof_url),
    proofNote: sent(job.proofNote ?? job.proof_note),
    status: sent(job.status),
    createdAt: sent(job.createdAt ?? job.created_at),
    fundedAt: sent(job.fundedAt ?? job.funded_at),
    submittedAt: sent(job.submittedAt ?? job.submitted_at),
    resolvedAt: sent(job.resolvedAt ?? job.resolved_at),
    fee: sent(job.fee),
    agentPayout: sent(job.agentPayout ?? job.agent_payout),
    releaseNote: sent(job.releaseNote ?? job.release_note),
    disputeReason: sent(job.disputeReason ?? job.dispute_reason),
    clientRef: sent(job.clientRef ?? job.client_ref),
    callbackUrl: sent(job.callbackUrl ?? job.callback_url ?? job.notifyUrl ?? job.notify_url),
    expiresAt: sent(job.expiresAt ?? job.expires_at),
  };
}

/** {@link pick} for every entry of an alias table. */
function pickAll<K extends string>(object: JsonObject, table: Record<K, readonly string[]>): Record<K, unknown> {
  const values = {} as Record<K, unknown>;
  for (const key of Object.keys(table) as K[]) values[key] = pick(object, table[key]);
  return values;
}
