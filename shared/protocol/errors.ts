/**
 * The error catalog (SETTLEMENT.md "Errors", plus not_found and payload_too_large of D9,
 * internal_error of D21, rate_limited of D23 and seals_unavailable of D27): status, kind, message
 * template, extra fields and routes. Engine rejections and /api/errors.json both read it, so a
 * message cannot drift from its documentation. When each one happens is documentation only, and
 * lives beside the documents (shared/documents/error-when.ts), so the web page, which reads this
 * catalog, does not carry it.
 */
import { ACTIONS, MODE, MONEY } from "./constants.ts";

/** Where an error can come from: the five engines, the GET documents, or any path. */
type ErrorRoute = "validate" | "quote" | "transition" | "simulate" | "verify" | "documents" | "any";

/** One catalog entry. */
export interface CatalogEntry {
  status: number;
  kind: "schema" | "state" | "http";
  message: string;
  extra: readonly string[];
  routes: readonly ErrorRoute[];
}

const ALL_ENGINES = ["validate", "quote", "transition", "simulate", "verify"] as const;

/** Every error code the service can answer, in SETTLEMENT.md's order, then D9's two, then D21's, D23's and D27's. */
export const ERROR_CATALOG = {
  invalid_json: {
    status: 400,
    kind: "schema",
    message: "Body must be a JSON object.",
    extra: [],
    routes: ALL_ENGINES,
  },
  invalid_action: {
    status: 400,
    kind: "schema",
    message: "action must be create, fund, submit, release, or dispute.",
    extra: ["action", "actions"],
    routes: ["validate", "quote", "transition", "verify"],
  },
  missing_field: {
    status: 400,
    kind: "schema",
    message: "{field} is required.",
    extra: [],
    routes: ALL_ENGINES,
  },
  invalid_field: {
    status: 400,
    kind: "schema",
    // The catalog's text (SETTLEMENT.md "Errors"); each response names its field and the rule it broke (field-messages).
    message: "{field} must be a string / integer / https URL / ISO-8601 UTC datetime.",
    extra: [],
    routes: ALL_ENGINES,
  },
  illegal_transition: {
    status: 409,
    kind: "state",
    message: "Cannot {action} a job in status {from}. {action} requires status {expected}.",
    extra: ["action", "from", "expected"],
    routes: ["validate", "quote", "transition", "verify"],
  },
  insufficient_credits: {
    status: 409,
    kind: "state",
    message: "Need {needed} credits to fund. payer_credits is {payer_credits}.",
    extra: ["action", "needed", "payer_credits"],
    routes: ["validate", "quote", "transition", "simulate"],
  },
  hold_expired: {
    status: 409,
    kind: "state",
    message: "Cannot release after expiresAt. The hold ended at {expiresAt}. Dispute remains allowed.",
    extra: ["expiresAt"],
    routes: ["validate", "quote", "transition", "simulate"],
  },
  method_not_allowed: {
    status: 405,
    kind: "http",
    message: "POST JSON to this path. GET the protocol at /api/settlement.json.",
    extra: [],
    routes: [...ALL_ENGINES, "documents"],
  },
  not_found: {
    status: 404,
    kind: "http",
    message: "No such path. GET /api/agent.json lists every path.",
    extra: [],
    routes: ["any"],
  },
  payload_too_large: {
    status: 413,
    kind: "http",
    message: "Body must be at most 65536 bytes.",
    extra: [],
    routes: ALL_ENGINES,
  },
  internal_error: {
    status: 500,
    kind: "http",
    message: "Something went wrong on our side. Nothing was changed.",
    extra: [],
    routes: ["any"],
  },
  rate_limited: {
    status: 429,
    kind: "http",
    message: "Too many requests from this client. Retry after the number of seconds in Retry-After.",
    extra: [],
    // D23: the engines (and /mcp, which runs them) are counted; documents and files never are.
    routes: ALL_ENGINES,
  },
  seals_unavailable: {
    status: 503,
    kind: "http",
    message:
      "This service is set to require sealed jobs (SEALS=required) but has no usable signing key, so it answers no engine request rather than answer unsealed. Nothing was changed; try again once its operator has set SIGNING_KEY.",
    extra: [],
    routes: ALL_ENGINES,
  },
} as const satisfies Record<string, CatalogEntry>;

/** Every error code. */
export type ErrorCode = keyof typeof ERROR_CATALOG;

/** A rejection: the engine's value for "no" (SETTLEMENT.md "Errors"), turned into a response in one place. */
export interface Rejection {
  error: ErrorCode;
  message: string;
  field?: string;
  extra?: Record<string, unknown>;
}

/** Fills `{name}` placeholders of a catalog template. */
function fillTemplate(template: string, params: Record<string, unknown>): string {
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
