/**
 * The OpenAPI 3.1 document (/settlement.openapi.json = /openapi.json = /api/openapi.json):
 * every engine and document path, request bodies from the generated schemas, every response
 * status with the error envelope, the optional demo key, the Idempotency-Key header and
 * examples taken from examples.json (bodies the engine accepts).
 */

import { ENGINES } from "../engine/catalog.ts";
import {
  CONTENT_CODINGS,
  DOCUMENT_CACHE_CONTROL,
  ENGINE_ROUTES,
  type EngineRoute,
  enginePath,
  MODE,
  SERVICE,
  STATUSES,
  TERMINALS,
  VERSION,
} from "../protocol/constants.ts";
import { ERROR_CATALOG, type ErrorCode } from "../protocol/errors.ts";
import {
  jobSchema,
  receiptSchema,
  simulateBodySchema,
  transitionBodySchema,
  verifyBodySchema,
} from "../schemas/bodies.ts";
import type { Schema } from "../schemas/convert.ts";
import { DOCUMENT_CATALOG, TYPES } from "./catalog.ts";
import { DESCRIPTION } from "./discovery.ts";
import { exampleList } from "./examples.ts";

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const envelope = { ok: { const: true }, mode: { const: MODE }, money: { const: false } };
const integer = { type: "integer", minimum: 0 };
const keyFields = {
  key_id: { type: "string", pattern: "^k_[0-9a-f]{12}$", description: "Present when a demo key header was sent." },
  key_optional: { const: true, description: "Present when no demo key header was sent." },
  idempotency_key: { type: "string", description: "Echo of the sent key, trimmed." },
};
const money = { fee: integer, agent_payout: integer, agent_credits_delta: integer, returned_to_payer: integer };

const ROUTE_ERRORS: Record<EngineRoute, ErrorCode[]> = Object.fromEntries(
  ENGINE_ROUTES.map((route) => [
    route,
    (Object.keys(ERROR_CATALOG) as ErrorCode[]).filter((code) =>
      (ERROR_CATALOG[code].routes as readonly string[]).includes(route),
    ),
  ]),
) as Record<EngineRoute, ErrorCode[]>;

const ENGINE_TEXT: Record<EngineRoute, { summary: string; body: string; response: string }> = {
  transition: { summary: "Commit one action", body: "TransitionBody", response: "TransitionResponse" },
  quote: { summary: "Dry run of an action", body: "TransitionBody", response: "QuoteResponse" },
  validate: { summary: "Dry check of an action body", body: "TransitionBody", response: "ValidateResponse" },
  simulate: { summary: "Run a whole walk in one request", body: "SimulateBody", response: "SimulateResponse" },
  verify: { summary: "Recompute the fee math of a receipt or job", body: "VerifyBody", response: "VerifyResponse" },
};

/** An error response whose examples point at components.examples, one per code. */
const errorResponse = (codes: ErrorCode[]) => ({
  description: codes.map((code) => `${code}: ${ERROR_CATALOG[code].when}`).join(" "),
  content: {
    "application/json": {
      schema: ref("ErrorBody"),
      examples: Object.fromEntries(codes.map((code) => [code, { $ref: `#/components/examples/${code}` }])),
    },
  },
});

const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** Statuses every engine answers alike (405, 413): one response component each, not a copy per path. */
const SHARED_RESPONSES: Partial<Record<number, "MethodNotAllowed" | "PayloadTooLarge">> = {
  405: "MethodNotAllowed",
  413: "PayloadTooLarge",
};

/** The OPTIONS operation of a path: a CORS preflight (D17). */
const preflight = (name: "EnginePreflight" | "DocumentPreflight", operationId: string, tag: string) => ({
  summary: "CORS preflight",
  operationId,
  tags: [tag],
  security: [],
  responses: { "204": responseRef(name) },
});

