/** /api/errors.json: the error catalog (SETTLEMENT.md "Errors", D9, D21, D23), with the error body shape of D8 and D22. */
import { MODE, MONEY } from "../protocol/constants.ts";
import { ERROR_CATALOG, type ErrorCode } from "../protocol/errors.ts";
import { ERROR_WHEN } from "./error-when.ts";
import { INVALID_FIELD_MESSAGES, INVALID_FIELD_NAMES } from "./field-messages.ts";

/** The errors document. */
export const errors = () => ({
  mode: MODE,
  money: MONEY,
  body: {
    shape: '{ ok: false, mode: "demo", money: false, error, message, field?, ...extra, request_id }',
    message: "The catalog message with its {placeholders} filled (D8).",
    field:
      "Names the field on missing_field and invalid_field, by their names in SETTLEMENT.md (job.status, receipt.status).",
    request_id:
      "The request's id, the same as the response's X-Request-Id header (D22): the client's own X-Request-Id when well formed, else a fresh one. The HTTP service adds it last; MCP tool results carry the body without it.",
    validate:
      "validate's error bodies add kind (schema on 400, state on 409) and errors: every schema problem found, each { error, field, message }; a state error is the single entry.",
  },
  order_of_checks: [
    "method (405)",
    "body size (413)",
    "JSON (invalid_json)",
    "action (invalid_action)",
    "fields in the order of the action's row (required, then optional; job members right after job, then the job's seal when SEALS=required, D27)",
    "fields sent on the wrong action",
    "expiry conflicts",
    "state: illegal_transition, insufficient_credits, hold_expired",
  ],
  codes: Object.entries(ERROR_CATALOG).map(([code, { status, kind, message, extra, routes }]) => ({
    code,
    status,
    kind,
    message,
    when: ERROR_WHEN[code as ErrorCode],
    extra,
    routes,
  })),
  invalid_field: { fields: INVALID_FIELD_NAMES, messages: INVALID_FIELD_MESSAGES },
});
