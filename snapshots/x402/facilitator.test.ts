/**
 * D30: the demo network's facilitator, as `@x402/core` 2.27.0's HTTPFacilitatorClient calls it
 * with the URL `<origin>/api/v0/x402`: /supported names the auth-capture kind and the
 * service's operator; /verify and /settle pass the stock client's payment and refuse other
 * schemes, networks and edited payments with the specification's codes.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { decodePaymentRequiredHeader, HTTPFacilitatorClient } from "@x402/core/http";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { DEMO_NETWORK } from "../../shared/x402/demo-network.ts";
import { CREATE } from "../support/helpers.ts";
import { IDENTITY, post, stockPayer, x402Service } from "../support/x402-payer.ts";

const ORIGIN = "http://facilitator.test";
const service = x402Service();
const facilitator = new HTTPFacilitatorClient({ url: `${ORIGIN}/api/v0/x402` });
const realFetch = globalThis.fetch;

// HTTPFacilitatorClient calls the global fetch: this origin goes to the service, in process.
beforeAll(() => {
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return request.url.startsWith(ORIGIN) ? service(request) : realFetch(request);
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

/** An offer of the fund route and a payment the stock client signed for it. */
async function offerAndPayment(): Promise<{ requirements: PaymentRequirements; payment: PaymentPayload }> {
  const job = ((await (await service(post("/api/v0/transition", { action: "create", ...CREATE }))).json()) as any).job;
  const answer = await service(post("/api/v0/x402/fund", { job, payer_credits: 1000 }));
  const required = decodePaymentRequiredHeader(answer.headers.get("PAYMENT-REQUIRED")!);
  const payment = await stockPayer(service).client.createPaymentPayload(required);
  return { requirements: required.accepts[0]!, payment };
}

describe("the demo network's facilitator through HTTPFacilitatorClient", () => {
  test("getSupported names auth-capture on the demo network and the service's operator", async () => {
    const supported = await facilitator.getSupported();
    expect(supported.kinds).toEqual([
      {
        x402Version: 2,
        scheme: "auth-capture",
        network: DEMO_NETWORK,
        extra: { captureAuthorizer: IDENTITY.operator },
      },
    ]);
    expect(supported.signers).toEqual({ "eip155:*": [IDENTITY.operator] });
  });

  test("verify and settle pass the stock client's payment", async () => {
    const { requirements, payment } = await offerAndPayment();
    const verified = await facilitator.verify(payment, requirements);
    expect(verified).toMatchObject({ isValid: true, payer: (payment.payload.authorization as { from: string }).from });
    const settled = await facilitator.settle(payment, requirements);
    expect(settled).toMatchObject({ success: true, network: DEMO_NETWORK, amount: "100" });
    expect(settled.transaction).toMatch(/^0x[0-9a-f]{64}$/);
  });

  const refusals: [
    string,
    string,
    (r: PaymentRequirements, p: PaymentPayload) => [PaymentRequirements, PaymentPayload],
  ][] = [
    ["another scheme", "unsupported_scheme", (r, p) => [{ ...r, scheme: "exact" }, p]],
    [
      "another network",
      "invalid_network",
      (r, p) => [
        { ...r, network: "eip155:8453" },
        { ...p, accepted: { ...p.accepted, network: "eip155:8453" } },
      ],
    ],
    [
      "another operator",
      "invalid_auth_capture_evm_operator_not_admitted",
      (r, p) => [{ ...r, extra: { ...r.extra, captureAuthorizer: "0x1111111111111111111111111111111111111111" } }, p],
    ],
    ["an edited amount", "invalid_auth_capture_evm_amount_mismatch", (r, p) => [{ ...r, amount: "99" }, p]],
    [
      "an edited deadline",
      "invalid_auth_capture_evm_nonce_mismatch",
      (r, p) => [
        {
          ...r,
          extra: {
            ...r.extra,
            captureDeadline: (r.extra.captureDeadline as number) + 60,
            refundDeadline: (r.extra.refundDeadline as number) + 60,
          },
        },
        p,
      ],
    ],
    [
      "a lifecycle payload",
      "invalid_auth_capture_evm_lifecycle_not_relayed",
      (r, p) => [r, { ...p, payload: { ...p.payload, type: "capture" } }],
    ],
  ];

  test.each(refusals)("verify and settle refuse %s with %s", async (_name, reason, change) => {
    const { requirements, payment } = await offerAndPayment();
    const [r, p] = change(requirements, payment);
    expect(await facilitator.verify(p, r)).toMatchObject({ isValid: false, invalidReason: reason });
    expect(await facilitator.settle(p, r)).toMatchObject({ success: false, errorReason: reason, transaction: "" });
  });
});
