/**
 * A POST to an engine: the body read within D9's limit, the engine run on it with the request's
 * headers and one clock reading (D13), its result as the JSON answer (responses.ts). A throw or
 * a rejection goes to the service's error boundary. The body read's own promise is the only one:
 * as an async function with two awaits an answer cost about 0.5 µs more, in process.
 */

import { run } from "../engine/run.ts";
import type { EngineRoute } from "../protocol/constants.ts";
import { LIMITS } from "../protocol/constants.ts";
import { declaredLength, readFramedBody, readLimitedBody } from "./body-limit.ts";
import { HeaderTextReader } from "./header-text.ts";
import type { ServiceOptions } from "./options.ts";
import { tooLarge, toResponse } from "./responses.ts";

/** Answers an engine's POST. */
export type EngineAnswer = (route: EngineRoute, request: Request, id: string) => Promise<Response>;

/**
 * The body of a POST within D9's limit, read in one call when the host frames bodies by their
 * Content-Length (`trusted`), else as it streams in; null when it is over the limit.
 */
export function limitedBody(request: Request, trusted: boolean): Promise<Uint8Array | null> | null {
  const length = trusted ? declaredLength(request) : -1;
  if (length > LIMITS.bodyBytesMax) return null;
  return length === -1 ? readLimitedBody(request) : readFramedBody(request, LIMITS.bodyBytesMax);
}

/** The engine answers of a service with these options. */
export function engineAnswer({ now, randomHex, sealing, trustContentLength }: ServiceOptions): EngineAnswer {
  const trusted = trustContentLength === true;
  return (route, request, id) => {
    const read = limitedBody(request, trusted);
    if (read === null) return Promise.resolve(tooLarge(id));
    return read.then((body) => {
      if (body === null) return tooLarge(id);
      const result = run(route, body, new HeaderTextReader(request.headers), { now: now(), randomHex, sealing });
      return toResponse(result, id);
    });
  };
}
