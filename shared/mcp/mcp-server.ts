/**
 * One MCP server (D24) over tool boxes, resources and the walk prompt, on the official SDK's
 * low-level `Server` (v2), which serves the 2026-07-28 revision and 2025-era clients alike.
 * The low-level server and not `McpServer`: McpServer judges tool arguments with the SDK's own
 * validator first, and here the engine is the judge (a bad argument is the catalog's error, D8,
 * as on HTTP). The remote endpoint (http/endpoint.ts) builds one per request with the engine tools;
 * the local stdio server adds the wallet tools. An unknown tool or prompt, or bad prompt
 * arguments, is JSON-RPC's invalid params; an unknown resource is invalid params with its URI
 * (`data.uri`); a tool that refuses answers a result with isError.
 */
import {
  type CacheHint,
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type InputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  Server,
  type ServerContext,
  type Tool,
} from "@modelcontextprotocol/server";
import { DOCUMENT_CACHE_SECONDS, SERVICE } from "../protocol/constants.ts";
import { portableTools } from "./portable-schema.ts";
import { ENGINE_WALK, WALK_PROMPT, type Walk, walkArguments, walkMessages } from "./prompts.ts";
import type { Resources } from "./resources.ts";
import type { ToolDefinition } from "./tools.ts";

/** What a tool call answers: a result, or (2026-07-28) a request for the client's input first. */
export type ToolAnswer = CallToolResult | InputRequiredResult;

/** What a tool call knows of its request beyond the arguments. */
export interface ToolCallContext {
  /** The SDK's handler context: inputResponses and the verified requestState of a retried call. */
  mcp: ServerContext;
  /** What the client declared it can do: the request's own (2026-07-28) or its initialize's (2025). */
  clientCapabilities: ClientCapabilities | undefined;
}

/** Tools and how to call them: `call` answers undefined for a name that is not its own. */
export interface ToolBox {
  tools: ToolDefinition[];
  call(
    name: string,
    args: Record<string, unknown>,
    context: ToolCallContext,
  ): ToolAnswer | Promise<ToolAnswer> | undefined;
}

/** What an MCP server of this service offers. */
export interface McpSetup {
  boxes: ToolBox[];
  resources: Resources;
  /** Shown to the client at initialize and server/discover. */
  instructions: string;
  version: string;
  /** How walk_a_job walks a job here: with the engine tools unless the server says otherwise. */
  walk?: Walk;
  /** Checks an echoed requestState before any handler runs (the wallet's confirmations); throws to refuse it. */
  verifyRequestState?: (state: string, context: ServerContext) => unknown | Promise<unknown>;
}

/**
 * How long a client may keep a list or a document (2026-07-28 `ttlMs` / `cacheScope`): the
 * lists and documents are the same for every caller and change only with a new version, so
 * public, as long as the documents' own Cache-Control says.
 */
const CACHE: CacheHint = { ttlMs: DOCUMENT_CACHE_SECONDS * 1000, cacheScope: "public" };
const CACHE_HINTS = {
  "tools/list": CACHE,
  "prompts/list": CACHE,
  "resources/list": CACHE,
  "resources/templates/list": CACHE,
  "resources/read": CACHE,
  "server/discover": CACHE,
};

/** The capabilities of this request's client: its `_meta` envelope (2026-07-28), else its initialize (2025). */
function clientCapabilities(server: Server, context: ServerContext): ClientCapabilities | undefined {
  const envelope = context.mcpReq.envelope as Record<string, unknown> | undefined;
  return (envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ?? server.getClientCapabilities();
}

/** JSON-RPC's invalid params, with a message that says what to send. */
export const invalidParams = (message: string) => new ProtocolError(ProtocolErrorCode.InvalidParams, message);

/** A server with every handler set; connect it to one transport (or hand it to a serving entry). */
export function createMcpServer(setup: McpSetup): Server {
  const server = new Server(
    { name: SERVICE, title: "Agent escrow demo", version: setup.version },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions: setup.instructions,
      cacheHints: CACHE_HINTS,
      ...(setup.verifyRequestState && { requestState: { verify: setup.verifyRequestState } }),
    },
  );
  // Our schemas are JSON Schema objects; the SDK types them as JSON values.
  const tools = setup.boxes.flatMap((box) => portableTools(box.tools)) as unknown as Tool[];
  server.setRequestHandler("tools/list", () => ({ tools }));
  server.setRequestHandler("tools/call", async (request, mcp) => {
    const args = request.params.arguments ?? {};
    const context = { mcp, clientCapabilities: clientCapabilities(server, mcp) };
    for (const box of setup.boxes) {
      const result = box.call(request.params.name, args, context);
      if (result !== undefined) return await result;
    }
    throw invalidParams(`Unknown tool: ${request.params.name}. tools/list names every tool.`);
  });
  server.setRequestHandler("resources/list", () => ({ resources: setup.resources.list }));
  server.setRequestHandler("resources/templates/list", () => ({ resourceTemplates: [] }));
  server.setRequestHandler("resources/read", (request) => {
    const content = setup.resources.read(request.params.uri);
    if (!content) throw new ResourceNotFoundError(request.params.uri);
    return { contents: [content] };
  });
  const walk = setup.walk ?? ENGINE_WALK;
  server.setRequestHandler("prompts/list", () => ({
    prompts: [{ ...WALK_PROMPT, description: walk.description, arguments: [...WALK_PROMPT.arguments] }],
  }));
  server.setRequestHandler("prompts/get", (request) => {
    if (request.params.name !== WALK_PROMPT.name)
      throw invalidParams(`Unknown prompt: ${request.params.name}. prompts/list names every prompt.`);
    const args = walkArguments(request.params.arguments ?? {});
    if (!args.ok) throw invalidParams(args.message);
    return { description: walk.description, messages: walkMessages(args.value, walk) };
  });
  return server;
}
