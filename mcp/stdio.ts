/**
 * `bun run mcp` (D24): the local MCP server for desktop agents that start a tool process (stdio),
 * served by the SDK's `serveStdio` to 2026-07-28 clients and to 2025-era ones (initialize).
 * The five engine tools run the engine in this process (no network, the real clock), and the
 * wallet tools keep a demo payer's credits, escrow and agent wallet in a demo pack file:
 * ESCROW_PACK, or ~/.agent-escrow-demo/pack.json by default (pack-file.ts). ESCROW_DEMO_KEY,
 * when set, is the demo key of every call that names none (D14); only its key_id ever shows.
 * Jobs are sealed and receipts signed (D27) with the service's own signing settings (SEALS,
 * SIGNING_KEY, else the default key file), so what an agent gets here verifies against the JWKS
 * of a service on the same machine.
 * Nothing but JSON-RPC goes to stdout; notes go to stderr.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
import { cryptoRandomHex, localApi } from "../client/in-process.ts";
import { keyFilePath, withKeyFile } from "../keys/key-file.ts";
import { sealingOf, signingSettings } from "../keys/key-settings.ts";
import { refuseToStart } from "../keys/refuse-to-start.ts";
import { engineBox } from "../shared/mcp/engine-box.ts";
import { MCP_INSTRUCTIONS } from "../shared/mcp/instructions.ts";
import { createMcpServer } from "../shared/mcp/mcp-server.ts";
import { documentResources, STDIO_RESOURCE_ORIGIN } from "../shared/mcp/resources.ts";
import { DEFAULT_SITE_URL, VERSION } from "../shared/protocol/constants.ts";
import { SettingError } from "../shared/settings/setting-error.ts";
import { packName, packOf } from "./pack-file.ts";
import { jsonLines } from "./stdin-lines.ts";
import { walletBox } from "./wallet-box.ts";
import { WALLET_WALK } from "./wallet-walk.ts";

const pack = packOf();

/** The signing settings, as the HTTP service reads them; a bad one stops the start with its one line. */
function readSealing() {
  try {
    const signing = withKeyFile(signingSettings(process.env), keyFilePath(process.env));
    if (signing.warning) process.stderr.write(`agent-escrow-demo MCP: ${signing.warning}\n`);
    return sealingOf(signing);
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    refuseToStart(`agent-escrow-demo MCP: ${error.message}`);
  }
}
const sealing = readSealing();

/** ESCROW_CONFIRM: `required` refuses a release or dispute no person can confirm; unset or blank, such a client is not asked. */
function confirmSetting(value: string | undefined): boolean {
  const text = value?.trim().toLowerCase() ?? "";
  if (text === "required") return true;
  if (text === "") return false;
  refuseToStart(`agent-escrow-demo MCP: ESCROW_CONFIRM must be required or unset; got ${JSON.stringify(value)}.`);
}
const demoKey = process.env.ESCROW_DEMO_KEY || undefined;
const headers = {
  get: (name: string) => (demoKey && name.toLowerCase() === "authorization" ? `Bearer ${demoKey}` : null),
};

/** An exception a tool call met: its message to stderr, never its arguments (they may hold a demo key). */
const report = (error: unknown) =>
  console.error(`agent-escrow-demo MCP: internal error: ${error instanceof Error ? error.message : String(error)}`);

const engine = engineBox(() => ({ now: Date.now(), randomHex: cryptoRandomHex, sealing }), headers, report);
const wallet = walletBox(pack, localApi({ demoKey, sealing }), {
  confirmRequired: confirmSetting(process.env.ESCROW_CONFIRM),
  // A receipt is checked against the public keys of the signer this process signs with (D27).
  keys: sealing?.signer ? { keys: sealing.signer.keys } : undefined,
});
/** Without SITE_URL nothing serves the documents' pages: their resources get URIs no one fetches. */
const siteUrl = process.env.SITE_URL || undefined;
const resources = documentResources({ siteUrl: siteUrl ?? DEFAULT_SITE_URL }, siteUrl ?? STDIO_RESOURCE_ORIGIN);
const instructions = `${MCP_INSTRUCTIONS} The wallet_* tools keep a demo wallet in ${packName(pack)}, which the web UI can import and export; wallet_release and wallet_dispute ask a person to confirm first when the client can ask (elicitation).`;

/** JSON that is not a JSON-RPC message: JSON-RPC's invalid request (id null), and a short note to stderr. */
function onError(error: Error): void {
  if (error.name !== "ZodError") {
    console.error(`agent-escrow-demo MCP: ${error.message}`);
    return;
  }
  console.error("agent-escrow-demo MCP: a line that is not a JSON-RPC message was refused.");
  const answer = { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request" } };
  void transport.send(answer as unknown as JSONRPCMessage);
}

const transport = new StdioServerTransport(
  jsonLines(process.stdin, (line) => process.stdout.write(line)),
  process.stdout,
);
serveStdio(
  () =>
    createMcpServer({
      boxes: [engine, wallet.box],
      resources,
      instructions,
      version: VERSION,
      walk: WALLET_WALK,
      verifyRequestState: wallet.verifyRequestState,
    }),
  {
    transport,
    onerror: onError,
  },
);
console.error(`agent-escrow-demo MCP server on stdio; demo pack: ${pack.path}`);
