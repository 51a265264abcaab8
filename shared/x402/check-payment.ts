/**
 * Every check the EVM binding's facilitator runs for an `authorize` that needs no chain
 * (scheme_auth_capture_evm.md "Verification", "Client payment payload", steps 1 to 13, in its
 * order): the shape, the requirements (requirements-check.ts), the deadlines and time window, the
 * collector, the payer's ERC-3009 signature (recovered, an EOA's: the demo network has no
 * contract wallets, so ERC-1271 and EIP-6492 forms fail as signatures), the amount, and the nonce
 * recomputed as the payer-agnostic PaymentInfo hash with the salt binding. Step 14 is for a
 * charge and step 15 simulates on a chain: neither exists here. The same checks serve the fund
 * route and the facilitator's /verify and /settle.
 */
import { isObject } from "../lib/json.ts";
import type { X402Identity } from "./demo-network.ts";
import { type Address, hexBytes, isAddress, rawAddressOf, sameAddress, toHex, wordValue } from "./evm-words.ts";
import { authorizationDigest, boundSalt, type PaymentInfo, paymentInfoHash, ZERO_ADDRESS } from "./payment-info.ts";
import { type Recover, signatureParts } from "./recover.ts";
import { checkRequirements } from "./requirements-check.ts";
import { fullWord, type PaymentRequirements, type Refusal, refuse, uintText, X402_VERSION } from "./wire.ts";

/** A payment that passed: who pays, how much, until when, and its identity (the escrow's paymentInfoHash). */
export interface Passed {
  ok: true;
  payer: Address;
  amount: string;
  captureDeadline: number;
  /**
   * This payment's identity: the authorization's nonce, the signature nonce ("Payment identity"),
   * which names the one ERC-3009 authorization a token would mark used (no second hash of the
   * PaymentInfo over the payer: 45 µs of keccak a payment need not pay for).
   */
  payment: `0x${string}`;
}

/** Members a charge's completed payload adds ("Completing the payload for settlement"); never on an authorize. */
const CHARGE_MEMBERS = ["amount", "feeAmount", "feeBps", "feeReceiver", "authorizerSignature"] as const;

const LIFECYCLE: ReadonlySet<unknown> = new Set(["capture", "void", "refund"]);

/**
 * The checks of `paymentPayload` against `requirements` at `now` (Unix seconds), the service's
 * `identity` and `recover`: what passed, or the first refusal with its reason code.
 */
