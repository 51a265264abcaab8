/**
 * D30: POST /api/v0/x402/fund refuses a payment that is not this body's, each with the EVM
 * binding's reason (scheme_auth_capture_evm.md "Error Codes") in PAYMENT-REQUIRED's `error` and
 * PAYMENT-RESPONSE's `errorReason`, and funds nothing; a body the engine refuses gets
 * transition's error, never a 402; a header that is not base64 JSON is a catalog error.
 */
import { describe, expect, test } from "bun:test";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import { DEMO_NETWORK } from "../../shared/x402/demo-network.ts";
import { CREATE } from "../support/helpers.ts";
import { post, stockPayer, x402Service } from "../support/x402-payer.ts";

type Body = Record<string, any>;
const FUND = "/api/v0/x402/fund";
const service = x402Service();
const HOLD_END = new Date(Date.now() + 86_400_000).toISOString();

async function created(): Promise<Body> {
  return ((await (await service(post("/api/v0/transition", { action: "create", ...CREATE }))).json()) as Body).job;
}

/** A fund body for a new job, its 402, and a payment the stock client signed for it. */
async function signed(): Promise<{ body: Body; required: PaymentRequired; payment: PaymentPayload }> {
  const body = { job: await created(), payer_credits: 1000, expires_at: HOLD_END };
  const answer = await service(post(FUND, body));
  const required = decodePaymentRequiredHeader(answer.headers.get("PAYMENT-REQUIRED")!);
  const payment = await stockPayer(service).client.createPaymentPayload(required);
  return { body, required, payment };
}

const header = (payment: unknown): string => btoa(JSON.stringify(payment));

/** The fund of `body` paid with `payment` on `handler`: status, body, and the two x402 headers decoded. */
async function paid(body: Body, payment: unknown, handler = service) {
  const answer = await handler(post(FUND, body, { "PAYMENT-SIGNATURE": header(payment) }));
  const required = answer.headers.get("PAYMENT-REQUIRED");
  const settled = answer.headers.get("PAYMENT-RESPONSE");
  return {
    status: answer.status,
    body: (await answer.json()) as Body,
    required: required === null ? null : decodePaymentRequiredHeader(required),
    settled: settled === null ? null : decodePaymentResponseHeader(settled),
  };
}

const edit = (payment: PaymentPayload, change: (copy: any) => void): PaymentPayload => {
  const copy = structuredClone(payment);
  change(copy);
  return copy;
};

describe("POST /api/v0/x402/fund unpaid", () => {
  test("answers 402 with one auth-capture escrow offer, in PAYMENT-REQUIRED and in the body", async () => {
    const body = { job: await created(), payer_credits: 1000, expires_at: HOLD_END };
    const answer = await service(post(FUND, body));
    expect(answer.status).toBe(402);
    const required = decodePaymentRequiredHeader(answer.headers.get("PAYMENT-REQUIRED")!);
    const { mode, money, ...rest } = (await answer.json()) as Body;
    expect({ mode, money }).toEqual({ mode: "demo", money: false });
    expect(rest).toEqual(JSON.parse(JSON.stringify(required)));
    expect(required.accepts).toHaveLength(1);
    const [offer] = required.accepts;
    expect(offer).toMatchObject({ scheme: "auth-capture", network: DEMO_NETWORK, amount: "100" });
    expect(offer!.extra).toMatchObject({
      paymentFlow: "escrow",
      operatorType: "delegated",
      captureMode: "deferred",
      captureDeadline: Math.floor(Date.parse(HOLD_END) / 1000),
      refundDeadline: Math.floor(Date.parse(HOLD_END) / 1000),
      minFeeBps: 500,
      maxFeeBps: 500,
    });
    expect(offer!.extra.receiverAuthorizer).toBeUndefined();
  });

  test("answers a body the engine refuses with transition's error, not a 402", async () => {
    const answer = await service(post(FUND, { job: await created(), payer_credits: 10 }));
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as Body).error).toBe("insufficient_credits");
    expect(answer.headers.get("PAYMENT-REQUIRED")).toBeNull();
  });

  test("refuses another action with invalid_action", async () => {
    const answer = await service(post(FUND, { action: "submit", job: await created() }));
    expect(((await answer.json()) as Body).error).toBe("invalid_action");
  });
});

