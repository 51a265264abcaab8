/**
 * The path items of the OpenAPI document: each engine's POST and preflight, read from the engine
 * catalog, its examples from examples.json and its errors from the error catalog; each
 * document path's GET, read from the document catalog. openapi.ts lists them with /mcp's
 * (openapi/mcp-path.ts) and the key set's (openapi/jwks-path.ts).
 * A document's HEAD and OPTIONS are stated once, in the documents tag (DOCUMENT_METHODS_TEXT),
 * not as two more operations per path.
 */
import { ENGINES, type EngineEntry } from "../../engine/catalog.ts";
import type { EngineRoute } from "../../protocol/constants.ts";
import { ERROR_CATALOG, type ErrorCode } from "../../protocol/errors.ts";
import { pascal } from "../../schemas/field-components.ts";
import { type DOCUMENT_CATALOG, type DocumentKind, TYPES } from "../document-list.ts";
import { ERROR_WHEN } from "../error-when.ts";
import { exampleList } from "../examples.ts";
import { SIMULATE_LINKS, TRANSITION_LINKS, TRANSITION_SUCCESS } from "./links.ts";

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string) => ({
  $ref: `#/components/responses/${name}`,
});

/** An error response whose examples point at components.examples, one per code. */
export const errorResponse = (codes: readonly ErrorCode[]) => ({
  description: codes.map((code) => `${code}: ${ERROR_WHEN[code]}`).join(" "),
  content: {
    "application/json": {
      schema: schemaRef("ErrorBody"),
      examples: Object.fromEntries(codes.map((code) => [code, { $ref: `#/components/examples/${code}` }])),
    },
  },
});

/** Statuses every engine answers alike: one response component each, not a copy per path. */
export const SHARED_RESPONSES = {
  405: "MethodNotAllowed",
  413: "PayloadTooLarge",
  429: "RateLimited",
  500: "InternalError",
  503: "SealsUnavailable",
} as const satisfies Partial<Record<number, string>>;

/** The request header every operation may send (D22). */
export const REQUEST_ID_PARAMETER = { $ref: "#/components/parameters/RequestId" };

/**
 * What every document path serves besides GET, said once for all of them: HEAD is the GET
 * without its body (RFC 9110) and a GET of a document needs no preflight, so two operations
 * per path would add bytes and generated functions, not facts.
 */
export const DOCUMENT_METHODS_TEXT =
  "Read-only discovery and reference documents. Every document path, the key set's too, also answers HEAD (the GET's status and headers, ETag, Cache-Control and Content-Length among them, without the body; 304 on a matching If-None-Match) and OPTIONS (a CORS preflight: 204, Access-Control-Allow-Methods GET, HEAD, OPTIONS, D17); any other method answers 405 method_not_allowed. A rate limit never counts or refuses them (D23): they are cached, so a client past its limit still reads them.";

/** The error codes an engine answers, by the catalog's routes. */
export const routeErrors = (route: string): ErrorCode[] =>
  (Object.keys(ERROR_CATALOG) as ErrorCode[]).filter((code) =>
    (ERROR_CATALOG[code].routes as readonly string[]).includes(route),
  );

/**
 * The OPTIONS operation of a POST path: a CORS preflight (D17), its headers stated once in its
 * 204 (EnginePreflight); a `description` only where a path adds to them (/mcp).
 */
export const preflightOperation = (operationId: string, tag: string, description?: string) => ({
  summary: "CORS preflight",
  ...(description !== undefined && { description }),
  operationId,
  tags: [tag],
  security: [],
  responses: { "204": responseRef("EnginePreflight") },
});

const STATUS_NAMES: Partial<Record<number, string>> = { 400: "BadRequest", 409: "Conflict" };

/**
 * The error responses of the engines, each stated once: per engine, its statuses and the
 * response component of each. A status whose codes several engines share is one component
 * (BadRequest); codes only one engine answers carry its name (SimulateConflict).
 */
