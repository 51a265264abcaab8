/**
 * D30: an agent with the stock x402 packages (`@x402/fetch` 2.27.0 `wrapFetchWithPayment`,
 * `@x402/evm` 2.27.0 `AuthCaptureEvmScheme`) and one spend-control line funds a job over
 * POST /api/v0/x402/fund, and the job goes on as any job: submit, then release or dispute.
 */
import { describe, expect, test } from "bun:test";
import { decodePaymentResponseHeader } from "@x402/fetch";
import { DEMO_NETWORK } from "../../shared/x402/demo-network.ts";
import { CREATE, PROOF_URL } from "../support/helpers.ts";
import { post, stockPayer, x402Service } from "../support/x402-payer.ts";

type Body = Record<string, any>;
const service = x402Service();

async function created(): Promise<Body> {
  const answer = await service(post("/api/v0/transition", { action: "create", ...CREATE }));
  return ((await answer.json()) as Body).job;
}

async function step(body: Body): Promise<Body> {
  return (await (await service(post("/api/v0/transition", body))).json()) as Body;
}

describe("POST /api/v0/x402/fund with the stock client", () => {
  test("pays the offer and gets the funded job, sealed, with PAYMENT-RESPONSE", async () => {
    const { account, pay } = stockPayer(service);
    const job = await created();
    const response = await pay("http://localhost/api/v0/x402/fund", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ job, payer_credits: 1000, ttl_seconds: 3600 }),
    });
    const body = (await response.json()) as Body;
    expect(response.status).toBe(200);
    expect(body.job.status).toBe("funded");
    expect(body.job.seal).toBeString();
    expect(body.payer_credits).toBe(900);
    const settled = decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!);
    expect(settled).toMatchObject({ success: true, payer: account.address, network: DEMO_NETWORK, amount: "100" });
    expect(settled.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(body.x402).toEqual({ network: DEMO_NETWORK, payer: account.address, payment: settled.transaction });
    expect(Date.parse(body.job.expiresAt)).toBeGreaterThan(Date.now() + 3500_000);
  });

  test.each(["release", "dispute"] as const)("funds a job that then walks submit and %s", async (end) => {
    const { pay } = stockPayer(service);
    const job = await created();
    const funded = (await (
      await pay("http://localhost/api/v0/x402/fund", {
        method: "POST",
        body: JSON.stringify({ job, payer_credits: 1000 }),
      })
    ).json()) as Body;
    const submitted = await step({ action: "submit", job: funded.job, proof_url: PROOF_URL });
    const settled = await step({ action: end, job: submitted.job, payer_credits: 900 });
    expect(settled.job.status).toBe(end === "release" ? "released" : "disputed");
    expect(settled.receipt.signature).toBeString();
  });
});
