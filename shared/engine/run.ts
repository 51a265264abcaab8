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
import { ENGINES } from "./catalog.ts";
import type { EngineContext, EngineResult, HostContext } from "./context.ts";
import { failure } from "./respond.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body as a JSON object, or undefined when it is not valid UTF-8, not JSON, or not an object. */
function parseBody(body: string | Uint8Array | unknown): Record<string, unknown> | undefined {
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
 * value; validate's error bodies carry `kind` and `errors` (D8), the others the first problem.
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
  if (!parsed) {
    const result = failure(reject("invalid_json"));
    if (route === "validate")
      Object.assign(result.body, { kind: "schema", errors: [{ error: "invalid_json", message: result.body.message }] });
    return result;
  }
  return ENGINES[route].handler({ body: parsed, headers, ctx: ctx as EngineContext, keyId: keyIdFromHeaders(headers) });
}
