/**
 * The engine's one entry point (D13): `run(route, body, headers, { now, randomHex, sealing })`.
 * It refuses every body when seals are required but cannot be made (seals_unavailable, D27),
 * decodes and parses the body (invalid_json), reads the demo key once, and dispatches to the
 * route. Pure: no I/O, no real clock; the same call gives the same answer everywhere.
 */
import { isObject } from "../lib/json.ts";
import type { EngineRoute } from "../protocol/constants.ts";
import { reject } from "../protocol/errors.ts";
import { type HeaderReader, keyIdFromHeaders, NO_HEADERS } from "../protocol/keys.ts";
import { ENGINES, type EngineEntry } from "./catalog.ts";
import type { EngineContext, EngineResult, HostContext } from "./context.ts";
import { failure } from "./respond.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body as a JSON object, or undefined when it is not valid UTF-8, not JSON, or not an object. */
export function parseBody(body: string | Uint8Array | unknown): Record<string, unknown> | undefined {
  let value = body;
  try {
    if (body instanceof Uint8Array) value = JSON.parse(utf8.decode(body));
    else if (typeof body === "string") value = JSON.parse(body);
  } catch {
    return undefined;
  }
  return isObject(value) ? value : undefined;
}

/**
 * Runs one engine. `body` is the raw body (bytes or text, parsed here) or an already parsed
 * value; a body that is not a JSON object is refused as its engine's catalog row says.
 */
export function run(
  route: EngineRoute,
  body: string | Uint8Array | unknown,
  headers: HeaderReader = NO_HEADERS,
  ctx: HostContext,
): EngineResult {
  // D27: SEALS=required without a usable key fails closed, rather than answer unsealed.
  if (ctx.sealing?.signer === null) return failure(reject("seals_unavailable"));
  const parsed = parseBody(body);
  const engine: EngineEntry = ENGINES[route];
  if (!parsed) return (engine.unreadable ?? failure)(reject("invalid_json"));
  return engine.handler({ body: parsed, headers, ctx: ctx as EngineContext, keyId: keyIdFromHeaders(headers) });
}
