/**
 * D30: an agent with the stock x402 packages (`@x402/fetch` 2.27.0 `wrapFetchWithPayment`,
 * `@x402/evm` 2.27.0 `AuthCaptureEvmScheme`) and one spend-control line funds a job over
 * POST /api/v0/x402/fund, and the job goes on as any job: submit, then release or dispute. The
 * funded job records the payment (x402Payer, x402Payment) under its seal (D27), and the receipt
 * carries it with the capture or the void under its signature.
 */
import { describe, expect, test } from "bun:test";
import { decodePaymentResponseHeader } from "@x402/fetch";
import { DEMO_NETWORK } from "../../shared/x402/demo-network.ts";
import { CREATE, PROOF_URL } from "../support/helpers.ts";
import { post, stockPayer, x402Service } from "../support/x402-payer.ts";

type Body = Record<string, any>;
const service = x402Service();
const FUND_URL = "http://localhost/api/v0/x402/fund";

async function created(handler = service): Promise<Body> {
  const answer = await handler(post("/api/v0/transition", { action: "create", ...CREATE }));
  return ((await answer.json()) as Body).job;
}

async function call(path: string, body: Body, handler = service): Promise<{ status: number; body: Body }> {
  const response = await handler(post(path, body));
  return { status: response.status, body: (await response.json()) as Body };
}

const step = async (body: Body): Promise<Body> => (await call("/api/v0/transition", body)).body;

/** A job funded by the stock client on `handler`, with its payer's address. */
async function paid(handler = service): Promise<{ job: Body; payer: string }> {
  const { account, pay } = stockPayer(handler);
  const job = await created(handler);
  const response = await pay(FUND_URL, { method: "POST", body: JSON.stringify({ job, payer_credits: 1000 }) });
  return { job: ((await response.json()) as Body).job, payer: account.address };
}

describe("POST /api/v0/x402/fund with the stock client", () => {
  test("pays the offer and gets the funded job, sealed, with PAYMENT-RESPONSE", async () => {
    const { account, pay } = stockPayer(service);
    const job = await created();
    const response = await pay(FUND_URL, {
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
    // The job records the payment (D30): its payer as a CAIP-10 account, and its identity.
    expect(body.job.x402Payer).toBe(`${DEMO_NETWORK}:${account.address}`);
    expect(body.job.x402Payment).toBe(settled.transaction);
    expect(Object.keys(body.job).slice(-3)).toEqual(["x402Payer", "x402Payment", "seal"]);
    expect("x402" in body).toBe(false);
    expect(Date.parse(body.job.expiresAt)).toBeGreaterThan(Date.now() + 3500_000);
  });

  test("a job funded by transition carries no x402 member, even one the client wrote in", async () => {
    const job = await created();
    const funded = await step({ action: "fund", job, payer_credits: 1000 });
    expect(Object.keys(funded.job).filter((name) => name.startsWith("x402"))).toEqual([]);
    const claimed = { ...job, x402Payer: `${DEMO_NETWORK}:0x${"11".repeat(20)}`, x402Payment: `0x${"22".repeat(32)}` };
    const forged = await step({ action: "fund", job: claimed, payer_credits: 1000 });
    expect([forged.job.status, "x402Payer" in forged.job, "x402Payment" in forged.job]).toEqual([
      "funded",
      false,
      false,
    ]);
  });

  test.each([
    ["another payer", (job: Body) => ({ ...job, x402Payer: `${DEMO_NETWORK}:0x${"11".repeat(20)}` })],
    ["another payment", (job: Body) => ({ ...job, x402Payment: `0x${"22".repeat(32)}` })],
    ["the payment dropped", ({ x402Payment: _, ...job }: Body) => job],
  ])("the payment is under the job's seal (D27): %s breaks it", async (_name, edit) => {
    const { job } = await paid();
    const checked = await call("/api/v0/validate", { action: "submit", job: edit(job), proof_url: PROOF_URL });
    expect([checked.status, checked.body.seal_valid]).toEqual([200, false]);
    expect((await call("/api/v0/validate", { action: "submit", job, proof_url: PROOF_URL })).body.seal_valid).toBe(
      true,
    );
    // SEALS=on: the edited job goes on unsealed; its receipt will not be signed.
    const submitted = await step({ action: "submit", job: edit(job), proof_url: PROOF_URL });
    expect("seal" in submitted.job).toBe(false);
  });

  test("SEALS=required: a funded job whose payment was edited is refused, invalid_field job.seal", async () => {
    const required = x402Service(Date.now, undefined, "required");
    const { job } = await paid(required);
    expect(job.x402Payment).toMatch(/^0x[0-9a-f]{64}$/);
    const body = { action: "submit", job, proof_url: PROOF_URL };
    expect((await call("/api/v0/transition", body, required)).status).toBe(200);
    const edited = { ...body, job: { ...job, x402Payer: `${DEMO_NETWORK}:0x${"11".repeat(20)}` } };
    const refused = await call("/api/v0/transition", edited, required);
    expect([refused.status, refused.body.error, refused.body.field]).toEqual([400, "invalid_field", "job.seal"]);
  });

  test.each([
    ["release", "released", "capture", 5],
    ["dispute", "disputed", "void", 0],
  ] as const)(
    "funds a job that then walks submit and %s; the receipt carries the x402 side, signed",
    async (end, status, settlement, fee) => {
      const { job, payer } = await paid();
      const submitted = await step({ action: "submit", job, proof_url: PROOF_URL });
      expect(submitted.job).toMatchObject({ x402Payer: job.x402Payer, x402Payment: job.x402Payment });
      const settled = await step({ action: end, job: submitted.job, payer_credits: 900 });
      expect(settled.job.status).toBe(status);
      expect(settled.job).toMatchObject({ x402Payer: `${DEMO_NETWORK}:${payer}`, x402Payment: job.x402Payment });
      const { receipt } = settled;
      expect(receipt).toMatchObject({
        status,
        release_fee: fee,
        x402_payer: `${DEMO_NETWORK}:${payer}`,
        x402_payment: job.x402Payment,
        x402_settlement: settlement,
      });
      expect(Object.keys(receipt).at(-1)).toBe("signature");
      const verified = await call("/api/v0/verify", { receipt });
      expect([verified.status, verified.body.valid, verified.body.signature_valid]).toEqual([200, true, true]);
      // The x402 side is inside what the signature covers.
      const other = settlement === "capture" ? "void" : "capture";
      const edited = await call("/api/v0/verify", { receipt: { ...receipt, x402_settlement: other } });
      expect(edited.body.signature_valid).toBe(false);
      const dropped = await call("/api/v0/verify", { receipt: { ...receipt, x402_payer: undefined } });
      expect(dropped.body.signature_valid).toBe(false);
    },
  );
});
