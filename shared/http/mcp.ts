/**
 * POST /mcp (D24): the engines as MCP tools over Streamable HTTP, stateless (no session: the client
 * holds the job, as everywhere else). Each request gets its own SDK server and transport with
 * JSON answers; the body limit (D9) holds as on the engines, and the service's error boundary
 * (D21) around it. The SDK and the MCP server load on the first POST (the SDK takes about
 * 60 ms to import, which a start of the engines need not pay). GET and DELETE answer 405, which is how the MCP specification lets a server
 * say it offers no standalone stream and no sessions to end. CORS as for the engines (D17),
 * plus the MCP headers.
 */
import type { DocumentSettings } from "../documents/index.ts";
import type { EngineContext } from "../engine/context.ts";
import { MCP_INSTRUCTIONS } from "../mcp/instructions.ts";
import type { Resources } from "../mcp/resources.ts";
import { LIMITS, MCP_PATH, VERSION } from "../protocol/constants.ts";

export { MCP_PATH };

import { readBody } from "./body-limit.ts";
import { ALLOW_HEADERS, EXPOSE_HEADERS } from "./cors.ts";
import { type ErrorReporter, notify } from "./error-boundary.ts";
import { HeaderTextReader } from "./header-text.ts";
import type { McpGuard } from "./mcp-guard.ts";
import { tooLarge } from "./responses.ts";

/** The methods it serves. */
export const MCP_METHODS = "POST, OPTIONS";

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": `${EXPOSE_HEADERS}, Mcp-Session-Id, Mcp-Protocol-Version`,
  "Cache-Control": "no-store",
};

/** A JSON-RPC error answer that no request id goes with. */
const rpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "Content-Type": "application/json", ...CORS, ...headers },
  });

/** The CORS preflight of /mcp (D17): the engines' headers and the MCP ones. */
export const mcpPreflight = (): Response =>
  new Response(null, {
    status: 204,
    headers: {
      Allow: MCP_METHODS,
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": MCP_METHODS,
      "Access-Control-Allow-Headers": `${ALLOW_HEADERS}, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID`,
      "Access-Control-Expose-Headers": CORS["Access-Control-Expose-Headers"],
      "Access-Control-Max-Age": "86400",
    },
  });

/** The SDK's transport and the MCP server's modules, imported when first needed. */
async function loadModules() {
  const [transport, server, box, resources] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
    import("../mcp/server.ts"),
    import("../mcp/engine-box.ts"),
    import("../mcp/resources.ts"),
  ]);
  return {
    WebStandardStreamableHTTPServerTransport: transport.WebStandardStreamableHTTPServerTransport,
    createMcpServer: server.createMcpServer,
    engineBox: box.engineBox,
    documentResources: resources.documentResources,
  };
}

/** Answers a request to /mcp (id: the request's, for an error body). */
export type McpEndpoint = (request: Request, id: string) => Promise<Response>;

/**
 * The /mcp endpoint of a service whose documents live at `settings.siteUrl`; `report` gets an
 * exception a tool call met (the call itself answers internal_error, D21).
 */
export function mcpEndpoint(
  settings: DocumentSettings,
  context: () => EngineContext,
  report: ErrorReporter | undefined,
  guard: McpGuard = () => undefined,
): McpEndpoint {
  let resources: Resources | undefined;
  let modules: ReturnType<typeof loadModules> | undefined;
  return async (request, id) => {
    const refused = guard(request);
    if (refused) return refused;
    if (request.method === "OPTIONS") return mcpPreflight();
    if (request.method !== "POST") return rpcError(405, -32000, "Method not allowed.", { Allow: MCP_METHODS });
    const bytes = await readBody(request, LIMITS.bodyBytesMax);
    if (bytes === null) return tooLarge(id);
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    } catch {
      return rpcError(400, -32700, "Parse error: the body is not JSON.");
    }
    modules ??= loadModules();
    const { WebStandardStreamableHTTPServerTransport, createMcpServer, engineBox, documentResources } = await modules;
    resources ??= documentResources(settings);
    const server = createMcpServer({
      boxes: [engineBox(context, new HeaderTextReader(request.headers), (error) => notify(error, request, report))],
      resources,
      instructions: MCP_INSTRUCTIONS,
      version: VERSION,
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      const answer = await transport.handleRequest(request, { parsedBody });
      const headers = new Headers(answer.headers);
      for (const [name, value] of Object.entries(CORS)) headers.set(name, value);
      return new Response(answer.body, { status: answer.status, headers });
    } finally {
      await server.close();
    }
  };
}
