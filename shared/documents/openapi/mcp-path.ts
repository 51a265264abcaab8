/**
 * The path item of POST /mcp: one JSON-RPC message of the Model Context Protocol (Streamable
 * HTTP, stateless) in, its answer out: JSON for a client of the current revision
 * (MCP_REVISIONS[0]), JSON or a short event stream for a 2025-era one. The tools, resources and prompt it offers are MCP's own to list
 * (tools/list, resources/list, prompts/list); this document only says where, and what the
 * transport requires of a request (the Accept header, the current revision's headers).
 */
import { ENGINE_LIST } from "../../engine/catalog.ts";
import { LIMITS, MCP_REVISIONS } from "../../protocol/constants.ts";
import { preflightOperation, REQUEST_ID_PARAMETER, responseRef } from "./paths.ts";

const rpc = { type: "object", required: ["jsonrpc"], properties: { jsonrpc: { const: "2.0" } } };

/** The current revision, the one whose requests carry the MCP headers. */
const CURRENT = MCP_REVISIONS[0];

/** The current revision's request headers: optional here, since a 2025-era client sends none of them. */
const header = (name: string, description: string) => ({
  name,
  in: "header",
  required: false,
  description,
  schema: { type: "string" },
});
const MCP_HEADERS = [
  header("Mcp-Protocol-Version", `The revision the client speaks: ${CURRENT}, or a 2025-era one after initialize.`),
  header("Mcp-Method", `${CURRENT}: the JSON-RPC method of the body; a mismatch answers 400.`),
  header(
    "Mcp-Name",
    `${CURRENT}: the tool, prompt or resource the body names (tools/call, prompts/get, resources/read).`,
  ),
];

/** POST and the preflight of /mcp; GET and DELETE answer 405 (no stream, no sessions). */
export const mcpPathItem = () => ({
  post: {
    operationId: "mcp",
    summary: "MCP endpoint (Streamable HTTP)",
    description: `The engines as Model Context Protocol tools (${ENGINE_LIST.map((e) => e.tool).join(", ")}), the documents as resources and a walk prompt, for clients of the ${CURRENT} revision (stateless: the revision and capabilities in each request's _meta, server/discover) and of the earlier revisions (${MCP_REVISIONS.slice(1).join(", ")}: initialize, answered without a session). No Mcp-Session-Id; the client holds the job. Every request must send Accept: application/json, text/event-stream (both; 406 otherwise). A refused call is a tool result with isError and the error body of the engine's catalog (seals_unavailable too, on every tool call, when the service requires seals but has no usable key, D27); a malformed message gets a JSON-RPC error. Bodies over ${LIMITS.bodyBytesMax} bytes answer 413 with a JSON-RPC error (D9's limit). GET and DELETE answer 405.`,
    tags: ["mcp"],
    security: [{}, { bearerAuth: [] }, { serviceKey: [] }],
    parameters: [REQUEST_ID_PARAMETER, ...MCP_HEADERS],
    requestBody: { required: true, content: { "application/json": { schema: rpc } } },
    responses: {
      "200": {
        description: "The JSON-RPC answer: JSON, or (2025-era clients) an event stream whose last event is it.",
        content: {
          "application/json": { schema: rpc },
          "text/event-stream": {
            schema: { type: "string", description: "Server-sent events; each data line a JSON-RPC message." },
          },
        },
      },
      "400": {
        description: `A body that is not a JSON-RPC message, or ${CURRENT} headers that do not match it.`,
        content: { "application/json": { schema: rpc } },
      },
      "403": {
        description:
          "A browser page's Origin that is not the deployment's own or in MCP_ALLOWED_ORIGINS, or a Host that is a name other than this machine's, SITE_URL's or one in MCP_ALLOWED_HOSTS (on loopback, also any address but this machine's): the transport's DNS-rebinding check.",
        content: { "application/json": { schema: rpc } },
      },
      "406": {
        description: "The request's Accept header does not name both application/json and text/event-stream.",
        content: { "application/json": { schema: rpc } },
      },
      "413": {
        description: `A body over ${LIMITS.bodyBytesMax} bytes (D9), by Content-Length or as it streams in; the connection is closed.`,
        content: { "application/json": { schema: rpc } },
      },
      "429": responseRef("RateLimited"),
      "500": responseRef("InternalError"),
    },
  },
  options: preflightOperation(
    "mcpPreflight",
    "mcp",
    "204 with the engines' CORS headers plus the MCP request headers (D17, D24).",
  ),
});
