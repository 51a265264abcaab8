/**
 * D30 on every runtime: Bun, Node, Deno and workerd, each started as its script serves it with
 * the test key, offer the same demo network addresses (derived from the one key), and the stock
 * client with its one spend-control line funds a job there over real HTTP, which then walks
 * submit and release, its signed receipt carrying the payment and its capture.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { decodePaymentResponseHeader } from "@x402/fetch";
import { readSigningKey } from "../../keys/signing-key.ts";
import { x402IdentityOf } from "../../keys/x402-keys.ts";
import type { LiveServer } from "../../scripts/harness/live-server.ts";
import { RUNTIMES, runtimeTitle, startRuntime } from "../../scripts/harness/runtimes.ts";
import { TEST_SIGNING_JWK } from "../../scripts/harness/test-key.ts";
import { DEMO_NETWORK } from "../../shared/x402/demo-network.ts";
import { CREATE, PROOF_URL } from "../support/helpers.ts";
import { stockPayer } from "../support/x402-payer.ts";

type Body = Record<string, any>;
const OPERATOR = x402IdentityOf(readSigningKey(JSON.stringify(TEST_SIGNING_JWK))).operator;

describe.each(RUNTIMES.map((runtime) => [runtimeTitle(runtime), runtime] as const))("x402 on %s", (_title, runtime) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startRuntime(runtime, { SIGNING_KEY: JSON.stringify(TEST_SIGNING_JWK) });
  }, 90_000);
  afterAll(() => server?.stop());

  const post = async (path: string, body: Body): Promise<Body> =>
    (await (await fetch(`${server.base}${path}`, { method: "POST", body: JSON.stringify(body) })).json()) as Body;

  test("supported names the operator derived from the signing key", async () => {
    const supported = (await (await fetch(`${server.base}/api/v0/x402/supported`)).json()) as Body;
    expect(supported.kinds[0].extra.captureAuthorizer).toBe(OPERATOR);
  });

  test("the stock client funds a job, which walks submit and release", async () => {
    const { account, pay } = stockPayer((request) => fetch(request));
    const { job } = await post("/api/v0/transition", { action: "create", ...CREATE });
    const response = await pay(`${server.base}/api/v0/x402/fund`, {
      method: "POST",
      body: JSON.stringify({ job, payer_credits: 1000, ttl_seconds: 600 }),
    });
    const funded = (await response.json()) as Body;
    expect(response.status).toBe(200);
    expect(decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!)).toMatchObject({
      success: true,
      payer: account.address,
      network: DEMO_NETWORK,
    });
    const submitted = await post("/api/v0/transition", { action: "submit", job: funded.job, proof_url: PROOF_URL });
    const released = await post("/api/v0/transition", { action: "release", job: submitted.job });
    expect(released.job.status).toBe("released");
    expect(released.receipt.signature).toBeString();
    // The payment, recorded in the job at fund (D30), is in the signed receipt with its capture.
    expect(released.receipt).toMatchObject({
      x402_payer: `${DEMO_NETWORK}:${account.address}`,
      x402_payment: funded.job.x402Payment,
      x402_settlement: "capture",
    });
    const verified = await post("/api/v0/verify", { receipt: released.receipt });
    expect([verified.valid, verified.signature_valid]).toEqual([true, true]);
  });
});