describe("POST /api/v0/x402/fund refuses a payment", () => {
  const cases: [string, string, (s: Awaited<ReturnType<typeof signed>>, other: Body) => [Body, unknown]][] = [
    ["another job's payment", "invalid_payment_requirements", (s, other) => [other, s.payment]],
    [
      "another job's payment with that job's offer written in",
      "invalid_auth_capture_evm_nonce_mismatch",
      (s, other) => [other, { ...s.payment, accepted: { ...s.payment.accepted, payTo: other.offer.payTo } }],
    ],
    [
      "an edited value",
      "invalid_auth_capture_evm_signature",
      (s) => [s.body, edit(s.payment, (p) => (p.payload.authorization.value = "1"))],
    ],
    [
      "an edited accepted",
      "invalid_payment_requirements",
      (s) => [s.body, edit(s.payment, (p) => (p.accepted.extra.maxFeeBps = 10_000))],
    ],
    [
      "another signer",
      "invalid_auth_capture_evm_signature",
      (s) => [
        s.body,
        edit(s.payment, (p) => (p.payload.authorization.from = "0x1111111111111111111111111111111111111111")),
      ],
    ],
    [
      "a broken signature",
      "invalid_auth_capture_evm_signature",
      (s) => [
        s.body,
        edit(
          s.payment,
          (p) => (p.payload.signature = `${p.payload.signature.slice(0, 10)}00${p.payload.signature.slice(12)}`),
        ),
      ],
    ],
    [
      "another network",
      "invalid_auth_capture_evm_network_mismatch",
      (s) => [s.body, edit(s.payment, (p) => (p.accepted.network = "eip155:8453"))],
    ],
  ];

  test.each(cases)("%s, with %s", async (_name, reason, make) => {
    const s = await signed();
    const otherBody = { job: await created(), payer_credits: 1000, expires_at: HOLD_END };
    const otherOffer = decodePaymentRequiredHeader(
      (await service(post(FUND, otherBody))).headers.get("PAYMENT-REQUIRED")!,
    ).accepts[0];
    const [body, payment] = make(s, { ...otherBody, offer: otherOffer });
    const { offer: _, ...sent } = body as Body;
    const answer = await paid(sent, payment);
    expect(answer.status).toBe(402);
    expect(answer.required!.error).toBe(reason);
    expect(answer.settled).toMatchObject({
      success: false,
      errorReason: reason,
      transaction: "",
      network: DEMO_NETWORK,
    });
    expect(answer.body.job).toBeUndefined();
  });

  test("an expired window, with invalid_auth_capture_evm_authorization_expired", async () => {
    const s = await signed();
    const later = x402Service(() => Date.now() + 400_000);
    const answer = await paid(s.body, s.payment, later);
    expect(answer.status).toBe(402);
    expect(answer.settled!.errorReason).toBe("invalid_auth_capture_evm_authorization_expired");
  });

  test("a garbage header, with the catalog's invalid_field, never a 5xx", async () => {
    const body = { job: await created(), payer_credits: 1000 };
    for (const garbage of ["not base64!", btoa("not json"), btoa("[1]"), "eyJ4IjoxfQ"]) {
      const answer = await service(post(FUND, body, { "PAYMENT-SIGNATURE": garbage }));
      expect(answer.status).toBe(400);
      expect((await answer.json()) as Body).toMatchObject({ error: "invalid_field", field: "PAYMENT-SIGNATURE" });
    }
  });

  test("the same payment, untouched, funds the job", async () => {
    const s = await signed();
    const answer = await paid(s.body, s.payment);
    expect(answer.status).toBe(200);
    expect(answer.settled!.success).toBe(true);
  });
});
