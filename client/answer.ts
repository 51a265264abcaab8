/**
 * What a call gives back: the engine's answer when it succeeded (`ok: true`, typed per engine by
 * protocol/answers.ts), or an EscrowError value (`ok: false`) carrying the catalog code, the HTTP
 * status, the message and the field. Nothing is thrown: a refusal, a network failure and an
 * answer that is not the service's are all values.
 */
import { isObject } from "../shared/lib/json.ts";
import type { AnswerOf, ErrorBody, ErrorCode } from "../shared/protocol/answers.ts";
import type { EngineRoute } from "../shared/protocol/constants.ts";
import { ERROR_CATALOG } from "../shared/protocol/errors.ts";

/**
 * Codes the client gives besides the catalog's, all with status 0 but bad_answer: `unreachable`
 * when no answer came, `bad_answer` when what came is not a JSON answer of this service (a
 * proxy's HTML page), and from the state keeper `unknown_job` (no such job or receipt is held),
 * `not_payer` (fund, release or dispute of a job received from its payer, D28) and
 * `invalid_input` (a top-up amount, a pack or a link it refused before any call).
 */
export type ClientErrorCode = "unreachable" | "bad_answer" | "unknown_job" | "not_payer" | "invalid_input";

/** A call that did not succeed, as a value. */
export interface EscrowError {
  ok: false;
  /** The catalog code (errors.json), or a client code. */
  code: ErrorCode | ClientErrorCode;
  /** The HTTP status (0 when nothing answered). */
  status: number;
  /** The service's message, or the client's for its own codes. */
  message: string;
  /** The field the refusal names (missing_field, invalid_field). */
  field?: string;
  /** The error body in full, when the service answered one (needed, from, errors, ...). */
  body?: ErrorBody;
  /** The seconds to wait before asking again, from a rate-limited answer's Retry-After header (HTTP only). */
  retryAfter?: number;
}

/** The answer of engine `R`, or why there is none. */
export type Answer<R extends EngineRoute> = AnswerOf<R> | EscrowError;

/** What a transport got: a status and the parsed JSON body, or no answer at all. */
export type Delivery = { status: number; json: unknown; retryAfter?: number } | { status: 0; unreachable: string };

const isErrorBody = (json: unknown): json is ErrorBody =>
  isObject(json) && json.ok === false && typeof json.error === "string" && typeof json.message === "string";

/** Reads a delivery as the typed answer of `route`. */
export function toAnswer<R extends EngineRoute>(delivery: Delivery): Answer<R> {
  if ("unreachable" in delivery) return { ok: false, code: "unreachable", status: 0, message: delivery.unreachable };
  const { status, json } = delivery;
  if (status >= 200 && status < 300 && isObject(json) && json.ok === true) return json as AnswerOf<R>;
  if (isErrorBody(json) && json.error in ERROR_CATALOG) {
    const error: EscrowError = { ok: false, code: json.error, status, message: json.message, body: json };
    if (typeof json.field === "string") error.field = json.field;
    if (delivery.retryAfter !== undefined) error.retryAfter = delivery.retryAfter;
    return error;
  }
  return {
    ok: false,
    code: "bad_answer",
    status,
    message: `The service answered HTTP ${status} without its JSON body.`,
  };
}