function enginePathItem(route: EngineRoute) {
  const text = ENGINE_TEXT[route];
  const codes = ROUTE_ERRORS[route];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(ERROR_CATALOG[code].status, [...(byStatus.get(ERROR_CATALOG[code].status) ?? []), code]);
  const examples = exampleList().filter((e) => e.route === route);
  return {
    post: {
      operationId: route,
      summary: text.summary,
      description: `${ENGINES[route].sentence} Errors: ${codes.join(", ")}.`,
      tags: ["engines"],
      security: [{}, { bearerAuth: [] }, { serviceKey: [] }],
      parameters: [{ $ref: "#/components/parameters/IdempotencyKey" }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: ref(text.body),
            examples: Object.fromEntries(
              examples.map((e, i) => [`example${i + 1}`, { summary: e.name, description: e.note, value: e.body }]),
            ),
          },
        },
      },
      responses: {
        "200": { description: "Success.", content: { "application/json": { schema: ref(text.response) } } },
        ...Object.fromEntries(
          [...byStatus].map(([status, list]) => {
            const shared = SHARED_RESPONSES[status];
            return [String(status), shared ? responseRef(shared) : errorResponse(list)];
          }),
        ),
      },
    },
    options: preflight("EnginePreflight", `${route}Preflight`, "engines"),
  };
}

function documentPathItem(doc: (typeof DOCUMENT_CATALOG)[number], index: number) {
  const id = `${doc.key.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}${index === 0 ? "" : `Alias${index}`}`;
  const ok = {
    description: doc.summary,
    headers: {
      ETag: { $ref: "#/components/headers/ETag" },
      "Cache-Control": { $ref: "#/components/headers/CacheControl" },
      "Content-Encoding": { $ref: "#/components/headers/ContentEncoding" },
      Vary: { $ref: "#/components/headers/Vary" },
    },
    content: {
      [TYPES[doc.kind].split(";")[0]!]: { schema: doc.kind === "json" ? { type: "object" } : { type: "string" } },
    },
  };
  const parameters = [
    { $ref: "#/components/parameters/IfNoneMatch" },
    { $ref: "#/components/parameters/AcceptEncoding" },
  ];
  const name = `${id[0]!.toUpperCase()}${id.slice(1)}`;
  return {
    get: {
      operationId: `get${name}`,
      summary: doc.title,
      description: doc.summary,
      tags: ["documents"],
      security: [],
      parameters,
      responses: { "200": ok, "304": responseRef("NotModified"), "405": responseRef("MethodNotAllowed") },
    },
    head: {
      operationId: `head${name}`,
      summary: `${doc.title} (headers only)`,
      tags: ["documents"],
      security: [],
      parameters,
      responses: { "200": responseRef("HeadersOnly"), "304": responseRef("NotModified") },
    },
    options: preflight("DocumentPreflight", `options${name}`, "documents"),
  };
}

