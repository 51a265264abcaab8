/**
 * The path items of the x402 paths (D30): POST /api/v0/x402/fund, its 402 with PAYMENT-REQUIRED
 * and its PAYMENT-RESPONSE (transports-v2/http.md), and the demo network's facilitator (x402 v2
 * §7: GET supported, POST verify and settle), with the x402 v2 objects (§5) as schemas.
 */

import { X402_PATHS } from "../../x402/x402-paths.ts";
import { preflightOperation, REQUEST_ID_PARAMETER, responseRef } from "./paths.ts";
import { object, PAYMENT_REQUIRED, SETTLE_RESPONSE, text } from "./x402-schemas.ts";

const TAG = "x402";

const header = (description: string) => ({ description, schema: text });
const PAYMENT_REQUIRED_HEADER = header("Standard base64 of the PaymentRequired (x402 v2 HTTP transport).");
const PAYMENT_RESPONSE_HEADER = header("Standard base64 of the SettlementResponse (x402 v2 HTTP transport).");
const json = (schema: object) => ({ content: { "application/json": { schema } } });
const facilitatorBody = {
  required: true,
  ...json({
    type: "object",
    required: ["x402Version", "paymentPayload", "paymentRequirements"],
    properties: { x402Version: { const: 2 }, paymentPayload: object, paymentRequirements: object },
  }),
};

/** What a facilitator POST answers besides its 200: a body that is not JSON, too large, rate-limited (D23), a bug. */
const FACILITATOR_ERRORS = {
  "400": responseRef("BadRequest"),
  "413": responseRef("PayloadTooLarge"),
  "429": responseRef("RateLimited"),
  "500": responseRef("InternalError"),
};

/** The x402 path items, by path. */
export const x402PathItems = () => ({
  [X402_PATHS.fund]: {
    post: {
      operationId: "x402Fund",
      summary: "Fund a job over x402",
      description:
        "Transition's fund body, read as transition reads it (a refused body gets its error, never a 402). Unpaid: 402 with one auth-capture escrow offer. Paid: the chain-free checks of the EVM binding's authorize, then transition's fund answer; a refused payment is 402 with the binding's reason (D30).",
      tags: [TAG],
      security: [{}, { bearerAuth: [] }, { serviceKey: [] }],
      parameters: [
        {
          name: "PAYMENT-SIGNATURE",
          in: "header",
          required: false,
          description: "Standard base64 of an x402 v2 PaymentPayload.",
          schema: text,
        },
        { $ref: "#/components/parameters/IdempotencyKey" },
        REQUEST_ID_PARAMETER,
      ],
      requestBody: { required: true, ...json({ $ref: "#/components/schemas/TransitionBody" }) },
      responses: {
        "200": {
          description: "Funded: transition's fund answer.",
          headers: { "PAYMENT-RESPONSE": PAYMENT_RESPONSE_HEADER },
          ...json(object),
        },
        "400": responseRef("BadRequest"),
        "402": {
          description: "Payment required, or a payment refused (then PAYMENT-RESPONSE success false with its reason).",
          headers: { "PAYMENT-REQUIRED": PAYMENT_REQUIRED_HEADER, "PAYMENT-RESPONSE": PAYMENT_RESPONSE_HEADER },
          ...json(PAYMENT_REQUIRED),
        },
        "409": responseRef("Conflict"),
        "413": responseRef("PayloadTooLarge"),
        "429": responseRef("RateLimited"),
        "500": responseRef("InternalError"),
      },
    },
    options: preflightOperation("x402FundPreflight", TAG),
  },
  [X402_PATHS.supported]: {
    get: {
      operationId: "x402Supported",
      summary: "The facilitator's kinds",
      description: "auth-capture on the demo network and the service's operator (x402 v2 §7.3).",
      tags: [TAG],
      security: [],
      parameters: [REQUEST_ID_PARAMETER],
      responses: {
        "200": {
          description: "The SupportedResponse.",
          ...json({
            type: "object",
            required: ["kinds", "extensions", "signers"],
            properties: {
              kinds: { type: "array", items: object },
              extensions: { type: "array", items: text },
              signers: object,
            },
          }),
        },
        "500": responseRef("InternalError"),
      },
    },
  },
  [X402_PATHS.verify]: {
    post: {
      operationId: "x402Verify",
      summary: "Verify a payment (facilitator)",
      description:
        "x402 v2 §7.1: isValid and payer, or invalidReason (the EVM binding's codes, unsupported_scheme, invalid_network).",
      tags: [TAG],
      security: [],
      parameters: [REQUEST_ID_PARAMETER],
      requestBody: facilitatorBody,
      responses: {
        "200": {
          description: "The VerifyResponse.",
          ...json({
            type: "object",
            required: ["isValid"],
            properties: { isValid: { type: "boolean" }, invalidReason: text, invalidMessage: text, payer: text },
          }),
        },
        ...FACILITATOR_ERRORS,
      },
    },
    options: preflightOperation("x402VerifyPreflight", TAG),
  },
  [X402_PATHS.settle]: {
    post: {
      operationId: "x402Settle",
      summary: "Settle a payment (facilitator)",
      description: "x402 v2 §7.2: verify's checks; a settle moves nothing (no chain).",
      tags: [TAG],
      security: [],
      parameters: [REQUEST_ID_PARAMETER],
      requestBody: facilitatorBody,
      responses: {
        "200": { description: "The SettlementResponse.", ...json(SETTLE_RESPONSE) },
        ...FACILITATOR_ERRORS,
      },
    },
    options: preflightOperation("x402SettlePreflight", TAG),
  },
});
