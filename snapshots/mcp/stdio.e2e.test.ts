/**
 * `bun run mcp` (stdio) with the SDK's own (v2) Client, pinned to 2026-07-28 and as a 2025-era
 * client: the engine tools answer as the live HTTP engine does for the same body and key, each
 * catalog error is an isError result, every result validates by its tool's output schema, and
 * the wallet tools keep a demo pack file that the web UI reads (D20), hand a funded job from a
 * payer agent to a worker agent and back with proof through h1. links (D19), settle the worker's
 * copy with the payer's signed receipt, refuse in the
 * catalog's shape without touching the pack, and never show the pack's path. Confirmations of
 * release and dispute are in confirm.e2e.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import type { Client } from "@modelcontextprotocol/client";
import { TOP_UP_MAX } from "../../client/index.ts";
import { outputOf } from "../../scripts/harness/child-output.ts";
import { type LiveServer, ROOT, startServer } from "../../scripts/harness/live-server.ts";
import { parsePack } from "../../shared/client-state/pack.ts";
import { CLONE_PATH, STDIO_COMMAND } from "../../shared/documents/server-json.ts";
import { masked, own, PROOF_URL } from "../support/helpers.ts";
import { ERAS, engineBody, expectValidOutput, startMcp, TOOL_CALLS, TOOL_ERRORS } from "./mcp-fixtures.ts";

const DIR = mkdtempSync(`${tmpdir()}/escrow-mcp-`);

type Result = Awaited<ReturnType<Client["callTool"]>>;
const content = (result: Result) => result.structuredContent as Record<string, any>;
const textOf = (result: Result) => (result.content as { text: string }[])[0]!.text;

let server: LiveServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe.each(ERAS.map((e) => e.era))("bun run mcp (stdio), a %s client", (era) => {
  let client: Client;
  const dir = mkdtempSync(`${DIR}/${era}-`);
  const engine = async (route: string, body: unknown) =>
    engineBody(
      await (await fetch(`${server.base}/api/v0/${route}`, { method: "POST", body: JSON.stringify(body) })).text(),
    );

  beforeAll(async () => {
    client = await startMcp(`${dir}/solo.json`, era, {}, { SITE_URL: "" });
  });
  afterAll(() => client.close());

  test("lists the engine tools and the wallet tools (titled, with output schemas and true hints), the resources and the prompt", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names.filter((n) => n.startsWith("escrow_")).sort()).toEqual(TOOL_CALLS.map((c) => c.tool).sort());
    const hints = Object.fromEntries(
      tools.filter((t) => t.name.startsWith("wallet_")).map((t) => [t.name, t.annotations]),
    );
    const hint = (readOnlyHint: boolean, destructiveHint: boolean, idempotentHint: boolean) => ({
      readOnlyHint,
      destructiveHint,
      idempotentHint,
      openWorldHint: false,
    });
    expect(hints).toEqual({
      wallet_balances: hint(true, false, true),
      wallet_top_up: hint(false, false, false),
      wallet_create: hint(false, false, false),
      wallet_fund: hint(false, false, true),
      wallet_submit: hint(false, false, true),
      wallet_release: hint(false, true, true),
      wallet_dispute: hint(false, true, true),
      wallet_handoff_link: hint(true, false, true),
      wallet_receipt_link: hint(true, false, true),
      wallet_open_link: hint(false, false, false),
    });
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeString();
      expect(tool.outputSchema?.type, tool.name).toBe("object");
    }
    expect((await client.listResources()).resources).toHaveLength(7);
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(["walk_a_job"]);
  });

  test("walk_a_job walks with the wallet tools, each one it names listed, and verifies with escrow_verify", async () => {
    const names = new Set((await client.listTools()).tools.map((t) => t.name));
    const { description, messages } = await client.getPrompt({
      name: "walk_a_job",
      arguments: { title: "Audit", amount: "200", criteria: "All functions" },
    });
    expect(description).toContain("wallet tools");
    const text = (messages[0]!.content as { text: string }).text;
    const named = [...new Set(text.match(/\b(?:wallet|escrow)_[a-z_]+/g))];
    expect(named).toEqual(
      expect.arrayContaining(["wallet_create", "wallet_fund", "wallet_submit", "wallet_release", "escrow_verify"]),
    );
    for (const name of named) expect(names.has(name), name).toBe(true);
    expect(text).not.toContain("escrow_transition");
  });

  test("without SITE_URL the resources are named under a scheme nothing fetches, and each reads", async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain("agent-escrow-demo:/api/settlement.json");
    for (const { uri } of resources) {
      expect(uri, uri).toStartWith("agent-escrow-demo:/");
      expect((await client.readResource({ uri })).contents[0]!.uri).toBe(uri);
    }
  });

  test("each engine tool answers what the live HTTP engine answers (ids and times aside), valid by its output schema", async () => {
    const { tools } = await client.listTools();
    for (const { route, tool, body } of TOOL_CALLS) {
      const result = await client.callTool({ name: tool, arguments: body });
      expect(masked(textOf(result))).toBe(masked(await engine(route, body)));
      expectValidOutput(tools.find((t) => t.name === tool)!.outputSchema, content(result), tool);
    }
  });

  test("each catalog error is an isError result with the engine's error body, byte for byte, valid by the output schema", async () => {
    const { tools } = await client.listTools();
    for (const { code, route, body } of TOOL_ERRORS) {
      const result = await client.callTool({ name: `escrow_${route}`, arguments: body });
      // validate's verdict on a body is a successful call: only the other engines' refusals are errors.
      expect(result.isError, code).toBe(route === "validate" ? undefined : true);
      expect(textOf(result)).toBe(await engine(route, body));
      expectValidOutput(tools.find((t) => t.name === `escrow_${route}`)!.outputSchema, content(result), code);
    }
  });

  test("a payer agent hands a funded job to a worker agent and gets it back with proof (D19)", async () => {
    const payer = await startMcp(`${dir}/payer.json`, era);
    const worker = await startMcp(`${dir}/worker.json`, era);
    const { tools } = await payer.listTools();
    const valid = (result: Result, name: string) =>
      expectValidOutput(tools.find((t) => t.name === name)!.outputSchema, content(result), name);
    const created = await payer.callTool({
      name: "wallet_create",
      arguments: { title: "Translate a page", amount: 200, criteria: "Into French" },
    });
    const id: string = content(created).job.id;
    expect(content(await payer.callTool({ name: "wallet_fund", arguments: { job_id: id } })).wallet.balances).toEqual(
      own({ payerCredits: 800, inEscrow: 200, agentWallet: 0, feesPaid: 0 }),
    );
    const handoff = content(await payer.callTool({ name: "wallet_handoff_link", arguments: { job_id: id } })).link;
    expect(handoff).toStartWith("h1.");
    const opened = await worker.callTool({ name: "wallet_open_link", arguments: { link: handoff } });
    valid(opened, "wallet_open_link");
    expect(content(opened).kind).toBe("handoff");
    // The worker's wallet holds the payer's job apart (D28): its own four figures do not move.
    expect(content(opened).wallet.balances).toEqual({
      payerCredits: 1000,
      inEscrow: 0,
      agentWallet: 0,
      feesPaid: 0,
      receivedInEscrow: 200,
    });
    expect(content(opened).wallet.jobs).toEqual([
      { id, title: "Translate a page", amount: 200, status: "funded", received: true },
    ]);
    // The payer's actions are not the worker's: refused before any question, nothing changes.
    const before = readFileSync(`${dir}/worker.json`, "utf8");
    for (const name of ["wallet_dispute", "wallet_release", "wallet_fund"]) {
      const refused = await worker.callTool({ name, arguments: { job_id: id } });
      valid(refused, name);
      expect(refused.isError).toBe(true);
      expect(content(refused)).toMatchObject({ error: "invalid_field", field: "job_id" });
      expect(content(refused).message).toContain("was handed to you by its payer");
    }
    expect(readFileSync(`${dir}/worker.json`, "utf8")).toBe(before);
    const proved = await worker.callTool({ name: "wallet_submit", arguments: { job_id: id, proof_url: PROOF_URL } });
    expect(content(proved).job.status).toBe("submitted");
    const back = content(await worker.callTool({ name: "wallet_handoff_link", arguments: { job_id: id } })).link;
    await payer.callTool({ name: "wallet_open_link", arguments: { link: back } });
    // This client declared no elicitation: the release goes ahead unasked, as an autonomous agent needs.
    const released = await payer.callTool({ name: "wallet_release", arguments: { job_id: id } });
    valid(released, "wallet_release");
    expect(content(released)).toMatchObject({ fee: 10, agent_credits_delta: 190 });
    expect(content(released).wallet.pack).toEqual({ file: "payer.json", from: "ESCROW_PACK" });
    expect(textOf(released)).not.toContain(dir);
    expect(content(released).wallet.balances).toEqual(
      own({ payerCredits: 800, inEscrow: 0, agentWallet: 190, feesPaid: 10 }),
    );
    // The payer's pack is the web UI's file: it reads back with the released job and its receipt.
    const pack = parsePack(readFileSync(`${dir}/payer.json`, "utf8"));
    expect(pack.ok && pack.value.jobs[0]?.status).toBe("released");
    expect(pack.ok && pack.value.receipts[0]?.job_id).toBe(id);
    // The payer's receipt settles the worker's copy: the worker's wallet checks its signature
    // against the keys of the signer it signs with (issue 41, finding 2).
    const receipt = content(await payer.callTool({ name: "wallet_receipt_link", arguments: { job_id: id } })).link;
    const settled = await worker.callTool({ name: "wallet_open_link", arguments: { link: receipt } });
    valid(settled, "wallet_open_link");
    expect(content(settled).settled).toMatchObject({ id, status: "released", fee: 10, agentPayout: 190 });
    expect(content(settled).wallet.balances).toEqual(
      own({ payerCredits: 1000, inEscrow: 0, agentWallet: 0, feesPaid: 0 }),
    );
    await payer.close();
    await worker.close();
  }, 30_000);

  test("a refused wallet step answers the catalog's error body, valid by the output schema, and changes nothing", async () => {
    const before = readFileSync(`${dir}/payer.json`, "utf8");
    const payer = await startMcp(`${dir}/payer.json`, era);
    const { tools } = await payer.listTools();
    // The top-up schema says the keeper's bound, so a client can keep within it.
    expect(tools.find((t) => t.name === "wallet_top_up")!.inputSchema.properties!.amount).toMatchObject({
      minimum: 1,
      maximum: TOP_UP_MAX,
    });
    const refusals: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ["wallet_top_up", { amount: 0 }, { error: "invalid_field", field: "amount" }],
      ["wallet_top_up", { amount: 1_000_001 }, { error: "invalid_field", field: "amount" }],
      ["wallet_fund", { job_id: "as_0000000000" }, { error: "invalid_field", field: "job_id" }],
      ["wallet_open_link", { link: "h1.nope" }, { error: "invalid_field", field: "link" }],
      [
        "wallet_release",
        { job_id: (JSON.parse(before).jobs[0] as { id: string }).id },
        { error: "illegal_transition" },
      ],
      ["wallet_create", { title: "t", amount: -1, criteria: "c" }, { error: "invalid_field", field: "amount" }],
    ];
    for (const [name, args, expected] of refusals) {
      const refused = await payer.callTool({ name, arguments: args });
      expect(refused.isError, name).toBe(true);
      expect(content(refused), name).toMatchObject({ ok: false, mode: "demo", money: false, ...expected });
      expect(content(refused), name).not.toHaveProperty("code");
      expectValidOutput(tools.find((t) => t.name === name)!.outputSchema, content(refused), name);
    }
    expect(readFileSync(`${dir}/payer.json`, "utf8")).toBe(before);
    await payer.close();
  }, 30_000);

  test("a corrupt pack is refused with a clear message naming the pack, not its path, and left untouched", async () => {
    const corrupt = `${dir}/corrupt.json`;
    writeFileSync(corrupt, '{"format":"agent-escrow-demo-pack","version":1,"payer_credits":-5}');
    const broken = await startMcp(corrupt, era);
    const result = await broken.callTool({ name: "wallet_top_up", arguments: { amount: 10 } });
    expect(result.isError).toBe(true);
    expect(content(result)).toMatchObject({ error: "invalid_field", field: "ESCROW_PACK" });
    expect(content(result).message).toStartWith("Cannot use the pack corrupt.json (ESCROW_PACK): ");
    expect(content(result).message).toContain("payer_credits must be an integer >= 0.");
    expect(textOf(result)).not.toContain(dir);
    expect(readFileSync(corrupt, "utf8")).toBe('{"format":"agent-escrow-demo-pack","version":1,"payer_credits":-5}');
    await broken.close();
  }, 30_000);

  test("a tool's arguments past 65,536 bytes are payload_too_large (D9), as an isError result", async () => {
    const body = { action: "create", title: "t", amount: 1, criteria: "x".repeat(70_000) };
    const result = await client.callTool({ name: "escrow_validate", arguments: body });
    expect(result.isError).toBe(true);
    expect(content(result)).toMatchObject({ ok: false, error: "payload_too_large" });
  });
});

describe("bun run mcp (stdio), the raw wire", () => {
  /** `bun run mcp` on a pack of its own, with `settings` in its environment, its stdio piped. */
  const rawMcp = (settings: Record<string, string> = {}) =>
    Bun.spawn([process.execPath, "run", "--silent", "mcp"], {
      cwd: ROOT,
      env: { ...process.env, ESCROW_PACK: `${DIR}/raw.json`, ...settings },
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
    });

  test("the README's desktop configuration needs no working directory: the clone's file, run from elsewhere", async () => {
    const file = STDIO_COMMAND.args[2].replace(CLONE_PATH, ROOT.replace(/\/$/, ""));
    const child = Bun.spawn([process.execPath, file], {
      cwd: tmpdir(),
      env: { ...process.env, ESCROW_PACK: `${DIR}/elsewhere.json` },
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
    });
    child.stdin.write('{"jsonrpc":"2.0","id":3,"method":"ping"}\n');
    await child.stdin.end();
    expect(JSON.parse((await new Response(child.stdout).text()).trim())).toEqual({ jsonrpc: "2.0", id: 3, result: {} });
  });

  test("a bad signing setting stops the start with its one line on stderr, exit 1, no stack", async () => {
    const child = rawMcp({ SEALS: "sometimes" });
    await child.stdin.end();
    const { code, stdout, stderr } = await outputOf(child);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toStartWith("agent-escrow-demo MCP: SEALS");
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  test("an ESCROW_CONFIRM other than required stops the start with its one line", async () => {
    const child = rawMcp({ ESCROW_CONFIRM: "sometimes" });
    await child.stdin.end();
    const { code, stdout, stderr } = await outputOf(child);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe('agent-escrow-demo MCP: ESCROW_CONFIRM must be required or unset; got "sometimes".\n');
  });

  test("a line that is not JSON, or not JSON-RPC, gets the protocol's error, and the server goes on", async () => {
    const child = rawMcp();
    child.stdin.write('{nope\n{"hello":1}\n{"jsonrpc":"2.0","id":7,"method":"ping"}\n');
    await child.stdin.end();
    const lines = (await new Response(child.stdout).text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } },
      { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request" } },
      { jsonrpc: "2.0", id: 7, result: {} },
    ]);
  });

  test("a tool call whose arguments are not an object gets /mcp's invalid params message", async () => {
    const child = rawMcp();
    const call = (id: number, args: unknown) =>
      `${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "wallet_balances", arguments: args } })}\n`;
    child.stdin.write(call(3, [1]) + call(4, "x"));
    await child.stdin.end();
    const lines = (await new Response(child.stdout).text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const said = (what: string) =>
      `params.arguments must be an object of named arguments, not ${what}; tools/list gives each tool's inputSchema.`;
    expect(lines).toEqual([
      { jsonrpc: "2.0", id: 3, error: { code: -32602, message: said("an array") } },
      { jsonrpc: "2.0", id: 4, error: { code: -32602, message: said("string") } },
    ]);
  });
});
