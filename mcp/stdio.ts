/**
 * `bun run mcp` (D24): the local MCP server for desktop agents that start a tool process (stdio).
 * The five engine tools run the engine in this process (no network, the real clock), and the
 * wallet tools keep a demo payer's credits, escrow and agent wallet in a demo pack file:
 * ESCROW_PACK, or ~/.agent-escrow-demo/pack.json by default (pack-file.ts). ESCROW_DEMO_KEY,
 * when set, is the demo key of every call that names none (D14); only its key_id ever shows.
 * Nothing but JSON-RPC goes to stdout; notes go to stderr.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { localApi, randomHex } from "../client/local.ts";
import { engineBox } from "../shared/mcp/engine-box.ts";
import { MCP_INSTRUCTIONS } from "../shared/mcp/instructions.ts";
import { documentResources } from "../shared/mcp/resources.ts";
import { createMcpServer } from "../shared/mcp/server.ts";
import { DEFAULT_SITE_URL, VERSION } from "../shared/protocol/constants.ts";
import { packPath } from "./pack-file.ts";
import { walletBox } from "./wallet-box.ts";

/**
 * A line that is not JSON gets JSON-RPC's parse error, and JSON that is not a JSON-RPC message
 * its invalid request error (id null, as JSON-RPC 2.0 answers a message it cannot read); the SDK
 * transport would otherwise drop the line without a word.
 */
function answerBadLines(transport: StdioServerTransport): void {
  const onerror = transport.onerror;
  transport.onerror = (error) => {
    onerror?.(error);
    const parse = error instanceof SyntaxError;
    if (!parse && error.name !== "ZodError") return;
    const answer = {
      jsonrpc: "2.0",
      id: null,
      error: parse ? { code: -32700, message: "Parse error" } : { code: -32600, message: "Invalid Request" },
    };
    void transport.send(answer as unknown as JSONRPCMessage);
  };
}

const path = packPath();
const demoKey = process.env.ESCROW_DEMO_KEY || undefined;
const headers = {
  get: (name: string) => (demoKey && name.toLowerCase() === "authorization" ? `Bearer ${demoKey}` : null),
};

/** An exception a tool call met: its name and message to stderr, never its arguments (they may hold a demo key). */
const report = (error: unknown) =>
  console.error(`agent-escrow-demo MCP: internal error: ${error instanceof Error ? error.message : String(error)}`);

const server = createMcpServer({
  boxes: [engineBox(() => ({ now: Date.now(), randomHex }), headers, report), walletBox(path, localApi({ demoKey }))],
  resources: documentResources({ siteUrl: process.env.SITE_URL || DEFAULT_SITE_URL }),
  instructions: `${MCP_INSTRUCTIONS} The wallet_* tools keep a demo wallet in the pack file ${path}, which the web UI can import and export.`,
  version: VERSION,
});
const transport = new StdioServerTransport();
await server.connect(transport);
answerBadLines(transport);
console.error(`agent-escrow-demo MCP server on stdio; demo pack: ${path}`);
