/**
 * The x402 v2 objects (x402-specification-v2.md §5) as the OpenAPI document's x402 paths state
 * them (x402-paths.ts): PaymentRequirements as the fund route offers it, PaymentRequired and the
 * SettlementResponse.
 */
import { DEMO_ASSET, DEMO_NETWORK } from "../../x402/demo-network.ts";

/** A string, an object: the schemas' leaves. */
export const text = { type: "string" };
export const object = { type: "object" };

/** PaymentRequirements (§5.1.2), as the fund route offers it. */
const REQUIREMENTS = {
  type: "object",
  required: ["scheme", "network", "amount", "asset", "payTo", "maxTimeoutSeconds", "extra"],
  properties: {
    scheme: { const: "auth-capture" },
    network: { const: DEMO_NETWORK },
    amount: { ...text, description: "The job's amount in credits (0 decimals), as decimal text." },
    asset: { const: DEMO_ASSET },
    payTo: { ...text, description: "The job's own address (D30): a payment for one job never funds another." },
    maxTimeoutSeconds: { type: "integer", minimum: 1, maximum: 300 },
    extra: {
      ...object,
      description: "The auth-capture EVM extra: captureDeadline, refundDeadline, fee bounds, operator (D30).",
    },
  },
};

/** PaymentRequired (§5.1), the header's and the 402 body's (with mode and money). */
export const PAYMENT_REQUIRED = {
  type: "object",
  required: ["x402Version", "resource", "accepts"],
  properties: {
    mode: { const: "demo" },
    money: { const: false },
    x402Version: { const: 2 },
    error: {
      ...text,
      description: "Unpaid: PAYMENT-SIGNATURE header is required; refused: the EVM binding's reason code.",
    },
    message: { ...text, description: "Why a payment was refused, in words." },
    resource: object,
    accepts: { type: "array", items: REQUIREMENTS, minItems: 1, maxItems: 1 },
    extensions: {
      ...object,
      description: 'With seals on, "offer-receipt": the offer signed (EdDSA JWS, did:jwk kid).',
    },
  },
};

/** SettlementResponse (§5.3), PAYMENT-RESPONSE's and /settle's. */
export const SETTLE_RESPONSE = {
  type: "object",
  required: ["success", "transaction", "network"],
  properties: {
    success: { type: "boolean" },
    errorReason: text,
    errorMessage: text,
    payer: text,
    transaction: {
      ...text,
      description: "The payment's identity (the authorization's nonce); empty when refused.",
    },
    network: text,
    amount: text,
  },
};
