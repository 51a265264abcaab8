/**
 * What the MCP suites share: an SDK (v2) Client connected to a transport in either protocol era
 * (pinned to 2026-07-28, or a 2025-era client's initialize handshake), one tool body per engine
 * and one per catalog error a tool can give (with the clock each needs), and the output schema
 * check every success result gets (ajv, JSON Schema 2020-12, formats on).
 */
import { expect } from "bun:test";
import { Client, type ClientOptions, type Transport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { ROOT } from "../../scripts/harness/live-server.ts";
import { testKeyFile } from "../../scripts/harness/test-key.ts";
import type { EngineRoute } from "../../shared/protocol/constants.ts";
import { AFTER_HOLD, HELD, JOBS, ROUTE_BODIES } from "../support/fixtures.ts";
import { CREATE, NOW } from "../support/helpers.ts";

/** The two ways a client speaks to the server: the 2026-07-28 revision alone, or a 2025-era handshake. */
export const ERAS = [
  { era: "2026-07-28", options: { versionNegotiation: { mode: { pin: "2026-07-28" } } } },
  { era: "2025", options: { versionNegotiation: { mode: "legacy" } } },
] as const satisfies { era: string; options: ClientOptions }[];

/** An era's name. */
export type Era = (typeof ERAS)[number]["era"];

/** A connected SDK client of `era` (2026-07-28 unless told), with these extra client options. */
export async function connect(
  transport: Transport,
  era: Era = "2026-07-28",
  options: ClientOptions = {},
): Promise<Client> {
  const chosen = ERAS.find((e) => e.era === era)!.options;
  const client = new Client({ name: "escrow-tests", version: "1.0.0" }, { ...chosen, ...options });
  await client.connect(transport);
  return client;
}

/** A client of `era` of a `bun run mcp` process keeping its wallet in `pack`, with `settings` in its environment. */
export function startMcp(
  pack: string,
  era: Era,
  options: ClientOptions = {},
  settings: Record<string, string> = {},
): Promise<Client> {
  const env = {
    ...(process.env as Record<string, string>),
    ESCROW_PACK: pack,
    SIGNING_KEY_FILE: testKeyFile(),
    ...settings,
  };
  const command = { command: process.execPath, args: ["run", "--silent", "mcp"], cwd: ROOT, env };
  return connect(new StdioClientTransport({ ...command, stderr: "pipe" }), era, options);
}

/** The tool and body of each engine's success (ROUTE_BODIES, the fixtures every suite uses). */
export const TOOL_CALLS = (Object.keys(ROUTE_BODIES) as EngineRoute[]).map((route) => ({
  route,
  tool: `escrow_${route}`,
  body: ROUTE_BODIES[route] as Record<string, unknown>,
}));

/** One tool call that a catalog error refuses, and the clock it needs. */
export interface ToolError {
  code: string;
  route: EngineRoute;
  body: Record<string, unknown>;
  now: number;
}

/** A body per catalog error a tool call can give (a tool's arguments are always a JSON object, so never invalid_json). */
export const TOOL_ERRORS: ToolError[] = [
  { code: "invalid_action", route: "transition", body: { action: "pay" }, now: NOW },
  { code: "missing_field", route: "quote", body: { action: "create", amount: 5, criteria: "c" }, now: NOW },
  { code: "invalid_field", route: "validate", body: { ...CREATE, action: "create", amount: 0 }, now: NOW },
  { code: "illegal_transition", route: "transition", body: { action: "release", job: JOBS.open }, now: NOW },
  {
    code: "insufficient_credits",
    route: "quote",
    body: { action: "fund", job: JOBS.open, payer_credits: 1 },
    now: NOW,
  },
  { code: "hold_expired", route: "transition", body: { action: "release", job: HELD.submitted }, now: AFTER_HOLD },
  { code: "missing_field", route: "simulate", body: { ...CREATE, payer_credits: 1000 }, now: NOW },
  { code: "missing_field", route: "verify", body: {}, now: NOW },
];

const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));

/** Asserts that `content` is valid against the tool's declared output schema. */
export function expectValidOutput(outputSchema: unknown, content: unknown, where: string): void {
  const validate = ajv.compile(outputSchema as object);
  expect(validate(content), `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

/**
 * An HTTP engine answer's body as the engine made it, which is what an MCP tool answers: without
 * the request_id that the HTTP edge ends every error body with (D22).
 */
export const engineBody = (text: string): string => text.replace(/,"request_id":"[^"]*"\}$/, "}");
