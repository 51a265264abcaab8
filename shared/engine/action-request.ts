/**
 * Reads an action body (transition, quote, validate): action first, then the fields of the
 * action's row in SPEC (required, then optional; job members right after job), then fields
 * sent on the wrong action (D5), then expiry conflicts (D7). State comes later, in apply.ts.
 */
import type { JsonObject } from "../protocol/aliases.ts";
import { ACTIONS, type Action, LIMITS } from "../protocol/constants.ts";
import { invalid, invalidAction, type Rejection } from "../protocol/errors.ts";
import type { HeaderReader } from "../protocol/keys.ts";
import type { FieldName } from "../protocol/rules.ts";
import { Checker } from "./checker.ts";
import type { Job } from "./job.ts";
import { readJob } from "./job-input.ts";

/** A body whose fields all passed their rules. State is not checked yet. */
export interface ActionRequest {
  action: Action;
  job?: Job;
  title?: string;
  amount?: number;
  criteria?: string;
  payerCredits?: number;
  proofUrl?: string;
  proofNote?: string;
  releaseNote?: string;
  disputeReason?: string;
  clientRef?: string;
  callbackUrl?: string;
  expiresAt?: string;
  idempotencyKey?: string;
}

/** Fields that belong to one action only, and that action (D5). */
const OWNED_FIELDS = [
  ["expires_at", "fund"],
  ["ttl_seconds", "fund"],
  ["client_ref", "create"],
  ["callback_url", "create"],
  ["proof_url", "submit"],
  ["proof_note", "submit"],
  ["release_note", "release"],
  ["dispute_reason", "dispute"],
] as const satisfies readonly (readonly [FieldName, Action])[];

/** Reads `action`, or the invalid_action rejection. */
export function readAction(body: JsonObject): Action | Rejection {
  const sent = body.action;
  const action = typeof sent === "string" ? sent.trim() : sent;
  return ACTIONS.includes(action as Action) ? (action as Action) : invalidAction(sent);
}

/** Checks the fields of the action's row, in D7 order. */
function readFields(c: Checker, action: Action, headers: HeaderReader, now: number): ActionRequest {
  const r: ActionRequest = { action };
  switch (action) {
    case "create":
      r.title = c.field("title", "required") as string | undefined;
      r.amount = c.field("amount", "required") as number | undefined;
      r.criteria = c.field("criteria", "required") as string | undefined;
      r.clientRef = c.field("client_ref") as string | undefined;
      r.callbackUrl = c.field("callback_url") as string | undefined;
      r.idempotencyKey = c.idempotencyKey(headers);
      r.payerCredits = c.field("payer_credits") as number | undefined;
      break;
    case "fund":
      r.job = readJob(c, true);
      r.payerCredits = c.field("payer_credits", "required") as number | undefined;
      r.expiresAt = c.expiry(now);
      r.idempotencyKey = c.idempotencyKey(headers);
      break;
    case "submit":
      r.job = readJob(c, true);
      r.proofUrl = c.field("proof_url", "required") as string | undefined;
      r.proofNote = c.note("proof_note");
      r.idempotencyKey = c.idempotencyKey(headers);
      r.payerCredits = c.field("payer_credits") as number | undefined;
      break;
    case "release":
      r.job = readJob(c, true);
      r.releaseNote = c.note("release_note");
      r.idempotencyKey = c.idempotencyKey(headers);
      r.payerCredits = c.field("payer_credits") as number | undefined;
      break;
    case "dispute":
      r.job = readJob(c, true);
      r.payerCredits = c.field("payer_credits") as number | undefined;
      r.disputeReason = c.note("dispute_reason");
      r.idempotencyKey = c.idempotencyKey(headers);
      // D3: a balance the dispute would push past the safe-integer bound.
      if (r.job && r.payerCredits !== undefined && r.payerCredits + r.job.amount > LIMITS.integerMax) {
        c.fail(invalid("payer_credits", `payer_credits must stay <= ${LIMITS.integerMax} after the refund.`));
      }
      break;
  }
  for (const [field, owner] of OWNED_FIELDS) {
    if (owner !== action && c.has(field)) c.fail(invalid(field, `${field} is only accepted on ${owner}.`));
  }
  if (action === "fund") c.expiryConflict();
  return r;
}

/** The checked request, or every problem found in check order (the first is the answer). */
export function readActionRequest(
  body: JsonObject,
  headers: HeaderReader,
  now: number,
): { ok: true; request: ActionRequest } | { ok: false; errors: Rejection[] } {
  const action = readAction(body);
  if (typeof action !== "string") return { ok: false, errors: [action] };
  const checker = new Checker(body);
  const request = readFields(checker, action, headers, now);
  return checker.failed ? { ok: false, errors: checker.errors } : { ok: true, request };
}
