/**
 * The OpenAPI 3.1 document (/settlement.openapi.json = /openapi.json = /api/openapi.json):
 * every engine and document path (openapi/paths.ts), request bodies and answers from the
 * generated schemas with each schema stated once (openapi/components.ts), every response status
 * with the error envelope, the optional demo key, the Idempotency-Key header and examples taken
 * from examples.json (bodies the engine accepts).
 */

import { ENGINES } from "../engine/catalog.ts";
import { LIMITS, MCP_PATH, SERVICE, VERSION } from "../protocol/constants.ts";
import { DESCRIPTION } from "./discovery.ts";
import { DOCUMENT_CATALOG, KEY_SET } from "./document-list.ts";
import { components } from "./openapi/components.ts";
import { jwksPathItem } from "./openapi/jwks-path.ts";
import { mcpPathItem } from "./openapi/mcp-path.ts";
import { DOCUMENT_METHODS_TEXT, documentPathItem, enginePathItem } from "./openapi/paths.ts";
import { x402PathItems } from "./openapi/x402-paths.ts";

type ResponseObject = { $ref?: string; headers?: Record<string, unknown> };

/**
 * Every response carries X-Request-Id (D22), so every response object states it: added here,
 * once, to each response the paths and components define (a $ref points at one of those).
 */
function stateRequestIds<T extends { paths: object; components: { responses: object } }>(doc: T): T {
  const stamp = (response: ResponseObject) => {
    if (response.$ref === undefined)
      response.headers = { "X-Request-Id": { $ref: "#/components/headers/RequestId" }, ...response.headers };
  };
  for (const item of Object.values(doc.paths) as Record<string, { responses?: Record<string, ResponseObject> }>[])
    for (const operation of Object.values(item)) Object.values(operation.responses ?? {}).forEach(stamp);
  Object.values(doc.components.responses as Record<string, ResponseObject>).forEach(stamp);
  return doc;
}

/** Every path item: the engines (SETTLEMENT.md's order), the MCP endpoint, every document path, the key set, then x402's (D30). */
const pathItems = () => ({
  ...Object.fromEntries(Object.values(ENGINES).map((engine) => [engine.path, enginePathItem(engine)])),
  [MCP_PATH]: mcpPathItem(),
  ...Object.fromEntries(
    DOCUMENT_CATALOG.flatMap((doc) => doc.paths.map((path, i) => [path, documentPathItem(doc, i)])),
  ),
  [KEY_SET.path]: jwksPathItem(),
  ...x402PathItems(),
});

/** The OpenAPI document. */
export function openapi(siteUrl: string) {
  return stateRequestIds({
    openapi: "3.1.0",
    info: {
      title: SERVICE,
      version: VERSION,
      summary: "Stateless demo escrow and credits engine for agent jobs. No money moves.",
      description: `${DESCRIPTION}\n\nEvery response carries mode demo and money false. Unknown paths answer 404 not_found. Bodies over ${LIMITS.bodyBytesMax} bytes answer 413 payload_too_large. Every response carries X-Request-Id (D22). 429 rate_limited happens only where the operator enabled a rate limit (D23; off by default), and only on the engines and /mcp: documents and the site's files are never counted.`,
      license: { name: "MIT", identifier: "MIT" },
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    servers: [{ url: siteUrl.replace(/\/+$/, ""), description: "This deployment (SITE_URL)." }],
    tags: [
      { name: "engines", description: "POST JSON engines: transition, quote, validate, simulate, verify." },
      { name: "mcp", description: "The engines as Model Context Protocol tools, over Streamable HTTP." },
      { name: "documents", description: DOCUMENT_METHODS_TEXT },
      {
        name: "x402",
        description: "Funding a job over x402 in demo credits, and the demo network's facilitator (D30).",
      },
    ],
    security: [{}, { bearerAuth: [] }, { serviceKey: [] }],
    paths: pathItems(),
    components: components(),
  });
}
