/**
 * The JSON Schemas of the engines' answers (SPEC "Common response envelope" and each engine's
 * success fields) and of the error body (D8), for the OpenAPI document. Every name here is one
 * the engine catalog gives an engine as its response schema, or ErrorBody.
 */
import type { ResponseSchemaName } from "../engine/catalog.ts";
import { MODE, STATUSES, TERMINALS } from "../protocol/constants.ts";
import { ERROR_CATALOG } from "../protocol/errors.ts";
import type { SchemaRefs } from "./components.ts";
import type { Schema } from "./convert.ts";

const envelope: Record<string, Schema> = { ok: { const: true }, mode: { const: MODE }, money: { const: false } };
const credits: Schema = { type: "integer", minimum: 0 };
const keyFields: Record<string, Schema> = {
  key_id: { type: "string", pattern: "^k_[0-9a-f]{12}$", description: "Present when a demo key header was sent." },
  key_optional: { const: true, description: "Present when no demo key header was sent." },
  idempotency_key: { type: "string", description: "Echo of the sent key, trimmed." },
};
const money: Record<string, Schema> = {
  fee: credits,
  agent_payout: credits,
  agent_credits_delta: credits,
  returned_to_payer: credits,
};
const figures: Schema = {
  type: "object",
  properties: { fee: credits, agent_payout: credits, returned_to_payer: credits },
};

/** The error body of every refusal (D8). */
export const errorBodySchema = (): Schema => ({
  type: "object",
  required: ["ok", "mode", "money", "error", "message"],
  properties: {
    ok: { const: false },
    mode: { const: MODE },
    money: { const: false },
    error: { type: "string", enum: Object.keys(ERROR_CATALOG) },
    message: {
      type: "string",
      description:
        "The catalog message with placeholders filled; on invalid_field, the rule the field broke (settlement.json invalid_field_messages).",
    },
    field: { type: "string", description: "The field, on missing_field and invalid_field." },
    action: { type: ["string", "null"] },
    actions: { type: "array", items: { type: "string" } },
    from: { type: "string", enum: [...STATUSES] },
    expected: { type: "string" },
    needed: credits,
    payer_credits: credits,
    expiresAt: { type: "string" },
    kind: { type: "string", enum: ["schema", "state"], description: "validate only." },
    errors: {
      type: "array",
      description: "validate only: every problem found.",
      items: {
        type: "object",
        required: ["error", "message"],
        properties: { error: { type: "string" }, field: { type: "string" }, message: { type: "string" } },
      },
    },
  },
});

/** The success answer of each engine, by the name the engine catalog gives it. */
export function responseSchemas(refs: SchemaRefs, transitionResponse: Schema): Record<ResponseSchemaName, Schema> {
  const job = refs.composite("Job");
  const receipt = refs.composite("Receipt");
  return {
    TransitionResponse: {
      type: "object",
      required: ["ok", "mode", "money", "action", "job"],
      properties: {
        ...envelope,
        action: { type: "string" },
        job,
        payer_credits: credits,
        ...money,
        receipt,
        ...keyFields,
        idempotent: { type: "boolean" },
      },
    },
    QuoteResponse: {
      type: "object",
      required: ["ok", "mode", "money", "action", "next_status", "job"],
      properties: {
        ...envelope,
        action: { type: "string" },
        next_status: { type: "string", enum: [...STATUSES] },
        job,
        ...money,
        payer_credits_after: credits,
        receipt,
        ...keyFields,
      },
    },
    ValidateResponse: {
      type: "object",
      required: ["ok", "mode", "money", "action", "next_status"],
      properties: {
        ...envelope,
        action: { type: "string" },
        next_status: { type: "string", enum: [...STATUSES] },
        ...keyFields,
      },
    },
    SimulateResponse: {
      type: "object",
      required: [
        ...["ok", "mode", "money", "terminal", "steps", "job", "payer_credits"],
        ...["fee", "agent_payout", "agent_credits_delta", "returned_to_payer", "receipt"],
      ],
      properties: {
        ...envelope,
        terminal: { type: "string", enum: [...TERMINALS] },
        steps: { type: "array", minItems: 4, maxItems: 4, items: transitionResponse },
        job,
        payer_credits: credits,
        ...money,
        receipt,
        ...keyFields,
        idempotent: { type: "boolean" },
      },
    },
    VerifyResponse: {
      type: "object",
      required: ["ok", "mode", "money", "valid", "verified", "expected", "received", "mismatches", "job_id", "action"],
      properties: {
        ...envelope,
        valid: { type: "boolean" },
        verified: { type: "boolean" },
        expected: figures,
        received: figures,
        mismatches: {
          type: "array",
          items: { type: "object", properties: { field: { type: "string" }, expected: credits, received: credits } },
        },
        job_id: { type: "string" },
        action: { type: "string", enum: [...TERMINALS] },
        ...keyFields,
      },
    },
  };
}
