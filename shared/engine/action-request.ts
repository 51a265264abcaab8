/**
 * Reads an action body (transition, quote, validate): action first, then the fields of the
 * action's row in SPEC (required, then optional; job members right after job), then fields
 * sent on the wrong action (D5), then expiry conflicts (D7). State comes later, in apply.ts.
 */
import type { JsonObject } from "../lib/json.ts";
import { ACTIONS, type Action, LIMITS } from "../protocol/constants.ts";
import { invalid, invalidAction, type Rejection } from "../protocol/errors.ts";
import type { FieldName, FieldValues } from "../protocol/fields.ts";
import type { Job } from "../protocol/job-members.ts";
import type { HeaderReader } from "../protocol/keys.ts";
import { ACTION_FIELDS, OWNED_FIELDS } from "../protocol/request-shape.ts";
import type { Verdict } from "../seal/seal.ts";
import { readBodyFields } from "./body-fields.ts";
import { Checker, FIELD_SPECS } from "./checker.ts";
import type { SealPolicy } from "./sealing.ts";

/** A body whose fields all passed their rules. State is not checked yet. */
export interface ActionRequest {
  action: Action;
  job?: Job;
  /** The checked fields sent; expires_at is the hold's end (body-fields.ts). */
  fields: Partial<FieldValues>;
  /** The payer balance sent (fields.payer_credits), or the running balance of a simulated walk. */
  payerCredits?: number;
  /** What the job's seal turned out to be (D27); undefined when it was not checked, or no job. */
  jobSeal?: Verdict;
}

/** Per action: the fields that belong to another action (D5), in OWNED_FIELDS' order. */
const OTHERS_FIELDS = Object.fromEntries(
  ACTIONS.map((action) => [
    action,
    OWNED_FIELDS.filter(([, owner]) => owner !== action).map(([field, owner]) => [
      field,
      owner,
      FIELD_SPECS[field].position,
    ]),
  ]),
) as unknown as Record<Action, readonly (readonly [FieldName, Action, number])[]>;

/** Reads `action`, or the invalid_action rejection. */
export function readAction(body: JsonObject): Action | Rejection {
  const sent = body.action;
  const action = typeof sent === "string" ? sent.trim() : sent;
  return ACTIONS.includes(action as Action) ? (action as Action) : invalidAction(sent);
}

/** Checks the fields of the action's row, in D7 order. */
function readFields(c: Checker, action: Action, headers: HeaderReader, now: number): ActionRequest {
  const { job, fields } = readBodyFields(c, ACTION_FIELDS[action], headers, now);
  const payerCredits = fields.payer_credits;
  // D3: a balance the dispute would push past the safe-integer bound.
  if (action === "dispute" && job && payerCredits !== undefined && payerCredits + job.amount > LIMITS.integerMax) {
    c.fail(invalid("payer_credits", `payer_credits must stay <= ${LIMITS.integerMax} after the refund.`));
  }
  for (const [field, owner, position] of OTHERS_FIELDS[action]) {
    if (c.sentAt(position) !== undefined) c.fail(invalid(field, `${field} is only accepted on ${owner}.`));
  }
  if (action === "fund") c.expiryConflict();
  return { action, job, fields, payerCredits };
}

/** The checked request, or every problem found in check order (the first is the answer). */
export function readActionRequest(
  body: JsonObject,
  headers: HeaderReader,
  now: number,
  seals?: SealPolicy,
): { ok: true; request: ActionRequest } | { ok: false; errors: Rejection[] } {
  const action = readAction(body);
  if (typeof action !== "string") return { ok: false, errors: [action] };
  const checker = new Checker(body, seals);
  const request = readFields(checker, action, headers, now);
  request.jobSeal = checker.jobSeal;
  return checker.failed ? { ok: false, errors: checker.errors } : { ok: true, request };
}
