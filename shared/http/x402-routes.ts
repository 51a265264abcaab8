/**
 * The x402 paths of the route table (D30): POST /api/v0/x402/fund (shared/x402/fund.ts) and the
 * demo network's facilitator under /api/v0/x402 (shared/x402/facilitator.ts: GET supported, POST
 * verify and settle). A POST's body is read as an engine's is (D9's limit, engine.ts; parsed as
 * run() parses it, invalid_json), with one clock reading (D13); SEALS=required without a key
 * answers seals_unavailable as the engines do (D27). Their CORS lets a page send
 * PAYMENT-SIGNATURE and read PAYMENT-REQUIRED and PAYMENT-RESPONSE (transports-v2/http.md).
 */

import type { EngineResult } from "../engine/context.ts";
import { failure } from "../engine/respond.ts";
import { parseBody } from "../engine/run.ts";
import { reject } from "../protocol/errors.ts";
import { keyIdFromHeaders } from "../protocol/keys.ts";
import type { Sealing } from "../seal/signer.ts";
import { settleAnswer, supported, verifyAnswer } from "../x402/facilitator.ts";
import { x402Fund } from "../x402/fund.ts";
import { X402_PATHS } from "../x402/x402-paths.ts";
import { ALLOW_HEADERS, DOCUMENT_METHODS, ENGINE_METHODS, EXPOSE_HEADERS, preflightHeaders } from "./cors.ts";
import { limitedBody } from "./engine.ts";
import { HeaderTextReader } from "./header-text.ts";
import type { ServiceOptions } from "./options.ts";
import { notAllowed, notFound, tooLarge, toResponse } from "./responses.ts";
import type { Handler, Route } from "./route.ts";

/** The x402 POST paths a rate limit counts (D23), as it counts the engines. */
export const X402_LIMITED: readonly string[] = [X402_PATHS.fund, X402_PATHS.verify, X402_PATHS.settle];

/** The response headers of every x402 answer: a page may read the payment headers too. */
const CORS = { "Access-Control-Expose-Headers": `${EXPOSE_HEADERS}, PAYMENT-REQUIRED, PAYMENT-RESPONSE` };

/** A preflight of an x402 path serving `methods`: PAYMENT-SIGNATURE among the headers a page may send (D17). */
const preflight = (methods: string): Handler => {
  const headers = preflightHeaders(methods, `${ALLOW_HEADERS}, PAYMENT-SIGNATURE`);
  return () => new Response(null, { status: 204, headers });
};

/** A path not served: 404 not_found whatever the method (D9). */
const UNSERVED: Route = { OPTIONS: ({ id }) => notFound(id), refuse: ({ id }) => notFound(id) };

/** The x402 routes of a service with these options: its keys' (options.x402), or none served. */
export function x402Routes(options: ServiceOptions): Map<string, Route> {
  const { now, randomHex, sealing, x402: keys } = options;
  if (keys === undefined) return new Map(Object.values(X402_PATHS).map((path) => [path, UNSERVED]));
  const trusted = options.trustContentLength === true;
  const answer = (result: EngineResult & { headers?: Record<string, string> }, id: string) =>
    toResponse(result, id, result.headers === undefined ? CORS : { ...CORS, ...result.headers });

  /** A POST: the body read and parsed, then `handle` with it and the clock reading. */
  const post =
    (handle: (body: Record<string, unknown>, request: Request, at: number) => EngineResult): Handler =>
    async ({ request, id }) => {
      const reading = limitedBody(request, trusted);
      const bytes = reading === null ? null : await reading;
      if (bytes === null) return tooLarge(id);
      if (sealing?.signer === null) return answer(failure(reject("seals_unavailable")), id);
      const body = parseBody(bytes);
      if (body === undefined) return answer(failure(reject("invalid_json")), id);
      return answer(handle(body, request, now()), id);
    };
  const facilitator = (make: (body: Record<string, unknown>, at: number) => object) =>
    post((body, _request, at) => ({ status: 200, body: make(body, Math.floor(at / 1000)) as Record<string, unknown> }));

  const refusePost: Handler = ({ id }) => notAllowed(ENGINE_METHODS, id);
  const routes = new Map<string, Route>();
  routes.set(X402_PATHS.fund, {
    POST: post((body, request, at) => {
      const headers = new HeaderTextReader(request.headers);
      const ctx = { now: at, randomHex, sealing: sealing?.signer ? (sealing as Sealing) : undefined };
      return x402Fund({ body, headers, ctx, keyId: keyIdFromHeaders(headers), url: request.url }, keys);
    }),
    OPTIONS: preflight(ENGINE_METHODS),
    refuse: refusePost,
  });
  routes.set(X402_PATHS.verify, {
    POST: facilitator((b, at) => verifyAnswer(b, at, keys)),
    OPTIONS: preflight(ENGINE_METHODS),
    refuse: refusePost,
  });
  routes.set(X402_PATHS.settle, {
    POST: facilitator((b, at) => settleAnswer(b, at, keys)),
    OPTIONS: preflight(ENGINE_METHODS),
    refuse: refusePost,
  });
  const supportedBody = { status: 200, body: supported(keys.identity) };
  routes.set(X402_PATHS.supported, {
    GET: ({ id }) => answer(supportedBody, id),
    OPTIONS: preflight(DOCUMENT_METHODS),
    refuse: ({ id }) => notAllowed(DOCUMENT_METHODS, id),
  });
  return routes;
}