export function engineErrors() {
  const byEngine = new Map<EngineRoute, [status: string, component: string][]>();
  const users = new Map<string, EngineRoute[]>();
  const lists = new Map<string, ErrorCode[]>();
  for (const engine of Object.values(ENGINES)) {
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of [...routeErrors(engine.route), "internal_error" as const]) {
      const status = ERROR_CATALOG[code].status;
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    for (const [status, codes] of byStatus) {
      const key = `${status} ${codes.join(",")}`;
      users.set(key, [...(users.get(key) ?? []), engine.route]);
      lists.set(key, codes);
    }
    byEngine.set(
      engine.route,
      [...byStatus].map(([status, codes]) => [String(status), `${status} ${codes.join(",")}`]),
    );
  }
  const names = new Map<string, string>();
  for (const [key, routes] of users) {
    const status = Number(key.split(" ")[0]);
    const shared = SHARED_RESPONSES[status as keyof typeof SHARED_RESPONSES];
    const base = shared ?? STATUS_NAMES[status] ?? `Status${status}`;
    names.set(key, shared !== undefined || routes.length > 1 ? base : `${pascal(routes[0]!)}${base}`);
  }
  const components = Object.fromEntries(
    [...lists]
      .filter(([key]) => !Object.values(SHARED_RESPONSES).includes(names.get(key) as never))
      .map(([key, codes]) => [names.get(key)!, errorResponse(codes)]),
  );
  const responsesOf = (route: EngineRoute) =>
    Object.fromEntries(byEngine.get(route)!.map(([status, key]) => [status, responseRef(names.get(key)!)]));
  return { components, responsesOf };
}

/** The links of each engine's 200 answer, where it has any. */
const ENGINE_LINKS: Partial<Record<EngineRoute, object>> = { transition: TRANSITION_LINKS, simulate: SIMULATE_LINKS };

/** The path item of an engine. */
export function enginePathItem(engine: EngineEntry) {
  const codes = routeErrors(engine.route);
  const examples = exampleList().filter((e) => e.route === engine.route);
  return {
    post: {
      operationId: engine.route,
      summary: engine.summary,
      description: `${engine.sentence} Errors: ${codes.join(", ")}.`,
      tags: ["engines"],
      security: [{}, { bearerAuth: [] }, { serviceKey: [] }],
      parameters: [{ $ref: "#/components/parameters/IdempotencyKey" }, REQUEST_ID_PARAMETER],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: schemaRef(engine.bodySchema),
            examples: Object.fromEntries(
              examples.map((e, i) => [`example${i + 1}`, { summary: e.name, description: e.note, value: e.body }]),
            ),
          },
        },
      },
      responses: {
        "200": {
          description: engine.route === "transition" ? TRANSITION_SUCCESS : "Success.",
          content: { "application/json": { schema: schemaRef(engine.responseSchema) } },
          ...(ENGINE_LINKS[engine.route] && { links: ENGINE_LINKS[engine.route] }),
        },
        ...engineErrors().responsesOf(engine.route),
      },
    },
    options: preflightOperation(`${engine.route}Preflight`, "engines"),
  };
}

/** The 200 response of a document of each kind: one component each (the operation says which document). */
export const DOCUMENT_RESPONSES = {
  json: "JsonDocument",
  markdown: "MarkdownDocument",
  text: "TextDocument",
  xml: "XmlDocument",
} as const satisfies Record<DocumentKind, string>;

/** The 200 response of a document of `kind`: its content type, and the caching and coding headers. */
export const documentResponse = (kind: DocumentKind) => ({
  description: "The document, as its operation describes it.",
  headers: {
    ETag: { $ref: "#/components/headers/ETag" },
    "Cache-Control": { $ref: "#/components/headers/CacheControl" },
    "Content-Encoding": { $ref: "#/components/headers/ContentEncoding" },
    Vary: { $ref: "#/components/headers/Vary" },
  },
  content: { [TYPES[kind].split(";")[0]!]: { schema: kind === "json" ? { type: "object" } : { type: "string" } } },
});

/** The path item of a document's `index`th path (its aliases after the first): its GET. */
export function documentPathItem(doc: (typeof DOCUMENT_CATALOG)[number], index: number) {
  const id = `${doc.key.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}${index === 0 ? "" : `Alias${index}`}`;
  const name = `${id[0]!.toUpperCase()}${id.slice(1)}`;
  return {
    parameters: [
      { $ref: "#/components/parameters/IfNoneMatch" },
      { $ref: "#/components/parameters/AcceptEncoding" },
      REQUEST_ID_PARAMETER,
    ],
    get: {
      operationId: `get${name}`,
      summary: doc.title,
      description: doc.summary,
      tags: ["documents"],
      security: [],
      responses: {
        "200": responseRef(DOCUMENT_RESPONSES[doc.kind]),
        "304": responseRef("NotModified"),
        "500": responseRef("InternalError"),
      },
    },
  };
}
