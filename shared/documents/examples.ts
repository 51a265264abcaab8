/**
 * /api/examples.json: request bodies for every engine and action. Built from the demo walk, so
 * each is a body the engine accepts (a test runs every one through validate and its route).
 */
import { type EngineRoute, enginePath, MODE, MONEY } from "../protocol/constants.ts";
import { FEE_TEXT } from "../protocol/fees.ts";
import { demoWalk, WALK_CREATE } from "./walk.ts";

/** One example: a route, optional headers, a body and what it shows. */
export interface Example {
  name: string;
  route: EngineRoute;
  method: "POST";
  path: string;
  headers?: Record<string, string>;
  body: Record<string, unknown>;
  note: string;
}

const example = (
  name: string,
  route: EngineRoute,
  body: Record<string, unknown>,
  note: string,
  headers?: Record<string, string>,
): Example => ({
  name,
  route,
  method: "POST",
  path: enginePath(route),
  ...(headers && { headers }),
  body,
  note,
});

/** Every example, in walk order, then the other engines. */
export function exampleList(): Example[] {
  const walk = demoWalk();
  const { action: _create, idempotency_key: _key, client_ref: _ref, ...createFields } = WALK_CREATE;
  const simulate = { ...createFields, payer_credits: 1000, proof_url: "https://example.com/summary.md" };
  return [
    example(
      "create",
      "transition",
      walk.create,
      "Create a job. client_ref and callback_url are optional and only stored on the job.",
    ),
    example(
      "create with callback_url and a header key",
      "transition",
      { ...createFields, action: "create", callback_url: "https://example.com/hooks/escrow" },
      "The Idempotency-Key header derives the id; callback_url is stored, never fetched.",
      { "Idempotency-Key": "order-43" },
    ),
    example(
      "create (camelCase aliases)",
      "transition",
      { action: "create", ...createFields, clientRef: "order-44", notifyUrl: "https://example.com/hooks/escrow" },
      "camelCase and notify_url aliases are accepted; responses use camelCase jobs.",
    ),
    example("fund", "transition", walk.fund, "Hold the amount in escrow; payer_credits must cover it."),
    example(
      "fund with ttl_seconds",
      "transition",
      { ...walk.fund, ttl_seconds: 86_400 },
      "The hold ends one day after fund: expiresAt = now + ttl_seconds. Release after that is hold_expired; dispute stays allowed.",
    ),
    example(
      "fund with expires_at",
      "transition",
      { ...walk.fund, expires_at: "2099-12-31T23:59:59Z" },
      "An absolute hold end in UTC; it must be in the future.",
    ),
    example("submit", "transition", walk.submit, "The agent submits proof."),
    example(
      "release",
      "transition",
      walk.release,
      `Release: fee ${FEE_TEXT}, agent_credits_delta to the agent wallet, receipt returned.`,
    ),
    example(
      "release with a demo key",
      "transition",
      walk.release,
      "Any demo key works; the response and receipt carry key_id, never the key.",
      { Authorization: "Bearer demo-key-123" },
    ),
    example("dispute", "transition", walk.dispute, "Dispute: no fee, the full amount returns to the payer."),
    example(
      "quote create",
      "quote",
      { action: "create", ...createFields },
      "Dry run of create: no id, nothing changes.",
    ),
    example(
      "quote release",
      "quote",
      { action: "release", job: walk.submitted.job, payer_credits: walk.funded.payer_credits },
      "The money impact of a release before committing it.",
    ),
    example("validate fund", "validate", walk.fund, "Dry check of a body: ok true, or every field error."),
    example("simulate release", "simulate", simulate, "The whole walk in one request; terminal defaults to release."),
    example(
      "simulate dispute",
      "simulate",
      { ...simulate, terminal: "dispute", dispute_reason: "Only three bullet points." },
      "The whole walk ending in a dispute.",
    ),
    example(
      "verify receipt",
      "verify",
      { receipt: walk.released.receipt },
      "Recomputes the fee math of a receipt: valid true.",
    ),
    example(
      "verify a claim",
      "verify",
      { job: walk.submitted.job, action: "release", fee: 6, agent_payout: 114 },
      "Checks proposed release figures for a submitted job.",
    ),
    example(
      "verify a wrong claim",
      "verify",
      { job: walk.submitted.job, action: "release", fee: 12 },
      "A wrong claim is HTTP 200 with valid false and the mismatch listed.",
    ),
  ];
}

/** The examples document, with what its jobs lack (D27): the document is built without a key. */
export const examples = () => ({
  mode: MODE,
  money: MONEY,
  note: "Every body here is accepted as it is under SEALS=on and off. Its jobs carry no seal, since documents are built without the deployment's key: under SEALS=required send the job your own last answer gave, seal included (D27).",
  examples: exampleList(),
});
