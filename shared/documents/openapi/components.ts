/**
 * The components of the OpenAPI document: every schema stated once (field components, the job,
 * the receipt, each action's body, the engines' bodies and answers, the error body), the
 * optional demo key, the headers and parameters, the responses shared by many operations, and
 * one example per error code a response names.
 */
import {
  CONTENT_CODINGS,
  DOCUMENT_CACHE_CONTROL,
  FRESH_REQUEST_ID_LENGTH,
  MODE,
  REQUEST_ID_PATTERN,
} from "../../protocol/constants.ts";
import { ERROR_CATALOG, type ErrorCode } from "../../protocol/errors.ts";
import { errorBodySchema, responseSchemas } from "../../schemas/answer-schemas.ts";
import { compositeSchemas, transitionBodySchema, verifyBodySchema } from "../../schemas/bodies.ts";
import { fieldComponents, referring } from "../../schemas/field-components.ts";
import { simulateBodySchema } from "../../schemas/simulate-body.ts";
import {
  DOCUMENT_RESPONSES,
  documentResponse,
  engineErrors,
  errorResponse,
  routeErrors,
  SHARED_RESPONSES,
} from "./paths.ts";

const REFS = referring("#/components/schemas/");

/** The request id the examples show (D22). */
const EXAMPLE_REQUEST_ID = "4f9c2a7d1e3b8a60";

/** The headers of a 429 rate_limited (D23). */
const RATE_LIMITED_HEADERS = {
  "Retry-After": { $ref: "#/components/headers/RetryAfter" },
  "RateLimit-Policy": { $ref: "#/components/headers/RateLimitPolicy" },
  RateLimit: { $ref: "#/components/headers/RateLimit" },
};

/** Every schema, once: the engines' bodies and answers, the composites, then each field's. */
function schemas() {
  return {
    TransitionBody: transitionBodySchema(REFS, true),
    SimulateBody: simulateBodySchema(REFS),
    VerifyBody: verifyBodySchema(REFS),
    ...compositeSchemas(REFS),
    ErrorBody: errorBodySchema(),
    ...responseSchemas(REFS, { $ref: "#/components/schemas/TransitionResponse" }),
    ...fieldComponents(),
  };
}

/** Every code some response names: each engine's, and the shared statuses'. */
function namedCodes(): ErrorCode[] {
  const shared = Object.keys(SHARED_RESPONSES).map(
    (status) =>
      (Object.keys(ERROR_CATALOG) as ErrorCode[]).find((code) => String(ERROR_CATALOG[code].status) === status)!,
  );
  const named = new Set<ErrorCode>([
    ...["transition", "quote", "validate", "simulate", "verify"].flatMap(routeErrors),
    ...shared,
  ]);
  return (Object.keys(ERROR_CATALOG) as ErrorCode[]).filter((code) => named.has(code));
}

