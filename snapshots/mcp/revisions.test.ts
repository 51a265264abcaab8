/**
 * MCP_REVISIONS, the revisions agent.json, llms.txt, server.json and the README name, are the
 * ones /mcp and the stdio server serve, asked the way a client asks: a 2026-07-28
 * `server/discover`, and a claim of another revision, whose error lists the stateless revisions
 * served (a 2025-era header naming another revision: every revision, shared/mcp/http/protocol-version.ts); and a
 * 2025-era `initialize` per revision, which is answered in that revision only when
 * it is served. Over HTTP it is the service's own fetch (every runtime's /mcp); over stdio, the
 * server `bun run mcp` builds (createMcpServer with the engine tools) under the SDK's
 * `serveStdio` on an in-memory pipe. The revisions are the v2 SDK's (@modelcontextprotocol/server,
 * pinned): the legacy ones are its SUPPORTED_PROTOCOL_VERSIONS.
 */
import { describe, expect, test } from "bun:test";
import {
  InMemoryTransport,
  type JSONRPCMessage,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { engineBox } from "../../shared/mcp/engine-box.ts";
import { createMcpServer } from "../../shared/mcp/mcp-server.ts";
import { documentResources } from "../../shared/mcp/resources.ts";
import { DEFAULT_SITE_URL, MCP_REVISIONS, VERSION } from "../../shared/protocol/constants.ts";
import { fixedContext, rpcAnswer, testHandler } from "../support/helpers.ts";

const [CURRENT, ...LEGACY] = MCP_REVISIONS;

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

/** /mcp of the service, as every runtime serves it: one POST and its JSON-RPC answer. */
const overHttp: Ask = async (message) => {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
  };
  if (message.method === "server/discover") {
    headers["Mcp-Method"] = message.method;
    headers["Mcp-Protocol-Version"] = message.params._meta["io.modelcontextprotocol/protocolVersion"];
  }
  return rpcAnswer(
    await testHandler()(
      new Request("http://localhost/mcp", { method: "POST", headers, body: JSON.stringify(message) }),
    ),
  );
};

/** The server `bun run mcp` builds, without the wallet (it has no say in the revision). */
const stdioServer = () =>
  createMcpServer({
    boxes: [engineBox(fixedContext, { get: () => null })],
    resources: documentResources({ siteUrl: DEFAULT_SITE_URL }),
    instructions: "revisions",
    version: VERSION,
  });

/** stdio, as `bun run mcp` serves it: the opening message of a new connection and its answer. */
const overStdio: Ask = async (message) => {
  const [client, server] = InMemoryTransport.createLinkedPair();
  const answered = new Promise<JSONRPCMessage>((resolve) => {
    client.onmessage = resolve;
  });
  await client.start();
  const handle = serveStdio(stdioServer, { transport: server });
  await client.send(message);
  const answer = await answered;
  await handle.close();
  return answer;
};

describe.each([
  ["POST /mcp", overHttp],
  ["the stdio server", overStdio],
] as const)("%s serves exactly MCP_REVISIONS", (_transport, ask) => {
  test("server/discover claiming the first revision lists it, and only it, as the stateless revision", async () => {
    expect(CURRENT).toBe("2026-07-28");
    expect((await ask(discover(CURRENT))).result.supportedVersions).toEqual([CURRENT]);
  });

  test("a stateless request claiming another revision is refused with the first revision as the one supported", async () => {
    const { error } = await ask(discover("2099-12-31"));
    expect(error.code).toBe(-32022);
    expect(error.data).toEqual({ supported: [CURRENT], requested: "2099-12-31" });
  });

  test.each(LEGACY)("initialize asking for %s is answered in that revision", async (revision) => {
    expect((await ask(initialize(revision))).result.protocolVersion).toBe(revision);
  });

  test("initialize asking for a revision not listed is answered in the newest legacy one instead", async () => {
    for (const revision of ["2025-01-01", "2024-01-01", CURRENT])
      expect((await ask(initialize(revision))).result.protocolVersion, revision).toBe(LEGACY[0]);
  });
});

test("POST /mcp: a 2025-era request naming an unknown revision in its header is refused with every revision served, 2026-07-28 first", async () => {
  const headers = {
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    "Mcp-Protocol-Version": "2024-01-01",
  };
  const body = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list", params: {} });
  const response = await testHandler()(new Request("http://localhost/mcp", { method: "POST", headers, body }));
  expect(response.status).toBe(400);
  const { error, id } = await response.json();
  expect(id).toBe(3);
  expect(error).toEqual({
    code: -32000,
    message: `Bad Request: Unsupported protocol version: 2024-01-01 (supported versions: ${MCP_REVISIONS.join(", ")})`,
  });
});

test("the legacy revisions are the v2 SDK's own list, in its order, newest (LATEST_PROTOCOL_VERSION) first", () => {
  expect<readonly string[]>(LEGACY).toEqual([...SUPPORTED_PROTOCOL_VERSIONS]);
  expect(LEGACY[0]).toBe(LATEST_PROTOCOL_VERSION);
});
