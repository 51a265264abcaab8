/**
 * The error catalog (SPEC "Errors", plus not_found and payload_too_large of D9,
 * internal_error of D21, rate_limited of D23 and seals_unavailable of D27): status, kind, message template, when it happens, extra fields and
 * routes. Engine rejections and /api/errors.json both read it, so a message cannot drift from
 * its documentation.
 */
import { ACTIONS, MODE, MONEY } from "./constants.ts";

/** Where an error can come from: the five engines, the GET documents, or any path. */
export type ErrorRoute = "validate" | "quote" | "transition" | "simulate" | "verify" | "documents" | "any";

/** One catalog entry. */
export interface CatalogEntry {
  status: number;
  kind: "schema" | "state" | "http";
  message: string;
  when: string;
  extra: readonly string[];
  routes: readonly ErrorRoute[];
}

const ALL_ENGINES = ["validate", "quote", "transition", "simulate", "verify"] as const;

/** Every error code the service can answer, in SPEC's order, then D9's two, then D21's, D23's and D27's. */
export const ERROR_CATALOG = {
  invalid_json: {
    status: 400,
    kind: "schema",
    message: "Body must be a JSON object.",
    when: "Body missing, not valid UTF-8, not parseable JSON, not an object, or an array.",
    extra: [],
    routes: ALL_ENGINES,
  },
  invalid_action: {
    status: 400,
    kind: "schema",
    message: "action must be create, fund, submit, release, or dispute.",
    when: 'action missing or not allowed for the route. verify accepts only release or dispute, only when an action is sent, with the message "action must be release or dispute." (D12a).',
    extra: ["action", "actions"],
    routes: ["validate", "quote", "transition", "verify"],
  },
  missing_field: {
    status: 400,
    kind: "schema",
    message: "{field} is required.",
    when: "A required string or integer is omitted, null or blank after trimming; job missing on a non-create action; a submitted verify job without action; verify without receipt or job; a receipt without one of its claimed fee fields; with SEALS=required, a job without a seal (field job.seal, D27).",
    extra: [],
    routes: ALL_ENGINES,
  },
  invalid_field: {
    status: 400,
    kind: "schema",
    // SPEC's catalog text; each response names its field and the rule it broke (field-messages).
    message: "{field} must be a string / integer / https URL / ISO-8601 UTC datetime.",
    when: "A present field has the wrong type, is empty when it must not be, exceeds its max length, is sent on the wrong action, or expiry fields conflict; with SEALS=required, a job whose seal does not match it (field job.seal, D27). The message names the field and its rule.",
    extra: [],
    routes: ALL_ENGINES,
  },
  illegal_transition: {
    status: 409,
    kind: "state",
    message: "Cannot {action} a job in status {from}. {action} requires status {expected}.",
    when: "Job status does not match what the action requires (fund needs open, submit needs funded, release and dispute need submitted); verify rejects a terminal job whose status does not match the action, and a job neither submitted nor terminal.",
    extra: ["action", "from", "expected"],
    routes: ["validate", "quote", "transition", "verify"],
  },
  insufficient_credits: {
    status: 409,
    kind: "state",
    message: "Need {needed} credits to fund. payer_credits is {payer_credits}.",
    when: "Fund (or the fund step of simulate) with payer_credits below the job amount.",
    extra: ["action", "needed", "payer_credits"],
    routes: ["validate", "quote", "transition", "simulate"],
  },
  hold_expired: {
    status: 409,
    kind: "state",
    message: "Cannot release after expiresAt. The hold ended at {expiresAt}. Dispute remains allowed.",
    when: "Release after the funded job's expiresAt (now strictly after it). Dispute still works. simulate cannot reach it (D13a).",
    extra: ["expiresAt"],
    routes: ["validate", "quote", "transition", "simulate"],
  },
  method_not_allowed: {
    status: 405,
    kind: "http",
    message: "POST JSON to this path. GET the protocol at /api/settlement.json.",
    when: "A verb other than those the path serves. The Allow header lists them.",
    extra: [],
    routes: [...ALL_ENGINES, "documents"],
  },
  not_found: {
    status: 404,
    kind: "http",
    message: "No such path. GET /api/agent.json lists every path.",
    when: "A path the service does not serve (D9).",
    extra: [],
    routes: ["any"],
  },
  payload_too_large: {
    status: 413,
    kind: "http",
    message: "Body must be at most 65536 bytes.",
    when: "A request body over 65,536 bytes, by Content-Length or as it streams in (D9).",
    extra: [],
    routes: ALL_ENGINES,
  },
  internal_error: {
    status: 500,
    kind: "http",
    message: "Something went wrong on our side. Nothing was changed.",
    when: "An unexpected failure inside the service (a bug), on any path. Nothing of it reaches the body, and no known input produces it (D21).",
    extra: [],
    routes: ["any"],
  },
  rate_limited: {
    status: 429,
    kind: "http",
    message: "Too many requests from this client. Retry after the number of seconds in Retry-After.",
    when: "Only when the operator enables a rate limit (RATE_LIMIT=<requests>/<seconds>; on Workers with the RATE_LIMITER binding; off by default, D23): a client address sent more requests than the limit within the window, on any path the service answers (CORS preflights are not counted). Retry-After, RateLimit-Policy and RateLimit say how long to wait.",
    extra: [],
    routes: ["any"],
  },
  seals_unavailable: {
    status: 503,
    kind: "http",
    message:
      "This service is set to require sealed jobs (SEALS=required) but has no usable signing key, so it answers no engine request rather than answer unsealed. Nothing was changed; try again once its operator has set SIGNING_KEY.",
    when: "Only under SEALS=required on a host without a usable signing key (a Worker without its SIGNING_KEY secret, or with one it cannot read): every engine request, before its body is parsed (a body over the size limit is still 413), and every /mcp tool call (D27). A host that can keep a key file makes one instead, and one that cannot make it does not start.",
    extra: [],
    routes: ALL_ENGINES,
  },
} as const satisfies Record<string, CatalogEntry>;