/** The components object. */
export function components() {
  return {
    securitySchemes: {
      bearerAuth: {
        type: "http",
        scheme: "bearer",
        description: "Optional demo key. Responses carry key_id = k_ + 12 hex of its SHA-256; never the key.",
      },
      serviceKey: {
        type: "apiKey",
        in: "header",
        name: "X-Service-Key",
        description: "Optional demo key, as Authorization Bearer.",
      },
    },
    parameters: {
      IdempotencyKey: {
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description:
          "1 to 255 characters, not all whitespace: idempotency_key's rule. On create the job id is derived from it; echoed on every route. Must equal idempotency_key when both are sent.",
        // The body field's rule, stated once (D15): a blank key is refused under either name.
        schema: { $ref: "#/components/schemas/IdempotencyKey" },
      },
      IfNoneMatch: {
        name: "If-None-Match",
        in: "header",
        required: false,
        description: "An ETag from an earlier response: 304 when it still matches the form this request would get.",
        schema: { type: "string" },
      },
      RequestId: {
        name: "X-Request-Id",
        in: "header",
        required: false,
        description:
          "Your id for this request (D22): the response's X-Request-Id and an error body's request_id repeat it when it is 1 to 128 characters of A-Z, a-z, 0-9 and . _ : -. Any other value is accepted and replaced: the service answers as usual with a fresh id in its place.",
        // No pattern: the service never refuses a request for its id, it replaces a bad one
        // (D22), so a schema fuzzer must not expect a refusal. The response header keeps it.
        schema: { type: "string" },
      },
      AcceptEncoding: {
        name: "Accept-Encoding",
        in: "header",
        required: false,
        description:
          "br or gzip (br first at equal weight): the document comes compressed once the API has compressed it. Without it, the document as it is.",
        schema: { type: "string" },
      },
    },
    responses: {
      NotModified: { description: "Not modified: If-None-Match matched the ETag." },
      MethodNotAllowed: {
        ...errorResponse(["method_not_allowed"]),
        headers: { Allow: { $ref: "#/components/headers/Allow" } },
      },
      PayloadTooLarge: errorResponse(["payload_too_large"]),
      InternalError: errorResponse(["internal_error"]),
      RateLimited: { ...errorResponse(["rate_limited"]), headers: RATE_LIMITED_HEADERS },
      SealsUnavailable: errorResponse(["seals_unavailable"]),
      ...engineErrors().components,
      ...Object.fromEntries(
        (Object.keys(DOCUMENT_RESPONSES) as (keyof typeof DOCUMENT_RESPONSES)[]).map((kind) => [
          DOCUMENT_RESPONSES[kind],
          documentResponse(kind),
        ]),
      ),
      EnginePreflight: {
        description:
          "No content: CORS for any origin, POST and OPTIONS, the request headers the path takes, Max-Age 86400 (D17).",
      },
    },
    // Every code a response names (not_found belongs to no path, so it has no example here).
    examples: Object.fromEntries(
      namedCodes().map((code) => [
        code,
        {
          summary: ERROR_CATALOG[code].message,
          // As the HTTP service sends it: every error body ends with the request's id (D22).
          value: {
            ok: false,
            mode: MODE,
            money: false,
            error: code,
            message: ERROR_CATALOG[code].message,
            request_id: EXAMPLE_REQUEST_ID,
          },
        },
      ]),
    ),
    headers: {
      Allow: { description: "The methods the path serves.", schema: { type: "string" } },
      ETag: {
        description: `Hash of the document bytes; a compressed form adds ${CONTENT_CODINGS.map((coding) => `-${coding}`).join(" or ")} before the closing quote.`,
        schema: { type: "string" },
      },
      ContentEncoding: {
        description: `${CONTENT_CODINGS.join(" or ")} when the document is sent compressed; absent otherwise.`,
        schema: { type: "string", enum: [...CONTENT_CODINGS] },
      },
      Vary: {
        description: "Accept-Encoding, on every form of a document the API may compress.",
        schema: { type: "string" },
      },
      CacheControl: { description: DOCUMENT_CACHE_CONTROL, schema: { type: "string" } },
      RequestId: {
        description: `The request's id (D22), on every response: the X-Request-Id the client sent when well formed, else ${FRESH_REQUEST_ID_LENGTH} random lowercase hex characters. Error bodies repeat it as request_id.`,
        schema: { type: "string", pattern: REQUEST_ID_PATTERN.source },
      },
      RetryAfter: {
        description:
          "Seconds to wait before the next request: the end of the rate-limit window, or a whole window where its end is not known (Workers) (D23).",
        schema: { type: "integer", minimum: 1 },
      },
      RateLimitPolicy: {
        description:
          'Only when a rate limit is enabled (D23), on every counted response (from an engine or /mcp): the policy as draft-ietf-httpapi-ratelimit-headers writes it, "default";q=<requests>;w=<seconds>.',
        schema: { type: "string" },
      },
      RateLimit: {
        description:
          'Only when a rate limit is enabled (D23), on every counted response (from an engine or /mcp) where the limiter knows what is left (not on Workers, whose binding does not say): "default";r=<requests left>;t=<seconds until the window resets>.',
        schema: { type: "string" },
      },
    },
    schemas: schemas(),
  };
}
