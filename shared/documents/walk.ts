/**
 * The demo walk that quickstart.json and examples.json show: real engine calls with a fixed
 * illustration clock, so every body is one the engine produced or accepts, and the documents
 * stay free of the real clock (D18). No expiry in the walk: a fixed-date hold would end.
 */

import { run } from "../engine/run.ts";
import type { EngineRoute } from "../protocol/constants.ts";
import type { HeaderReader } from "../protocol/keys.ts";
import { NO_HEADERS } from "../protocol/keys.ts";

/** The illustration clock of every example: 2026-01-01T00:00:00.000Z. */
const EXAMPLE_NOW = Date.parse("2026-01-01T00:00:00.000Z");
const context = { now: EXAMPLE_NOW, randomHex: (length: number) => "0".repeat(length) };

/** What the examples read of a success body. */
export interface ExampleAnswer {
  job: Record<string, unknown>;
  payer_credits?: number;
  fee?: number;
  agent_payout?: number;
  agent_credits_delta?: number;
  returned_to_payer?: number;
  receipt?: Record<string, unknown>;
  [field: string]: unknown;
}

/** Runs an engine on an example body and returns the success body; a failure here is a bug. */
function runExample(
  route: EngineRoute,
  body: Record<string, unknown>,
  headers: HeaderReader = NO_HEADERS,
): ExampleAnswer {
  const result = run(route, body, headers, context);
  if (result.status !== 200) throw new Error(`example for ${route} was refused: ${JSON.stringify(result.body)}`);
  return result.body as ExampleAnswer;
}

/** The create fields of the walk. */
export const WALK_CREATE = {
  action: "create",
  title: "Summarise a research paper",
  amount: 120,
  criteria: "Five bullet points covering method, data, results, limits and one open question.",
  client_ref: "order-42",
  idempotency_key: "quickstart-1",
} as const;

/** Every body of the walk, each built from the previous response. */
export function demoWalk() {
  const create = { ...WALK_CREATE };
  const created = runExample("transition", create);
  const fund = { action: "fund", job: created.job, payer_credits: 1000 };
  const funded = runExample("transition", fund);
  const submit = {
    action: "submit",
    job: funded.job,
    proof_url: "https://example.com/summary.md",
    proof_note: "Draft attached.",
  };
  const submitted = runExample("transition", submit);
  const release = {
    action: "release",
    job: submitted.job,
    release_note: "Meets the criteria.",
    payer_credits: funded.payer_credits,
  };
  const released = runExample("transition", release);
  const dispute = {
    action: "dispute",
    job: submitted.job,
    dispute_reason: "Only three bullet points.",
    payer_credits: funded.payer_credits,
  };
  const disputed = runExample("transition", dispute);
  return { create, created, fund, funded, submit, submitted, release, released, dispute, disputed };
}
