/**
 * The answers /mcp makes itself, before the SDK is loaded (endpoint.ts) or in place of it
 * (guard.ts): its CORS headers (D17) and preflight, and a refusal as a JSON-RPC error.
 */
import { ALLOW_HEADERS, EXPOSE_HEADERS } from "../../http/cors.ts";

/** The methods it serves. */
export const MCP_METHODS = "POST, OPTIONS";

/** The headers an MCP client sends beyond the engines' (2025 and 2026-07-28). */
const MCP_REQUEST_HEADERS = "Accept, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Session-Id, Last-Event-ID";

/** CORS of every /mcp answer (D17). */
export const MCP_CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": `${EXPOSE_HEADERS}, Mcp-Session-Id, Mcp-Protocol-Version`,
  "Cache-Control": "no-store",
};

/**
 * A JSON-RPC error answer: `status` is the HTTP status, `id` the request's own when the error
 * answers a request (JSON-RPC's null when no request id goes with it).
 */
export const rpcError = (
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
  id: unknown = null,
) =>
  new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id }), {
    status,
    headers: { "Content-Type": "application/json", ...MCP_CORS, ...headers },
  });

/** The CORS preflight of /mcp (D17): the engines' headers and the MCP ones. */
export const mcpPreflightResponse = (): Response =>
  new Response(null, {
    status: 204,
    headers: {
      Allow: MCP_METHODS,
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": MCP_METHODS,
      "Access-Control-Allow-Headers": `${ALLOW_HEADERS}, ${MCP_REQUEST_HEADERS}`,
      "Access-Control-Expose-Headers": MCP_CORS["Access-Control-Expose-Headers"],
      "Access-Control-Max-Age": "86400",
    },
  });
