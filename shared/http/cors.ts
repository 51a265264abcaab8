/**
 * CORS (D17): the service is open to every origin, and a preflight is answered from headers
 * made once per method set rather than per request. A page may send its own X-Request-Id and
 * read the response's, and the rate-limit headers (D22, D23).
 */

/** The request headers a page may send (D17, D22). */
export const ALLOW_HEADERS = "Content-Type, Authorization, X-Service-Key, Idempotency-Key, X-Request-Id";

/** The response headers a page may read beyond the safelisted ones (D22, D23). */
export const EXPOSE_HEADERS = "X-Request-Id, Retry-After, RateLimit, RateLimit-Policy";

/** The methods an engine path serves (D17). */
export const ENGINE_METHODS = "POST, OPTIONS";
/** The methods a document path serves (D17). */
export const DOCUMENT_METHODS = "GET, HEAD, OPTIONS";

/**
 * The headers of a CORS preflight (D17) for paths serving `methods` that a page may send
 * `allowHeaders` to, made once (x402's paths add PAYMENT-SIGNATURE, shared/http/x402-routes.ts).
 */
export const preflightHeaders = (methods: string, allowHeaders = ALLOW_HEADERS): Headers =>
  new Headers({
    Allow: methods,
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": methods,
    "Access-Control-Allow-Headers": allowHeaders,
    "Access-Control-Max-Age": "86400",
  });
const PREFLIGHT = {
  [ENGINE_METHODS]: preflightHeaders(ENGINE_METHODS),
  [DOCUMENT_METHODS]: preflightHeaders(DOCUMENT_METHODS),
};

/** The 204 answer to an OPTIONS preflight on a path serving `methods` (D17). */
export const preflightResponse = (methods: typeof ENGINE_METHODS | typeof DOCUMENT_METHODS): Response =>
  new Response(null, { status: 204, headers: PREFLIGHT[methods] });
