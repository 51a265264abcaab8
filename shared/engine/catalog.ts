/**
 * The five engines in one table, like the document catalog: each engine's path, its texts, the
 * names of its body and response schemas, the published JSON Schema of its body and its handler.
 * The engine's dispatch, the HTTP routes, tools.json, the OpenAPI operations, agent.json,
 * llms.txt, settlement.json and the reference page all read it, so an engine cannot exist in one
 * and be missing from another.
 */
import { type EngineRoute, enginePath } from "../protocol/constants.ts";
import type { Rejection } from "../protocol/errors.ts";
import { JOB_AS_RETURNED } from "../protocol/integrity-members.ts";
import type { EngineResult } from "./context.ts";
import { quote } from "./quote.ts";
import type { EngineRequest } from "./respond.ts";
import { simulate } from "./simulate.ts";
import { transition } from "./transition.ts";
import { validate, validateRefusal } from "./validate.ts";
import { verify } from "./verify.ts";

/** The names of the request body schemas (OpenAPI components). */
type BodySchemaName = "TransitionBody" | "SimulateBody" | "VerifyBody";
/** The names of the success response schemas (OpenAPI components). */
export type ResponseSchemaName =
  | "TransitionResponse"
  | "QuoteResponse"
  | "ValidateResponse"
  | "SimulateResponse"
  | "VerifyResponse";

/** One engine. */
export interface EngineEntry {
  readonly route: EngineRoute;
  /** POST path, version segment v0 (SETTLEMENT.md's version). */
  readonly path: string;
  /** Its name as a tool (tools.json, MCP): escrow_<route>. */
  readonly tool: `escrow_${EngineRoute}`;
  /** Short name of what a call does (tools.json title). */
  readonly title: string;
  /** Shorter still (OpenAPI summary). */
  readonly summary: string;
  /** One sentence (agent.json, llms.txt, OpenAPI description, the reference page). */
  readonly sentence: string;
  /** What an agent needs to call it well (tools.json's and the MCP tool's description). */
  readonly description: string;
  /** What it answers, in full (settlement.json). */
  readonly does: string;
  readonly bodySchema: BodySchemaName;
  /** Key of the published JSON Schema of its body in the document catalog. */
  readonly bodyDocument: "schema_transition" | "schema_simulate" | "schema_verify";
  readonly responseSchema: ResponseSchemaName;
  readonly handler: (request: EngineRequest) => EngineResult;
  /** How it refuses a body it cannot read (invalid_json) when not as every engine does (the catalog's error body). */
  readonly unreadable?: (rejection: Rejection) => EngineResult;
}

const engine = <R extends EngineRoute>(route: R, entry: Omit<EngineEntry, "route" | "path" | "tool">) =>
  ({ route, path: enginePath(route), tool: `escrow_${route}`, ...entry }) as const;

/** Every engine, by route, in SETTLEMENT.md's order. */
export const ENGINES = {
  transition: engine("transition", {
    title: "Commit an action",
    summary: "Commit one action",
    sentence:
      "Commit one action (create, fund, submit, release, dispute); returns the updated job, balances and a receipt on release or dispute.",
    description: `Commits one action on a job and returns the updated job and balances; release and dispute also return a receipt. The service stores nothing, so for every action except create send as \`job\` the job ${JOB_AS_RETURNED}. A renamed, added, dropped, moved or edited member breaks the seal (null is allowed only for a member the service leaves out while unset, D27): the job is still judged as SETTLEMENT.md says, but it goes on unsealed and its receipt unsigned (refused under SEALS=required).`,
    does: "Commits one action and returns the updated job, payer_credits when sent, the money fields on release and dispute, and a receipt on release or dispute. Create mints the id.",
    bodySchema: "TransitionBody",
    bodyDocument: "schema_transition",
    responseSchema: "TransitionResponse",
    handler: transition,
  }),
  quote: engine("quote", {
    title: "Quote an action",
    summary: "Dry run of an action",
    sentence: "Dry run of transition: next status and money impact, nothing changes.",
    description:
      "Dry run of one action (create, fund, submit, release, dispute): returns next_status, the would-be job and the money impact (fee, agent_payout, agent_credits_delta, payer_credits_after, returned_to_payer). Changes nothing. Call it before transition to show the impact. A quote's job is an unsealed preview: carry on the job transition returns, never the quote's.",
    does: "Dry run of transition, same body and rules: next_status, the would-be job (no id on create; never sealed, so not one to carry on), fee, agent_payout, agent_credits_delta, returned_to_payer and payer_credits_after where they apply, and the would-be receipt on release and dispute. Idempotency-Key is only echoed.",
    bodySchema: "TransitionBody",
    bodyDocument: "schema_transition",
    responseSchema: "QuoteResponse",
    handler: quote,
  }),
  validate: engine("validate", {
    title: "Validate a body",
    summary: "Dry check of an action body",
    sentence: "Dry check of a transition body: ok, or every field error.",
    description:
      "Checks an action body without applying it: ok true, or every field error with kind schema (400) or the state error (409). When the job carries a seal, the answer (200, or 409 on a state problem) says whether it holds: seal_valid (D27).",
    does: "Dry check of an action body: { ok: true, action, next_status } or the error with kind (schema or state) and errors (every schema problem, or the single state problem). When the service seals and the job sent carries a seal, seal_valid says whether it holds: after next_status on the 200, after errors on the 409 (D27).",
    bodySchema: "TransitionBody",
    bodyDocument: "schema_transition",
    responseSchema: "ValidateResponse",
    handler: validate,
    unreadable: (rejection) => validateRefusal([rejection]),
  }),
  simulate: engine("simulate", {
    title: "Simulate a whole job",
    summary: "Run a whole walk in one request",
    sentence: "Run create, fund, submit, release or dispute in one request.",
    description:
      "Runs create, fund, submit and release (or dispute with terminal: dispute) in one request and returns the four steps, the final job, balances and the receipt.",
    does: "Runs create, fund, submit, then release or dispute in one request: exactly 4 steps, each shaped like a transition success, then the final job, balances, money fields and receipt. One clock reading for the whole walk.",
    bodySchema: "SimulateBody",
    bodyDocument: "schema_simulate",
    responseSchema: "SimulateResponse",
    handler: simulate,
  }),
  verify: engine("verify", {
    title: "Verify a receipt",
    summary: "Recompute the fee math of a receipt or job",
    sentence: "Recompute the fee math of a receipt, or of a proposed release or dispute.",
    description:
      "Recomputes fee, agent_payout and returned_to_payer for a receipt, or for a job with claimed figures. A wrong figure gives valid false and lists the mismatches. When the job carries a seal or the receipt a signature, the answer says whether it holds: seal_valid or signature_valid (D27).",
    does: "Recomputes fee, agent_payout and returned_to_payer for a receipt or a job: valid, verified, seal_valid or signature_valid (when the service seals and the job sent carries a seal or the receipt a signature, D27), expected, received, mismatches, job_id, action. A wrong claim is 200 with valid false.",
    bodySchema: "VerifyBody",
    bodyDocument: "schema_verify",
    responseSchema: "VerifyResponse",
    handler: verify,
  }),
} as const satisfies Record<EngineRoute, EngineEntry>;

/** Every engine, in SETTLEMENT.md's order. */
export const ENGINE_LIST: readonly EngineEntry[] = Object.values(ENGINES);
