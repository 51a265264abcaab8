/**
 * Request ids (D22): every response carries `X-Request-Id`, the client's own value when it is
 * well formed, else a fresh random one, so a client, a proxy and the server's access log can
 * name the same request. Error bodies repeat it as `request_id` (responses.ts).
 */

import { FRESH_REQUEST_ID_LENGTH, REQUEST_ID_PATTERN } from "../protocol/constants.ts";

export { FRESH_REQUEST_ID_LENGTH };

/** The header, in the case responses write it. */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** Used only when the host's random source throws: the request still gets an id, and the bug its 500. */
let fallbackCounter = 0;

/**
 * The id of `request` (D22): its `X-Request-Id` when it matches {@link REQUEST_ID_PATTERN},
 * else `randomHex(16)`. Never throws: a request whose headers cannot be read, or a random
 * source that fails, still gets an id, and the failure shows up (and is reported) where the
 * service meets it next.
 */
export function requestIdOf(request: Request, randomHex: (length: number) => string): string {
  try {
    const sent = request.headers.get("x-request-id");
    if (sent !== null && REQUEST_ID_PATTERN.test(sent)) return sent;
  } catch {
    // Reading the headers is the service's next step too, inside its error boundary (D21).
  }
  try {
    return randomHex(FRESH_REQUEST_ID_LENGTH);
  } catch {
    return `unrandom-${(++fallbackCounter).toString(16)}`;
  }
}
