/**
 * /api/tools.json: the callable surfaces with an input schema per tool that a function-calling
 * or MCP client can use as is: a flat object schema over the canonical field names (no aliases,
 * no conditionals), each property generated from its rule. The engine still applies every rule
 * of the strict schema linked beside it, and answers a field error with the field named.
 */
import { ACTIONS, type EngineRoute, enginePath, MODE, MONEY, TERMINALS } from "../protocol/constants.ts";
import { FIELDS, type FieldName } from "../protocol/fields.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS } from "../protocol/job-members.ts";
import { receiptSchema } from "../schemas/bodies.ts";
import { fieldSchema, type Schema } from "../schemas/convert.ts";
import { absolute, BODY_SCHEMA_PATH } from "./catalog.ts";
import { REQUEST_FIELDS } from "./fields.ts";

const describe = (name: string): string => REQUEST_FIELDS.find((f) => f.name === name)?.rule ?? "";

const field = (name: FieldName): Schema => ({ ...fieldSchema(FIELDS[name].rule), description: describe(name) });

/** The job as a flat object schema (response names). */
function flatJob(): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const member of JOB_MEMBER_NAMES) {
    properties[member] = fieldSchema(JOB_MEMBERS[member].rule);
    if (JOB_MEMBERS[member].required) required.push(member);
  }
  return { type: "object", description: describe("job"), properties, required };
}

const objectOf = (properties: Record<string, Schema>, required: string[] = []): Schema => ({
  type: "object",
  properties,
  ...(required.length > 0 && { required }),
});

const actionFields = (): Record<string, Schema> => ({
  action: { type: "string", enum: [...ACTIONS], description: describe("action") },
  job: flatJob(),
  ...Object.fromEntries(
    (
      [
        "title",
        "amount",
        "criteria",
        "payer_credits",
        "proof_url",
        "proof_note",
        "release_note",
        "dispute_reason",
        "client_ref",
        "callback_url",
        "expires_at",
        "ttl_seconds",
        "idempotency_key",
      ] as const
    ).map((name) => [name, field(name)]),
  ),
});

/** The flat input schema of each tool. */
export function toolInputSchemas(): Record<EngineRoute, Schema> {
  return {
    quote: objectOf(actionFields(), ["action"]),
    transition: objectOf(actionFields(), ["action"]),
    validate: objectOf(actionFields(), ["action"]),
    simulate: objectOf(
      Object.fromEntries(
        (
          [
            "title",
            "amount",
            "criteria",
            "payer_credits",
            "proof_url",
            "terminal",
            "client_ref",
            "callback_url",
            "expires_at",
            "ttl_seconds",
            "proof_note",
            "release_note",
            "dispute_reason",
            "idempotency_key",
          ] as const
        ).map((name) => [name, field(name)]),
      ),
      ["title", "amount", "criteria", "payer_credits", "proof_url"],
    ),
    verify: objectOf({
      receipt: { ...receiptSchema(), description: "A receipt from a release or dispute. Send this, or job." },
      job: {
        ...flatJob(),
        description: "A released or disputed job, or a submitted job with action. Send this, or receipt.",
      },
      action: {
        type: "string",
        enum: [...TERMINALS],
        description: "With a submitted job: the action whose figures to check.",
      },
      fee: field("fee"),
      agent_payout: field("agent_payout"),
      returned_to_payer: field("returned_to_payer"),
    }),
  };
}

const TOOL_TEXT: Record<EngineRoute, { title: string; description: string }> = {
  quote: {
    title: "Quote an action",
    description:
      "Dry run of one action (create, fund, submit, release, dispute): returns next_status, the would-be job and the money impact (fee, agent_payout, agent_credits_delta, payer_credits_after, returned_to_payer). Changes nothing. Call it before transition to show the impact.",
  },
  transition: {
    title: "Commit an action",
    description:
      "Commits one action on a job and returns the updated job and balances; release and dispute also return a receipt. For every action except create, send the job from the last response as `job`. The service stores nothing.",
  },
  validate: {
    title: "Validate a body",
    description:
      "Checks an action body without applying it: ok true, or every field error with kind schema (400) or the state error (409).",
  },
  simulate: {
    title: "Simulate a whole job",
    description:
      "Runs create, fund, submit and release (or dispute with terminal: dispute) in one request and returns the four steps, the final job, balances and the receipt.",
  },
  verify: {
    title: "Verify a receipt",
    description:
      "Recomputes fee, agent_payout and returned_to_payer for a receipt, or for a job with claimed figures. A wrong figure gives valid false and lists the mismatches.",
  },
};

/** The tools document. */
export function tools(siteUrl: string) {
  const schemas = toolInputSchemas();
  const order: EngineRoute[] = ["quote", "transition", "simulate", "verify", "validate"];
  return {
    mode: MODE,
    money: MONEY,
    note: "Each tool is POST JSON to its url. Authentication is optional (Authorization: Bearer <API_KEY> or X-Service-Key); Idempotency-Key is optional. input_schema is flat and client-friendly; strict_schema states every rule.",
    tools: order.map((route) => ({
      name: `escrow_${route}`,
      title: TOOL_TEXT[route].title,
      description: TOOL_TEXT[route].description,
      method: "POST",
      path: enginePath(route),
      url: absolute(siteUrl, enginePath(route)),
      input_schema: schemas[route],
      strict_schema: absolute(siteUrl, BODY_SCHEMA_PATH[route]),
    })),
    discovery: {
      agent_card: absolute(siteUrl, "/.well-known/agent.json"),
      openapi: absolute(siteUrl, "/openapi.json"),
      settlement: absolute(siteUrl, "/api/settlement.json"),
      quickstart: absolute(siteUrl, "/api/quickstart.json"),
      errors: absolute(siteUrl, "/api/errors.json"),
      llms_txt: absolute(siteUrl, "/llms.txt"),
    },
  };
}
