/**
 * What the MCP suites share: an SDK Client connected to a transport, one tool body per engine
 * and one per catalog error a tool can give (with the clock each needs), and the output schema
 * check every success result gets (ajv, JSON Schema 2020-12, formats on).
 */
import { expect } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { EngineRoute } from "../../shared/protocol/constants.ts";
import { AFTER_HOLD, HELD, JOBS, ROUTE_BODIES } from "../support/fixtures.ts";
import { CREATE, NOW } from "../support/helpers.ts";

/** A connected SDK client. */
export async function connect(transport: Transport): Promise<Client> {
  const client = new Client({ name: "escrow-tests", version: "1.0.0" });
  await client.connect(transport);
  return client;
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