/** The OpenAPI document. */
export function openapi(siteUrl: string) {
  const errorCodes = Object.keys(ERROR_CATALOG);
  return {
    openapi: "3.1.0",
    info: {
      title: SERVICE,
      version: VERSION,
      summary: "Stateless demo escrow and credits engine for agent jobs. No money moves.",
      description: `${DESCRIPTION}\n\nEvery response carries mode demo and money false. Unknown paths answer 404 not_found. Bodies over 65536 bytes answer 413 payload_too_large.`,
      license: { name: "MIT", identifier: "MIT" },
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    servers: [{ url: siteUrl.replace(/\/+$/, ""), description: "This deployment (SITE_URL)." }],
    tags: [
      { name: "engines", description: "POST JSON engines: transition, quote, validate, simulate, verify." },
      { name: "documents", description: "Read-only discovery and reference documents." },
    ],
    security: [{}, { bearerAuth: [] }, { serviceKey: [] }],
    paths: {
      ...Object.fromEntries(ENGINE_ROUTES.map((route) => [enginePath(route), enginePathItem(route)])),
      ...Object.fromEntries(
        DOCUMENT_CATALOG.flatMap((doc) => doc.paths.map((path, i) => [path, documentPathItem(doc, i)])),
      ),
    },
    components: {
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
            "1 to 255 characters. On create the job id is derived from it; echoed on every route. Must equal idempotency_key when both are sent.",
          schema: { type: "string", minLength: 1, maxLength: 255 },
        },
        IfNoneMatch: {
          name: "If-None-Match",
          in: "header",
          required: false,
          description: "An ETag from an earlier response: 304 when it still matches the form this request would get.",
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
        HeadersOnly: { description: "Headers of the GET response, no body." },
        MethodNotAllowed: {
          ...errorResponse(["method_not_allowed"]),
          headers: { Allow: { $ref: "#/components/headers/Allow" } },
        },
        PayloadTooLarge: errorResponse(["payload_too_large"]),
        EnginePreflight: { description: "No content. Access-Control-Allow-Methods: POST, OPTIONS (D17)." },
        DocumentPreflight: { description: "No content. Access-Control-Allow-Methods: GET, HEAD, OPTIONS (D17)." },
      },
      // Every code a path can answer (not_found belongs to no path, so it has no example here).
      examples: Object.fromEntries(
        (Object.keys(ERROR_CATALOG) as ErrorCode[])
          .filter((code) => code !== "not_found")
          .map((code) => [
            code,
            {
              summary: ERROR_CATALOG[code].message,
              value: { ok: false, mode: MODE, money: false, error: code, message: ERROR_CATALOG[code].message },
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
      },
      schemas: {
        Job: jobSchema(),
        Receipt: receiptSchema(),
        TransitionBody: transitionBodySchema(ref("Job")),
        SimulateBody: simulateBodySchema(),
        VerifyBody: verifyBodySchema(ref("Receipt"), ref("Job")),
        ErrorBody: {
          type: "object",
          required: ["ok", "mode", "money", "error", "message"],
          properties: {
            ok: { const: false },
            mode: { const: MODE },
            money: { const: false },
            error: { type: "string", enum: errorCodes },
            message: {
              type: "string",
              description:
                "The catalog message with placeholders filled; on invalid_field, the rule the field broke (settlement.json invalid_field_messages).",
            },
            field: { type: "string", description: "The field, on missing_field and invalid_field." },
            action: { type: ["string", "null"] },
            actions: { type: "array", items: { type: "string" } },
            from: { type: "string", enum: [...STATUSES] },
            expected: { type: "string" },
            needed: integer,
            payer_credits: integer,
            expiresAt: { type: "string" },
            kind: { type: "string", enum: ["schema", "state"], description: "validate only." },
            errors: {
              type: "array",
              description: "validate only: every problem found.",
              items: {
                type: "object",
                required: ["error", "message"],
                properties: { error: { type: "string" }, field: { type: "string" }, message: { type: "string" } },
              },
            },
          },
        },
        TransitionResponse: {
          type: "object",
          required: ["ok", "mode", "money", "action", "job"],
          properties: {
            ...envelope,
            action: { type: "string" },
            job: ref("Job"),
            payer_credits: integer,
            ...money,
            receipt: ref("Receipt"),
            ...keyFields,
            idempotent: { type: "boolean" },
          },
        },
        QuoteResponse: {
          type: "object",
          required: ["ok", "mode", "money", "action", "next_status", "job"],
          properties: {
            ...envelope,
            action: { type: "string" },
            next_status: { type: "string", enum: [...STATUSES] },
            job: ref("Job"),
            ...money,
            payer_credits_after: integer,
            receipt: ref("Receipt"),
            ...keyFields,
          },
        },
        ValidateResponse: {
          type: "object",
          required: ["ok", "mode", "money", "action", "next_status"],
          properties: {
            ...envelope,
            action: { type: "string" },
            next_status: { type: "string", enum: [...STATUSES] },
            ...keyFields,
          },
        },
        SimulateResponse: {
          type: "object",
          required: [
            "ok",
            "mode",
            "money",
            "terminal",
            "steps",
            "job",
            "payer_credits",
            "fee",
            "agent_payout",
            "agent_credits_delta",
            "returned_to_payer",
            "receipt",
          ],
          properties: {
            ...envelope,
            terminal: { type: "string", enum: [...TERMINALS] },
            steps: { type: "array", minItems: 4, maxItems: 4, items: ref("TransitionResponse") },
            job: ref("Job"),
            payer_credits: integer,
            ...money,
            receipt: ref("Receipt"),
            ...keyFields,
            idempotent: { type: "boolean" },
          },
        },
        VerifyResponse: {
          type: "object",
          required: [
            "ok",
            "mode",
            "money",
            "valid",
            "verified",
            "expected",
            "received",
            "mismatches",
            "job_id",
            "action",
          ],
          properties: {
            ...envelope,
            valid: { type: "boolean" },
            verified: { type: "boolean" },
            expected: {
              type: "object",
              properties: { fee: integer, agent_payout: integer, returned_to_payer: integer },
            },
            received: {
              type: "object",
              properties: { fee: integer, agent_payout: integer, returned_to_payer: integer },
            },
            mismatches: {
              type: "array",
              items: {
                type: "object",
                properties: { field: { type: "string" }, expected: integer, received: integer },
              },
            },
            job_id: { type: "string" },
            action: { type: "string", enum: [...TERMINALS] },
            ...keyFields,
          },
        },
      },
    },
  };
}
