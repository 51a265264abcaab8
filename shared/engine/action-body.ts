/**
 * Reads an action body (transition, quote, validate) with its schema (body-schemas.ts): action
 * first, then the fields of the action's row (SETTLEMENT.md "Action bodies") (required, then
 * optional; the job and its seal right after job), then fields sent on the wrong action (D5),
 * then expiry conflicts (D7). State comes later, in apply.ts.
 */
import type * as v from "valibot";
import type { JsonObject } from "../lib/json.ts";
import type { HeaderReader } from "../protocol/keys.ts";
import { type Read, readEngineBody } from "./body-reader.ts";
import { ACTION_BODY } from "./body-schemas.ts";
import type { SealPolicy } from "./sealing.ts";

/** An action body whose fields all passed their rules, as its schema reads it. State is not checked yet. */
export type ActionBody = v.InferOutput<typeof ACTION_BODY>;

/**
 * The checked body, or the problems found in check order (the first is the answer): all of
 * them when `all` (validate, D8), else the first.
 */
export function readActionBody(
  body: JsonObject,
  headers: HeaderReader,
  now: number,
  seals: SealPolicy | undefined,
  all = false,
): Read<ActionBody> {
  return readEngineBody(ACTION_BODY, body, { now, header: headers.get("idempotency-key"), seals }, all);
}
