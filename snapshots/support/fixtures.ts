/**
 * Fixtures several suites share: the walked jobs and their receipts, one valid body per action
 * and per route, a job whose hold ends a minute after NOW, and the Job and Receipt tables of SETTLEMENT.md
 * written out by hand. All of it is built from helpers.ts (CREATE, PROOF_URL, the fixed clock),
 * so every suite sends the same bodies. Suites share one copy, so every object here is frozen:
 * a suite that needs a variant spreads it (`{ ...JOBS.open, title: "" }`).
 */
import type { Action, EngineRoute } from "../../shared/protocol/constants.ts";
import { CREATE, call, jobsByStatus, NOW, ok, PROOF_URL } from "./helpers.ts";

type Body = Record<string, any>;

/** Freezes a fixture and everything in it, so no suite can change what another one reads. */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) frozen(member);
  }
  return value;
}

/** D3: the largest amount and balance, Number.MAX_SAFE_INTEGER, written out. */
export const MAX_SAFE = 9007199254740991;

/** The callback_url the suites stamp at create (https only, stored and never fetched). */
export const CALLBACK_URL = "https://example.com/hooks/job";

/** The routes that take an action body (SETTLEMENT.md "Action bodies": transition, quote and validate). */
export const ACTION_ROUTES = ["transition", "quote", "validate"] as const;

/** Jobs in every status, walked from CREATE with the fixed clock. */
export const JOBS = frozen(jobsByStatus());

/** The receipts transition gives for JOBS.submitted on release and on dispute. */
export const RECEIPTS = frozen({
  released: ok(call("transition", { action: "release", job: JOBS.submitted })).receipt as Body,
  disputed: ok(call("transition", { action: "dispute", job: JOBS.submitted })).receipt as Body,
});

/** One plain valid body per action: its required fields, on a job in the status it needs. */
export const ACTION_BODIES: Readonly<Record<Action, Body>> = frozen({
  create: { action: "create", ...CREATE },
  fund: { action: "fund", job: JOBS.open, payer_credits: 1000 },
  submit: { action: "submit", job: JOBS.funded, proof_url: PROOF_URL },
  release: { action: "release", job: JOBS.submitted },
  dispute: { action: "dispute", job: JOBS.submitted },
});

/** A valid simulate body: the whole walk to release, with payer credits to spare. */
export const SIMULATE_BODY: Readonly<Body> = frozen({ ...CREATE, payer_credits: 1000, proof_url: PROOF_URL });

/** One valid body per route: create, fund and submit on the action routes, a walk, a released job. */
export const ROUTE_BODIES: Readonly<Record<EngineRoute, Body>> = frozen({
  transition: ACTION_BODIES.create,
  quote: ACTION_BODIES.fund,
  validate: ACTION_BODIES.submit,
  simulate: SIMULATE_BODY,
  verify: { job: JOBS.released },
});

/** JOBS.open funded at NOW with ttl_seconds 60 (its hold ends at NOW + 60 s), then submitted. */
export const HELD = frozen(
  (() => {
    const funded = ok(call("transition", { action: "fund", job: JOBS.open, payer_credits: 1000, ttl_seconds: 60 })).job;
    const submitted = ok(call("transition", { action: "submit", job: funded, proof_url: PROOF_URL })).job;
    return { funded, submitted };
  })(),
);

/** A second after HELD's hold ended: a release then is hold_expired (D4). */
export const AFTER_HOLD = NOW + 61_000;

/** The Job table in full, in its order; the optional fields are absent until set (D10). */
export const ALL_JOB_FIELDS: string[] = frozen([
  "id",
  "title",
  "amount",
  "criteria",
  "proofUrl",
  "proofNote",
  "status",
  "createdAt",
  "fundedAt",
  "submittedAt",
  "resolvedAt",
  "fee",
  "agentPayout",
  "releaseNote",
  "disputeReason",
  "clientRef",
  "callbackUrl",
  "expiresAt",
]);

/** The Job table's optional fields (SETTLEMENT.md "Job (response form)"). */
const OPTIONAL_JOB_FIELDS = ["proofNote", "releaseNote", "disputeReason", "clientRef", "callbackUrl", "expiresAt"];

/** The Job table in its order without the optional fields: the fields every job has (D10). */
export const JOB_FIELDS: string[] = frozen(ALL_JOB_FIELDS.filter((field) => !OPTIONAL_JOB_FIELDS.includes(field)));

/** The fields of a job on which the optional fields `set` are set, in the Job table's order. */
export const jobFieldsWith = (...set: string[]): string[] =>
  ALL_JOB_FIELDS.filter((field) => JOB_FIELDS.includes(field) || set.includes(field));

/** The Receipt table in its order: the fields every receipt has. */
export const RECEIPT_FIELDS: string[] = frozen([
  "job_id",
  "title",
  "status",
  "amount",
  "release_fee",
  "agent_payout",
  "returned_to_payer",
  "success_criteria",
  "proof",
  "created",
  "funded",
  "submitted",
  "resolved",
]);

/** The Receipt table in full, in its order; the optional fields only when set (D13a). */
export const ALL_RECEIPT_FIELDS: string[] = frozen([
  ...RECEIPT_FIELDS,
  "client_ref",
  "callback_url",
  "proof_note",
  "release_note",
  "dispute_reason",
  "key_id",
]);
