/**
 * One place where engine values become results (STYLE 3): the success envelope and the error
 * envelope of D8, with the optional key and idempotency fields of SPEC's envelope.
 */
import type { JsonObject } from "../aliases.ts";
import { MODE, MONEY } from "../constants.ts";
import { errorBody, type Rejection, statusOf } from "../errors.ts";
import { type HeaderReader, keyFields } from "../keys.ts";
import type { EngineContext, EngineResult } from "./context.ts";

/** Everything an engine route reads: the parsed body object, the headers, the context and the key id. */
export interface EngineRequest {
  body: JsonObject;
  headers: HeaderReader;
  ctx: EngineContext;
  keyId: string | null;
}

/** A 200 with the success envelope first, then `fields`. */
export const success = (fields: Record<string, unknown>): EngineResult => ({
  status: 200,
  body: { ok: true, mode: MODE, money: MONEY, ...fields },
});

/** The error response of a rejection. */
export const failure = (rejection: Rejection): EngineResult => ({ status: statusOf(rejection), body: errorBody(rejection) });

/** The optional envelope fields that close every success body: key_id or key_optional, then the echoed key. */
export const closingFields = (keyId: string | null, idempotencyKey: string | undefined): Record<string, unknown> => ({
  ...keyFields(keyId),
  ...(idempotencyKey !== undefined && { idempotency_key: idempotencyKey }),
});
