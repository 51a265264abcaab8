/**
 * The agent framework examples of docs/mcp.md against a live `bun run api` (a child process) on a free port, the
 * examples' http://localhost:3000 changed to it while a stand-in for another service holds 3000
 * (holdReadmePort), with no model and no network beyond that server. The Vercel AI SDK (`ai` +
 * `@ai-sdk/mcp`) and the OpenAI Agents SDK (`@openai/agents`) each turn the MCP tools into their
 * own tool objects and execute them, while a recording fetch notes the protocol revision each
 * one negotiated; and each example of the docs runs as written in a child process, with a scripted
 * model (scripted-models.ts) in place of its `model`.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { createMCPClient } from "@ai-sdk/mcp";
import { getAllMcpTools, MCPServerStreamableHttp, RunContext } from "@openai/agents";
import { outputOf } from "../../scripts/harness/child-output.ts";
import { holdReadmePort, type LiveServer, ROOT, startServer } from "../../scripts/harness/live-server.ts";
import { ALL_BLOCKS, onPort, runnerOf } from "../docs/markdown.ts";
import { CREATE_BODY } from "./scripted-models.ts";

/** The URL both examples name. */
const EXAMPLE_URL = "http://localhost:3000/mcp";

/** The MCP revision both frameworks negotiate with the service: the current one, no 2025 fallback. */
const REVISION = "2026-07-28";

const ENGINE_TOOLS = ["escrow_quote", "escrow_simulate", "escrow_transition", "escrow_validate", "escrow_verify"];

/** One POST to /mcp as a framework sent it: its JSON-RPC method and MCP-Protocol-Version header, and the status. */
interface Seen {
  method: string;
  version: string | null;
  status: number;
}

/** A fetch for a framework's transport that reaches only `base` and notes every POST it sends there. */
function recordingFetch(base: string): { fetch: typeof fetch; seen: Seen[] } {
  const seen: Seen[] = [];
  const record = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (!request.url.startsWith(`${base}/`)) throw new Error(`offline: refused a fetch of ${request.url}`);
    const body = request.method === "POST" ? JSON.parse(await request.clone().text()) : undefined;
    const response = await fetch(request);
    const version = request.headers.get("mcp-protocol-version");
    if (body) seen.push({ method: body.method, version, status: response.status });
    return response;
  };
  return { fetch: Object.assign(record, { preconnect: fetch.preconnect }), seen };
}

