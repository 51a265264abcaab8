/**
 * The x402 headers of the fund route's answers (transports-v2/http.md): a 402's PAYMENT-REQUIRED
 * (and, for a payment refused, PAYMENT-RESPONSE `success: false` with the binding's reason), with
 * the same PaymentRequired in the body beside mode and money; a funded job's PAYMENT-RESPONSE.
 * With the service's signer, the offer and the receipt are signed (offer-receipt.ts).
 */
import type { EngineContext } from "../engine/context.ts";
import { MODE, MONEY } from "../protocol/constants.ts";
import type { Passed } from "./check-payment.ts";
import { DEMO_NETWORK } from "./demo-network.ts";
import { encodeHeader, PAYMENT_REQUIRED, PAYMENT_RESPONSE } from "./header-codec.ts";
import { OFFER_RECEIPT, offerExtension, receiptExtension } from "./offer-receipt.ts";
import type { PaymentRequired, PaymentRequirements, Refusal, SettleResponse } from "./wire.ts";
import { X402_VERSION } from "./wire.ts";

/** An x402 answer: an engine result and the x402 headers that go with it. */
export interface X402Result {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** The error of an unpaid 402, as x402-specification-v2.md §5.1.1 writes it. */
const UNPAID = "PAYMENT-SIGNATURE header is required";

/** What the resource is, in every 402. */
const DESCRIPTION = "Fund this job in demo credits: an auth-capture escrow hold (D30).";

/** The 402 of `offer` for `url`: unpaid, or with the refusal of a payment (its reason the PaymentRequired's error). */
export function paymentRequired(
  offer: PaymentRequirements,
  url: string,
  ctx: EngineContext,
  refusal?: Refusal,
): X402Result {
  const required: PaymentRequired = {
    x402Version: X402_VERSION,
    error: refusal === undefined ? UNPAID : refusal.reason,
    resource: { url, description: DESCRIPTION, mimeType: "application/json" },
    accepts: [offer],
  };
  const signer = ctx.sealing?.signer;
  if (signer !== undefined) required.extensions = { [OFFER_RECEIPT]: offerExtension(signer, url, offer, ctx.now) };
  const headers: Record<string, string> = { [PAYMENT_REQUIRED]: encodeHeader(required) };
  const body: Record<string, unknown> = { mode: MODE, money: MONEY, ...required };
  if (refusal !== undefined) {
    const settled: SettleResponse = {
      success: false,
      errorReason: refusal.reason,
      errorMessage: refusal.message,
      ...(refusal.payer !== undefined && { payer: refusal.payer }),
      transaction: "",
      network: DEMO_NETWORK,
    };
    headers[PAYMENT_RESPONSE] = encodeHeader(settled);
    body.message = refusal.message;
  }
  return { status: 402, body, headers };
}

/** The PAYMENT-RESPONSE of a payment that funded its job, with the signed receipt when the service signs. */
export function settledHeaders(passed: Passed, url: string, ctx: EngineContext): Record<string, string> {
  const settled: SettleResponse & { extensions?: Record<string, unknown> } = {
    success: true,
    payer: passed.payer,
    transaction: passed.payment,
    network: DEMO_NETWORK,
    amount: passed.amount,
  };
  const signer = ctx.sealing?.signer;
  if (signer !== undefined)
    settled.extensions = {
      [OFFER_RECEIPT]: receiptExtension(signer, url, passed.payer, DEMO_NETWORK, passed.payment, ctx.now),
    };
  return { [PAYMENT_RESPONSE]: encodeHeader(settled) };
}
