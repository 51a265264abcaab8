/**
 * One MCP server (D24) over tool boxes, resources and the walk prompt, on the SDK's low-level Server
 * (tools/list, tools/call, resources/list, resources/read, prompts/list, prompts/get). The
 * remote endpoint (http/mcp.ts) builds one per request with the engine tools; the local stdio
 * server adds the wallet tools. An unknown tool, resource or prompt is a JSON-RPC error; a tool
 * that refuses answers a result with isError.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { SERVICE } from "../protocol/constants.ts";
import { WALK_PROMPT, walkMessages } from "./prompts.ts";
import type { Resources } from "./resources.ts";
import type { ToolDefinition, ToolResult } from "./tools.ts";

/** Tools and how to call them: `call` answers undefined for a name that is not its own. */
export interface ToolBox {
  tools: ToolDefinition[];
  call(name: string, args: Record<string, unknown>): ToolResult | Promise<ToolResult> | undefined;
}

/** What an MCP server of this service offers. */
export interface McpSetup {
  boxes: ToolBox[];
  resources: Resources;
  /** Shown to the client at initialize. */
  instructions: string;
  version: string;
}

/** A server with every handler set; connect it to one transport. */
export function createMcpServer(setup: McpSetup): Server {
  const server = new Server(
    { name: SERVICE, title: "Agent escrow demo", version: setup.version },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: setup.instructions },
  );
  const tools = setup.boxes.flatMap((box) => box.tools);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const args = request.params.arguments ?? {};
    for (const box of setup.boxes) {
      const result = box.call(request.params.name, args);
      if (result !== undefined) return await result;
    }
    throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: setup.resources.list }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const content = setup.resources.read(request.params.uri);
    if (!content) throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${request.params.uri}`);
    return { contents: [content] };
  });
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [WALK_PROMPT] }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    if (request.params.name !== WALK_PROMPT.name)
      throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`);
    return { description: WALK_PROMPT.description, messages: walkMessages(request.params.arguments ?? {}) };
  });
  return server;
}