export function checkPayment(
  paymentPayload: unknown,
  requirements: PaymentRequirements,
  now: number,
  identity: X402Identity,
  recover: Recover,
): Passed | Refusal {
  if (!isObject(paymentPayload) || paymentPayload.x402Version !== X402_VERSION)
    return refuse("invalid_x402_version", "x402Version must be 2.");
  const { accepted, payload } = paymentPayload;
  // "Lifecycle payloads": a "delegated" operator with no receiver authorizer relays none.
  if (isObject(payload) && "type" in payload)
    return LIFECYCLE.has(payload.type)
      ? refuse(
          "invalid_auth_capture_evm_lifecycle_not_relayed",
          "capture, void and refund run under the engines here, never through /settle.",
        )
      : refuse("invalid_auth_capture_evm_payload_type", "payload.type must be capture, void or refund.");
  // 1. Shape guard: the EIP-3009 shape, signature and salt always, saltNonce iff bound, no charge members.
  const authorization = isObject(payload) ? payload.authorization : undefined;
  if (!isObject(payload) || !isObject(accepted) || !isObject(accepted.extra) || !isObject(authorization))
    return refuse("invalid_auth_capture_evm_payload_format", "payload must hold authorization, signature and salt.");
  const { from, to, value, validAfter, validBefore, nonce } = authorization;
  const numbers = [uintText(value), uintText(validAfter), uintText(validBefore)] as const;
  const salt = fullWord(payload.salt);
  const signature = typeof payload.signature === "string" ? hexBytes(payload.signature) : null;
  if (
    !isAddress(from) ||
    !isAddress(to) ||
    numbers.includes(null) ||
    fullWord(nonce) === null ||
    salt === null ||
    signature === null ||
    CHARGE_MEMBERS.some((member) => member in payload)
  )
    return refuse("invalid_auth_capture_evm_payload_format", "payload is not an EIP-3009 authorize payload.");
  const [amount, after, before] = numbers as readonly [bigint, bigint, bigint];
  // 2-6: scheme, network, extra, operator, method.
  const checked = checkRequirements(requirements, accepted as unknown as PaymentRequirements, identity);
  if (!checked.ok) return { ...checked, payer: from };
  const bound = checked.receiverAuthorizer !== null;
  const saltNonce = fullWord(payload.saltNonce);
  if (bound ? saltNonce === null : "saltNonce" in payload)
    return refuse(
      "invalid_auth_capture_evm_payload_format",
      "saltNonce must be sent exactly when the salt is bound.",
      from,
    );
  // 7. Deadline ordering, with the 6 s floor.
  const { captureDeadline, refundDeadline, maxTimeoutSeconds } = checked;
  if (refundDeadline < captureDeadline || now + maxTimeoutSeconds > captureDeadline || before > BigInt(captureDeadline))
    return refuse(
      "invalid_auth_capture_evm_deadline_ordering",
      "Deadlines must keep now + maxTimeoutSeconds <= captureDeadline <= refundDeadline, validBefore <= captureDeadline.",
      from,
    );
  if (captureDeadline <= now + 6)
    return refuse(
      "invalid_auth_capture_evm_capture_deadline_expired",
      "The capture deadline has passed, or is within 6 s.",
      from,
    );
  // 8. Time window.
  if (before <= BigInt(now + 6))
    return refuse(
      "invalid_auth_capture_evm_authorization_expired",
      "The authorization's validBefore has passed.",
      from,
    );
  if (after > BigInt(now))
    return refuse(
      "invalid_auth_capture_evm_authorization_not_yet_valid",
      "The authorization's validAfter is in the future.",
      from,
    );
  // 9. Collector match.
  if (!sameAddress(to, checked.collector))
    return refuse(
      "invalid_auth_capture_evm_token_collector_mismatch",
      `authorization.to must be the EIP-3009 collector ${checked.collector}.`,
      from,
    );
  // 11. Client signature: the ECDSA signer of the ReceiveWithAuthorization digest is `from`.
  const nonceBytes = hexBytes(nonce)!;
  const digest = authorizationDigest(
    { name: checked.name, version: checked.version, chainId: checked.chainId, verifyingContract: checked.asset },
    { from, to, value: amount, validAfter: after, validBefore: before, nonce: nonceBytes },
  );
  const parts = signatureParts(signature);
  const key = parts === null ? null : recover(digest, parts.rs, parts.bit);
  if (key === null || !sameAddress(rawAddressOf(key), from))
    return refuse("invalid_auth_capture_evm_signature", "The signature is not from's over this authorization.", from);
  // 12. Amount: authorize collects the full requirements.amount.
  if (amount !== checked.amount)
    return refuse("invalid_auth_capture_evm_amount_mismatch", "authorization.value must equal the amount.", from);
  // 13. Nonce match, and the salt binding when bound.
  if (
    bound &&
    toHex(boundSalt(checked.receiverAuthorizer!, ZERO_ADDRESS, wordValue(hexBytes(saltNonce)!))) !== salt.toLowerCase()
  )
    return refuse(
      "invalid_auth_capture_evm_salt_binding_mismatch",
      "salt is not the binding of receiverAuthorizer, policy and saltNonce.",
      from,
    );
  const info: PaymentInfo = {
    operator: checked.operator,
    payer: from,
    receiver: checked.payTo,
    token: checked.asset,
    maxAmount: checked.amount,
    preApprovalExpiry: before,
    authorizationExpiry: BigInt(captureDeadline),
    refundExpiry: BigInt(refundDeadline),
    minFeeBps: BigInt(checked.minFeeBps),
    maxFeeBps: BigInt(checked.maxFeeBps),
    feeReceiver: checked.feeRecipient,
    salt: wordValue(hexBytes(salt)!),
  };
  const payment = toHex(paymentInfoHash(checked.chainId, checked.escrow, info, ZERO_ADDRESS));
  if (payment !== toHex(nonceBytes))
    return refuse(
      "invalid_auth_capture_evm_nonce_mismatch",
      "The nonce is not this payment's (another job, deadline or fee).",
      from,
    );
  return { ok: true, payer: from, amount: checked.amount.toString(), captureDeadline, payment };
}
