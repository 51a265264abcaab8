/**
 * MCP_REVISIONS, the revisions agent.json, llms.txt, server.json and the README name, are the
 * ones the v2 SDK (@modelcontextprotocol/server, pinned) serves, asked over both of its
 * transports the way a client asks: a 2026-07-28 `server/discover` and an unsupported claim,
 * whose error lists the stateless revisions; and a 2025-era `initialize` per revision, which the
 * SDK echoes only for a revision it serves. The server is a bare one from the SDK (the revisions
 * are the SDK's, not our handlers'), over `createMcpHandler` (HTTP) and `serveStdio` (stdio, on an
 * in-memory pipe).
 */
import { describe, expect, test } from "bun:test";
import {
  createMcpHandler,
  InMemoryTransport,
  type JSONRPCMessage,
  LATEST_PROTOCOL_VERSION,
  McpServer,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { MCP_REVISIONS } from "../../shared/protocol/constants.ts";

const [CURRENT, ...LEGACY] = MCP_REVISIONS;
const bareServer = () => new McpServer({ name: "revisions", version: "1" }, { capabilities: { tools: {} } });

/** The `_meta` envelope a 2026-07-28 client puts on every request, claiming `revision`. */
const envelope = (revision: string) => ({
  "io.modelcontextprotocol/protocolVersion": revision,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "revisions-test", version: "1" },
});
const discover = (revision: string) => ({
  jsonrpc: "2.0" as const,
  id: 1,
  method: "server/discover" as const,
  params: { _meta: envelope(revision) },
});
const initialize = (revision: string) => ({
  jsonrpc: "2.0" as const,
  id: 1,
  method: "initialize" as const,
  params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: "revisions-test", version: "1" } },
});
type Message = ReturnType<typeof discover> | ReturnType<typeof initialize>;

/** One request on a fresh connection and its JSON-RPC answer. */
type Ask = (message: Message) => Promise<any>;

/** Streamable HTTP, as /mcp serves it: one POST, the answer as JSON or as the last SSE data line. */
const overHttp: Ask = async (message) => {
  const handler = createMcpHandler(bareServer);
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
  };
  if (message.method === "server/discover") {
    headers["Mcp-Method"] = message.method;
    headers["Mcp-Protocol-Version"] = message.params._meta["io.modelcontextprotocol/protocolVersion"];
  }
  const response = await handler.fetch(
    new Request("http://localhost/mcp", { method: "POST", headers, body: JSON.stringify(message) }),
  );
  const text = await response.text();
  await handler.close();
  const data = text.split("\n").filter((line) => line.startsWith("data:"));
  return JSON.parse(data.length > 0 ? data.at(-1)!.slice(5) : text);
};

/** stdio, as `bun run mcp` serves it: the opening message of a new connection and its answer. */
const overStdio: Ask = async (message) => {
  const [client, server] = InMemoryTransport.createLinkedPair();
  const answered = new Promise<JSONRPCMessage>((resolve) => {
    client.onmessage = resolve;
  });
  await client.start();
  const handle = serveStdio(bareServer, { transport: server });
  await client.send(message);
  const answer = await answered;
  await handle.close();
  return answer;
};

describe.each([
  ["Streamable HTTP (createMcpHandler)", overHttp],
  ["stdio (serveStdio)", overStdio],
] as const)("the v2 SDK over %s serves exactly MCP_REVISIONS", (_transport, ask) => {
  test("server/discover claiming the first revision lists it, and only it, as the stateless revision", async () => {
    expect(CURRENT).toBe("2026-07-28");
    expect((await ask(discover(CURRENT))).result.supportedVersions).toEqual([CURRENT]);
  });

  test("a stateless request claiming another revision is refused with the first revision as the one supported", async () => {
    const { error } = await ask(discover("2099-12-31"));
    expect(error.data).toMatchObject({ supported: [CURRENT], requested: "2099-12-31" });
  });

  test.each(LEGACY)("initialize asking for %s is answered in that revision", async (revision) => {
    expect((await ask(initialize(revision))).result.protocolVersion).toBe(revision);
  });

  test("initialize asking for a revision not listed is answered in the newest legacy one instead", async () => {
    for (const revision of ["2025-01-01", "2024-01-01", CURRENT])
      expect((await ask(initialize(revision))).result.protocolVersion, revision).toBe(LEGACY[0]);
  });
});

test("the legacy revisions are the SDK's own list, in its order, newest (LATEST_PROTOCOL_VERSION) first", () => {
  expect<readonly string[]>(LEGACY).toEqual([...SUPPORTED_PROTOCOL_VERSIONS]);
  expect(LEGACY[0]).toBe(LATEST_PROTOCOL_VERSION);
});
