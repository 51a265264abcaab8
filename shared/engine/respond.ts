/**
 * One place where engine values become results (rejections are values, not exceptions): the success envelope and the error
 * envelope of D8, with the optional key and idempotency fields of the envelope (SETTLEMENT.md "Engines"). Bodies are
 * built by adding fields in order to one object, not by spreading partial objects into each
 * other: object spread was the largest single cost of building a response.
 */
import type { JsonObject } from "../lib/json.ts";
import { MODE, MONEY } from "../protocol/constants.ts";
import { errorBody, type Rejection, statusOf } from "../protocol/errors.ts";
import type { Settlement } from "../protocol/fees.ts";
import type { HeaderReader } from "../protocol/keys.ts";
import type { EngineContext, EngineResult } from "./context.ts";

/** Everything an engine route reads: the parsed body object, the headers, the context and the key id. */
export interface EngineRequest {
  body: JsonObject;
  headers: HeaderReader;
  ctx: EngineContext;
  keyId: string | null;
}

/** A success body under construction: the envelope first; the route adds its fields after it. */
export type Body = Record<string, unknown>;

/** A new success body holding the envelope (ok, mode, money). */
export const envelope = (): Body => ({ ok: true, mode: MODE, money: MONEY });

/** A 200 with a body built on {@link envelope}. */
export const success = (body: Body): EngineResult => ({ status: 200, body });

/** The error response of a rejection. */
export const failure = (rejection: Rejection): EngineResult => ({
  status: statusOf(rejection),
  body: errorBody(rejection),
});

/** Adds a settlement's money fields in their fixed order: fee, agent_payout, agent_credits_delta, returned_to_payer. */
export function addSettlement(body: Body, settlement: Settlement): void {
  body.fee = settlement.fee;
  body.agent_payout = settlement.agent_payout;
  body.agent_credits_delta = settlement.agent_credits_delta;
  body.returned_to_payer = settlement.returned_to_payer;
}

/** Adds the optional envelope fields that close every success body: key_id or key_optional, then the echoed key. */
export function addClosingFields(body: Body, keyId: string | null, idempotencyKey: string | undefined): void {
  if (keyId === null) body.key_optional = true;
  else body.key_id = keyId;
  if (idempotencyKey !== undefined) body.idempotency_key = idempotencyKey;
}
