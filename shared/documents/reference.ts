/**
 * The API reference page's content, read out of the OpenAPI document (and the field tables it
 * was built beside), so the HTML page at /reference/ cannot say something the OpenAPI document
 * does not. Pure data: the Astro page only lays it out, escaping every value.
 */
import { ENGINE_LIST } from "../engine/catalog.ts";
import type { EngineRoute } from "../protocol/constants.ts";
import { ERROR_CATALOG, type ErrorCode } from "../protocol/errors.ts";
import { DOCUMENT_CATALOG, TYPES } from "./document-list.ts";
import { BODY_SCHEMA_PATH } from "./document-paths.ts";
import { JOB_FIELDS, RECEIPT_FIELDS, REQUEST_FIELDS } from "./documented-fields.ts";
import { ERROR_WHEN } from "./error-when.ts";
import { openapi } from "./openapi.ts";

/** One engine operation as the page shows it. */
interface ReferenceEngine {
  route: EngineRoute;
  anchor: string;
  method: "POST";
  path: string;
  summary: string;
  description: string;
  bodySchema: string;
  /** The published JSON Schema of the body. */
  bodySchemaUrl: string;
  responses: { status: string; description: string; codes: string[] }[];
  examples: { name: string; note: string; json: string }[];
}

const pretty = (value: unknown): string => JSON.stringify(value, null, 2);

/** The parts of an OpenAPI response and operation the page reads. */
interface ResponseObject {
  description: string;
  content?: Record<string, { examples?: Record<string, unknown> }>;
}
interface PostOperation {
  summary: string;
  requestBody: {
    content: Record<
      string,
      { schema: { $ref: string }; examples: Record<string, { summary: string; description: string; value: unknown }> }
    >;
  };
  responses: Record<string, ResponseObject | { $ref: string }>;
}

/** The reference page's content for the origin `siteUrl`. */
export function referenceModel(siteUrl: string) {
  const doc = openapi(siteUrl);
  const responses = doc.components.responses as Record<string, ResponseObject>;
  /** A response, or the component its $ref names. */
  const resolve = (response: ResponseObject | { $ref: string }): ResponseObject =>
    "$ref" in response ? responses[response.$ref.split("/").at(-1)!]! : response;
  const engines: ReferenceEngine[] = ENGINE_LIST.map(({ route, path, sentence }) => {
    const post = (doc.paths as unknown as Record<string, { post: PostOperation }>)[path]!.post;
    const body = post.requestBody.content["application/json"]!;
    const schemaRef = body.schema.$ref;
    return {
      route,
      anchor: `post-${route}`,
      method: "POST",
      path,
      summary: post.summary,
      description: sentence,
      bodySchema: schemaRef.split("/").at(-1)!,
      bodySchemaUrl: BODY_SCHEMA_PATH[route],
      responses: Object.entries(post.responses).map(([status, entry]) => {
        const response = resolve(entry);
        // The 200 response has no examples; an error response's examples are keyed by code.
        return {
          status,
          description: response.description,
          codes: Object.keys(response.content?.["application/json"]?.examples ?? {}),
        };
      }),
      examples: Object.values(body.examples).map((example) => ({
        name: example.summary,
        note: example.description,
        json: pretty(example.value),
      })),
    };
  });
  return {
    title: doc.info.title,
    version: doc.info.version,
    summary: doc.info.summary,
    server: doc.servers[0]!.url,
    engines,
    documents: DOCUMENT_CATALOG.map((entry) => ({
      paths: entry.paths,
      title: entry.title,
      summary: entry.summary,
      type: TYPES[entry.kind],
    })),
    errors: Object.entries(ERROR_CATALOG).map(([code, entry]) => ({
      code,
      status: entry.status,
      kind: entry.kind,
      message: entry.message,
      when: ERROR_WHEN[code as ErrorCode],
      extra: entry.extra,
    })),
    requestFields: REQUEST_FIELDS,
    jobFields: JOB_FIELDS,
    receiptFields: RECEIPT_FIELDS,
    security: [
      { name: "Authorization: Bearer <API_KEY>", note: doc.components.securitySchemes.bearerAuth.description },
      { name: "X-Service-Key: <API_KEY>", note: doc.components.securitySchemes.serviceKey.description },
      { name: "Idempotency-Key: <key>", note: doc.components.parameters.IdempotencyKey.description },
      { name: "X-Request-Id: <id>", note: doc.components.parameters.RequestId.description },
    ],
  };
}
