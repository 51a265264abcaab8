/**
 * Reads an action body (transition, quote, validate) with its schema (body-schemas.ts): action
 * first, then the fields of the action's row (SETTLEMENT.md "Action bodies") (required, then optional; job members right
 * after job), then fields sent on the wrong action (D5), then expiry conflicts (D7). State comes
 * later, in apply.ts.
 */
import type { JsonObject } from "../lib/json.ts";
import { ACTIONS, type Action } from "../protocol/constants.ts";
import { invalidAction, type Rejection } from "../protocol/errors.ts";
import type { FieldValues } from "../protocol/fields.ts";
import type { Job } from "../protocol/job-members.ts";
import type { HeaderReader } from "../protocol/keys.ts";
import type { Verdict } from "../seal/seal.ts";
import { ACTION_BODIES } from "./body-schemas.ts";
import { withHoldEnd } from "./field-schemas.ts";
import { readBody } from "./read-body.ts";
import type { SealPolicy } from "./sealing.ts";
import type { ReadContext } from "./table-steps.ts";

/** A body whose fields all passed their rules. State is not checked yet. */
export interface ActionRequest {
  action: Action;
  job?: Job;
  /** The checked fields sent; expires_at is the hold's end (from expires_at or ttl_seconds). */
  fields: Partial<FieldValues>;
  /** The payer balance sent (fields.payer_credits), or the running balance of a simulated walk. */
  payerCredits?: number;
  /** What the job's seal turned out to be (D27); undefined when it was not checked, or no job. */
  jobSeal?: Verdict;
}

/** Reads `action`, trimmed (D2), or the invalid_action rejection. */
function readAction(body: JsonObject): Action | Rejection {
  const sent = body.action;
  const action = typeof sent === "string" ? sent.trim() : sent;
  return ACTIONS.includes(action as Action) ? (action as Action) : invalidAction(sent);
}

/**
 * The checked request, or the problems found in check order (the first is the answer): all of
 * them when `all` (validate, D8), else the first.
 */
export function readActionRequest(
  body: JsonObject,
  headers: HeaderReader,
  now: number,
  seals: SealPolicy | undefined,
  all = false,
): { ok: true; request: ActionRequest } | { ok: false; errors: Rejection[] } {
  const action = readAction(body);
  if (typeof action !== "string") return { ok: false, errors: [action] };
  const context: ReadContext = { now, header: headers.get("idempotency-key"), seals };
  const read = readBody(ACTION_BODIES[action], body, context, all);
  if (!read.ok) return read;
  const fields = read.value;
  withHoldEnd(fields, now);
  const { job } = fields;
  return { ok: true, request: { action, job, fields, payerCredits: fields.payer_credits, jobSeal: context.jobSeal } };
}
