/**
 * A facilitator for the demo network (x402-specification-v2.md §7), as `HTTPFacilitatorClient`
 * (`@x402/core` 2.27.0) calls it under `<origin>/api/v0/x402`: GET /supported (§7.3, with the
 * binding's `auth-capture` kind: scheme_auth_capture_evm.md "/supported"), POST /verify (§7.1)
 * and POST /settle (§7.2), for `auth-capture` `authorize` on the demo network, every check of
 * check-payment.ts. Other schemes and networks are refused with the specification's codes
 * (`unsupported_scheme`, `invalid_network`). Settling moves nothing: no chain exists (D30), so a
 * settle is the verification, answered as a settlement whose `transaction` is the payment's
 * identity. The service keeps nothing, so one authorization settles as often as it is sent (D26).
 */
import { isObject, type JsonObject } from "../lib/json.ts";
import { checkPayment } from "./check-payment.ts";
import { DEMO_NETWORK, type X402Identity } from "./demo-network.ts";
import type { X402Keys } from "./fund.ts";
import {
  AUTH_CAPTURE,
  type PaymentRequirements,
  type SettleResponse,
  type VerifyResponse,
  X402_VERSION,
} from "./wire.ts";

/** GET /supported (§7.3.1): one kind, the service's operator as captureAuthorizer and as the signer of `eip155:*`. */
export const supported = (identity: X402Identity) => ({
  kinds: [
    {
      x402Version: X402_VERSION,
      scheme: AUTH_CAPTURE,
      network: DEMO_NETWORK,
      extra: { captureAuthorizer: identity.operator },
    },
  ],
  extensions: [],
  signers: { "eip155:*": [identity.operator] },
});

/** The verification of a /verify or /settle body (§7.1: x402Version, paymentPayload, paymentRequirements) at `now` (Unix seconds). */
function verification(body: JsonObject, now: number, keys: X402Keys) {
  const { paymentPayload, paymentRequirements } = body;
  if (!isObject(paymentRequirements) || !isObject(paymentRequirements.extra))
    return {
      ok: false,
      reason: "invalid_payment_requirements",
      message: "paymentRequirements must be an object with extra.",
    } as const;
  if (body.x402Version !== X402_VERSION)
    return { ok: false, reason: "invalid_x402_version", message: "x402Version must be 2." } as const;
  const requirements = paymentRequirements as unknown as PaymentRequirements;
  return checkPayment(paymentPayload, requirements, now, keys.identity, keys.recover);
}

/** POST /verify's answer (§5.4): valid with the payer, or the reason. */
export function verifyAnswer(body: JsonObject, now: number, keys: X402Keys): VerifyResponse {
  const result = verification(body, now, keys);
  if (result.ok) return { isValid: true, payer: result.payer };
  return {
    isValid: false,
    invalidReason: result.reason,
    invalidMessage: result.message,
    ...("payer" in result && result.payer !== undefined && { payer: result.payer }),
  };
}

/** POST /settle's answer (§5.3): the authorization "settled" (held, on no chain), or the reason and an empty transaction. */
export function settleAnswer(body: JsonObject, now: number, keys: X402Keys): SettleResponse {
  const result = verification(body, now, keys);
  const network =
    isObject(body.paymentRequirements) && typeof body.paymentRequirements.network === "string"
      ? body.paymentRequirements.network
      : DEMO_NETWORK;
  if (result.ok)
    return { success: true, payer: result.payer, transaction: result.payment, network, amount: result.amount };
  return {
    success: false,
    errorReason: result.reason,
    errorMessage: result.message,
    ...("payer" in result && result.payer !== undefined && { payer: result.payer }),
    transaction: "",
    network,
  };
}
