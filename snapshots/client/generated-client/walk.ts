/**
 * A walk through the service with a client generated the way users generate one:
 * openapi-typescript types (openapi.d.ts, from the built OpenAPI document) and openapi-fetch.
 * It must type-check (`bun run typecheck`, strict) with no cast, and run against a live server:
 * create, a quote, fund, submit, release, a verify of the receipt, a refused action, and a
 * simulated release with its note (the note each terminal takes is typed, D5).
 */
import createClient from "openapi-fetch";
import type { paths } from "./openapi.d.ts";

/** What the walk saw, for the test to check. */
export interface WalkResult {
  created: string;
  quotedFee: number | undefined;
  statuses: string[];
  agentPayout: number | undefined;
  receiptValid: boolean | undefined;
  refused: { status: number; error: string; message: string } | undefined;
  simulated: string | undefined;
}

/** Walks one job against the service at `baseUrl`. */
export async function walk(baseUrl: string): Promise<WalkResult> {
  const client = createClient<paths>({ baseUrl });
  const create = await client.POST("/api/v0/transition", {
    body: { action: "create", title: "Summarise a paper", amount: 100, criteria: "Five bullet points" },
  });
  if (!create.data) throw new Error(`create failed: ${create.error?.message}`);
  const statuses = [create.data.job.status];

  const fund = await client.POST("/api/v0/transition", {
    body: { action: "fund", job: create.data.job, payer_credits: 1000 },
  });
  if (!fund.data) throw new Error(`fund failed: ${fund.error?.message}`);
  statuses.push(fund.data.job.status);

  const submit = await client.POST("/api/v0/transition", {
    body: { action: "submit", job: fund.data.job, proof_url: "https://example.com/summary" },
  });
  if (!submit.data) throw new Error(`submit failed: ${submit.error?.message}`);
  statuses.push(submit.data.job.status);

  const quote = await client.POST("/api/v0/quote", { body: { action: "release", job: submit.data.job } });
  const release = await client.POST("/api/v0/transition", { body: { action: "release", job: submit.data.job } });
  if (!release.data) throw new Error(`release failed: ${release.error?.message}`);
  statuses.push(release.data.job.status);

  const receipt = release.data.receipt;
  const verify = receipt ? await client.POST("/api/v0/verify", { body: { receipt } }) : undefined;

  const again = await client.POST("/api/v0/transition", { body: { action: "release", job: release.data.job } });
  const simulated = await client.POST("/api/v0/simulate", {
    body: {
      title: "Summarise a paper",
      amount: 100,
      criteria: "Five bullet points",
      payer_credits: 1000,
      proof_url: "https://example.com/summary",
      release_note: "Thanks",
    },
  });
  return {
    created: create.data.job.id,
    quotedFee: quote.data?.fee,
    statuses,
    agentPayout: release.data.agent_payout,
    receiptValid: verify?.data?.valid,
    refused: again.error && { status: again.response.status, error: again.error.error, message: again.error.message },
    simulated: simulated.data?.job.status,
  };
}
