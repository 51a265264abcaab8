/**
 * The path item of POST /mcp: one JSON-RPC message of the Model Context Protocol (Streamable
 * HTTP, stateless) in, its JSON answer out. The tools, resources and prompt it offers are
 * MCP's own to list (tools/list, resources/list, prompts/list); this document only says where.
 */
import { ENGINE_LIST } from "../../engine/catalog.ts";
import { LIMITS } from "../../protocol/constants.ts";
import { REQUEST_ID_PARAMETER, responseRef } from "./paths.ts";

const rpc = { type: "object", required: ["jsonrpc"], properties: { jsonrpc: { const: "2.0" } } };

/** POST and the preflight of /mcp; GET and DELETE answer 405 (no stream, no sessions). */
export const mcpPathItem = () => ({
  post: {
    operationId: "mcp",
    summary: "MCP endpoint (Streamable HTTP)",
    description: `The engines as Model Context Protocol tools (${ENGINE_LIST.map((e) => e.tool).join(", ")}), the documents as resources and a walk prompt. Stateless: no Mcp-Session-Id; the client holds the job. Send Accept: application/json, text/event-stream. A refused call is a tool result with isError and the error body; a malformed message gets a JSON-RPC error. Bodies over ${LIMITS.bodyBytesMax} bytes answer 413 payload_too_large. GET and DELETE answer 405.`,
    tags: ["mcp"],
    security: [{}, { bearerAuth: [] }, { serviceKey: [] }],
    parameters: [REQUEST_ID_PARAMETER],
    requestBody: { required: true, content: { "application/json": { schema: rpc } } },
    responses: {
      "200": { description: "The JSON-RPC answer.", content: { "application/json": { schema: rpc } } },
      "400": {
        description: "A body that is not a JSON-RPC message.",
        content: { "application/json": { schema: rpc } },
      },
      "413": responseRef("PayloadTooLarge"),
      "429": responseRef("RateLimited"),
      "500": responseRef("InternalError"),
    },
  },
  options: {
    summary: "CORS preflight",
    description: "204 with the engines' CORS headers plus the MCP request headers (D17, D24).",
    operationId: "mcpPreflight",
    tags: ["mcp"],
    security: [],
    responses: { "204": responseRef("EnginePreflight") },
  },
});