/** Every error code. */
export type ErrorCode = keyof typeof ERROR_CATALOG;

/** A rejection: the engine's value for "no" (SPEC "Errors"), turned into a response in one place. */
export interface Rejection {
  error: ErrorCode;
  message: string;
  field?: string;
  extra?: Record<string, unknown>;
}

/** Fills `{name}` placeholders of a catalog template. */
export function fillTemplate(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** A rejection with the catalog message of `code`, its placeholders filled from `extra`. */
export function reject(code: ErrorCode, extra?: Record<string, unknown>, field?: string): Rejection {
  const message = fillTemplate(ERROR_CATALOG[code].message, { ...extra, field });
  return { error: code, message, ...(field !== undefined && { field }), ...(extra && { extra }) };
}

/** missing_field for `field` (D8: `field` names it). */
export const missing = (field: string): Rejection => reject("missing_field", undefined, field);

/** invalid_field for `field` with a rule's own message. */
export const invalid = (field: string, message: string): Rejection => ({ error: "invalid_field", message, field });

/** invalid_action: the sent action (strings only) and the list the route accepts. */
export function invalidAction(sent: unknown, actions: readonly string[] = ACTIONS): Rejection {
  const message =
    actions === ACTIONS ? ERROR_CATALOG.invalid_action.message : `action must be ${actions.join(" or ")}.`;
  return { error: "invalid_action", message, extra: { action: typeof sent === "string" ? sent : null, actions } };
}

/** illegal_transition for `action` from status `from`, which needed `expected`. */
export const illegalTransition = (action: string, from: string, expected: string): Rejection =>
  reject("illegal_transition", { action, from, expected });

/** The error body of D8: envelope, code, message, field, extra fields. */
export function errorBody(rejection: Rejection): Record<string, unknown> {
  return {
    ok: false,
    mode: MODE,
    money: MONEY,
    error: rejection.error,
    message: rejection.message,
    ...(rejection.field !== undefined && { field: rejection.field }),
    ...rejection.extra,
  };
}

/** The HTTP status of a rejection. */
export const statusOf = (rejection: Rejection): number => ERROR_CATALOG[rejection.error].status;