/** A framework connected to /mcp: the names of the tool objects it made, and a call of one that answers the engine's body. */
interface Connected {
  names: string[];
  /** True when `name` became the framework's own tool object (something its agent loop calls). */
  isFrameworkTool(name: string): boolean;
  call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** An MCP tool result, as far as the tests read it. */
interface ToolResult {
  content: { type: string; text: string }[];
  structuredContent?: unknown;
}

/** The engine's answer in an MCP tool result: its JSON text, which is its structuredContent where that is given. */
function answerOf(result: unknown): Record<string, unknown> {
  const { content, structuredContent } = result as ToolResult;
  const answer = JSON.parse(content.find((part) => part.type === "text")!.text);
  if (structuredContent !== undefined) expect(structuredContent).toEqual(answer);
  return answer;
}

/**
 * One row per framework: how it connects, its example in the docs (the one that imports `example`) and
 * the scripted model that stands in for that example's `model`.
 */
const FRAMEWORKS: {
  name: string;
  example: string;
  scriptedModel: string;
  connect(url: string, fetch: typeof globalThis.fetch): Promise<Connected>;
}[] = [
  {
    name: "the Vercel AI SDK (ai + @ai-sdk/mcp)",
    example: 'from "@ai-sdk/mcp"',
    scriptedModel: "scriptedAiSdkModel()",
    async connect(url, fetch) {
      const client = await createMCPClient({ transport: { type: "http", url, fetch } });
      const tools = await client.tools();
      return {
        names: Object.keys(tools),
        isFrameworkTool: (name) => typeof tools[name]?.execute === "function" && tools[name]?.inputSchema !== undefined,
        call: async (name, args) =>
          answerOf(await tools[name]!.execute(args, { toolCallId: name, messages: [], context: {} })),
        close: () => client.close(),
      };
    },
  },
  {
    name: "the OpenAI Agents SDK (@openai/agents)",
    example: 'from "@openai/agents"',
    scriptedModel: "scriptedAgentsModel()",
    async connect(url, fetch) {
      const server = new MCPServerStreamableHttp({ url, name: "agent-escrow-demo", fetch });
      await server.connect();
      // What an Agent with mcpServers hands its model: each MCP tool as a function tool (mcpToFunctionTool).
      const tools = await getAllMcpTools({ mcpServers: [server] });
      const tool = (name: string) => tools.find((candidate) => candidate.name === name);
      return {
        names: tools.map((candidate) => candidate.name),
        isFrameworkTool: (name) => tool(name)?.type === "function",
        async call(name, args) {
          const found = tool(name);
          if (found?.type !== "function") throw new Error(`no function tool ${name}`);
          // The one text item of the MCP result, as the model would get it.
          const output = await found.invoke(new RunContext(), JSON.stringify(args));
          return answerOf({ content: [output] });
        },
        close: () => server.close(),
      };
    },
  },
];

describe.each(FRAMEWORKS)("$name on POST /mcp of a live server", (framework) => {
  let server: LiveServer;
  let otherService: { stop(): void };
  beforeAll(async () => {
    otherService = holdReadmePort();
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
    otherService.stop();
  });

  test("turns the five engine tools into its own tool objects", async () => {
    const connected = await framework.connect(`${server.base}/mcp`, fetch);
    try {
      expect([...connected.names].sort()).toEqual(ENGINE_TOOLS);
      for (const name of ENGINE_TOOLS) expect(connected.isFrameworkTool(name), name).toBe(true);
    } finally {
      await connected.close();
    }
  });

  test("quotes the examples' job through escrow_quote and creates it through escrow_transition", async () => {
    const connected = await framework.connect(`${server.base}/mcp`, fetch);
    try {
      const quote = await connected.call("escrow_quote", CREATE_BODY);
      expect(quote).toMatchObject({ ok: true, mode: "demo", money: false, action: "create", next_status: "open" });
      expect(quote.job).toMatchObject({ title: CREATE_BODY.title, amount: 100, status: "open", fee: 0 });
      const created = await connected.call("escrow_transition", CREATE_BODY);
      expect(created).toMatchObject({ ok: true, mode: "demo", money: false, action: "create" });
      expect(created.job).toMatchObject({ title: CREATE_BODY.title, amount: 100, status: "open", fee: 0 });
      expect((created.job as { id: string }).id).toMatch(/^as_[0-9a-f]{10}$/);
    } finally {
      await connected.close();
    }
  });

  test(`speaks MCP ${REVISION}: server/discover, tools/list and tools/call at that revision, no initialize`, async () => {
    const recorder = recordingFetch(server.base);
    const connected = await framework.connect(`${server.base}/mcp`, recorder.fetch);
    await connected.call("escrow_quote", CREATE_BODY);
    await connected.close();
    expect(recorder.seen).toEqual(
      ["server/discover", "tools/list", "tools/call"].map((method) => ({ method, version: REVISION, status: 200 })),
    );
  });

  test("runs its example in the docs as written, a scripted model in place of its model, and prints the job created", async () => {
    const examples = ALL_BLOCKS.filter((block) => block.lang === "ts" && runnerOf(block) === "frameworks.e2e");
    const found = examples.filter((block) => block.code.includes(framework.example));
    expect(found).toHaveLength(1);
    const code = found[0]!.code;
    expect(code).toContain(`url: "${EXAMPLE_URL}"`);
    const model = /^ {2}model: "[^"]+",$/m;
    expect(code).toMatch(model);
    // "a model of your choice": that one line changes, and a fetch off this machine throws (offline()).
    const file = `${ROOT}.docs-agent-${process.pid}.ts`;
    writeFileSync(
      file,
      'import { offline, scriptedAgentsModel, scriptedAiSdkModel } from "./snapshots/mcp/scripted-models.ts";\n' +
        `offline();\n${onPort(code!, server.port).replace(model, `  model: ${framework.scriptedModel},`)}`,
    );
    try {
      const child = Bun.spawn([process.execPath, file], {
        cwd: ROOT,
        env: { ...process.env, OPENAI_AGENTS_DISABLE_TRACING: "1" },
        stdout: "pipe",
        stderr: "pipe",
      });
      const { stdout: out, stderr: err, code: exit } = await outputOf(child);
      expect(err).toBe("");
      expect(exit).toBe(0);
      const printed = JSON.parse(out);
      expect(printed).toMatchObject({ ok: true, action: "create", job: { amount: 100, status: "open" } });
      expect(printed.job.id).toMatch(/^as_[0-9a-f]{10}$/);
    } finally {
      rmSync(file, { force: true });
    }
  }, 30_000);
});
