/**
 * The three published JSON Schema documents (/api/schemas/*.json) and the verify schema used by
 * tools.json: draft 2020-12, self-contained, with an absolute $id on the public origin.
 */
import { absolute } from "../lib/absolute-url.ts";
import { compositeSchemas, receiptSchema, transitionBodySchema, UNEXPRESSED, verifyBodySchema } from "./bodies.ts";
import type { Schema } from "./convert.ts";
import { fieldComponents, referring, withDefs } from "./field-components.ts";
import { simulateBodySchema } from "./simulate-body.ts";

/** Standalone documents refer into their own $defs. */
const REFS = referring("#/$defs/");
/** Every definition a document may need: field components and composites, each stated once. */
const definitions = (): Record<string, Schema> => ({ ...fieldComponents(), ...compositeSchemas(REFS) });

/** The draft every schema declares. */
const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

/**
 * The document at `path`: its $schema, absolute $id, title, description and the rules no schema
 * states, then `body` with every definition it refers to in its $defs.
 */
const schemaDocument =
  (path: string, title: string, description: string, body: () => Schema) =>
  (siteUrl: string): Schema => ({
    $schema: DRAFT_2020_12,
    $id: absolute(siteUrl, path),
    title,
    description,
    $comment: `Rules no schema can state, applied by the engine: ${UNEXPRESSED.join(" ")}`,
    ...withDefs(body(), definitions()),
  });

/** /api/schemas/transition.json */
export const transitionSchemaDocument = schemaDocument(
  "/api/schemas/transition.json",
  "Action body",
  "Body of POST /api/v0/transition, /api/v0/quote and /api/v0/validate: action plus the fields of that action. Canonical names are snake_case; camelCase aliases are accepted; null means omitted; unknown fields are ignored.",
  () => transitionBodySchema(REFS, false),
);

/** /api/schemas/simulate.json */
export const simulateSchemaDocument = schemaDocument(
  "/api/schemas/simulate.json",
  "Simulate body",
  "Body of POST /api/v0/simulate: the create fields, payer_credits and proof_url, and optional terminal, expiry and notes. No action, no job.",
  () => simulateBodySchema(REFS),
);

/** /api/schemas/receipt.json */
export const receiptSchemaDocument = schemaDocument(
  "/api/schemas/receipt.json",
  "Receipt",
  "A receipt as release and dispute return it and as POST /api/v0/verify accepts it (snake_case). Not proof of payment.",
  () => receiptSchema(REFS),
);

/** The verify body, self-contained (tools.json). */
export const verifySchemaDocument = schemaDocument(
  "/api/schemas/verify.json",
  "Verify body",
  "Body of POST /api/v0/verify: { receipt } or { job, action?, fee?, agent_payout?, returned_to_payer? }.",
  () => verifyBodySchema(REFS),
);
