/**
 * Steps 2 to 6 of the EVM binding's verification of a client payload (scheme_auth_capture_evm.md
 * "Verification", "Client payment payload"), on the requirements a payment is checked against:
 * the scheme, the network, the `extra` fields, the operator ("Validation before relaying") and
 * the transfer method. What passes is read into numbers and addresses for the payload's steps
 * (check-payment.ts). Only the demo network of D30 is served, with its one asset and the
 * service's own operator; `"delegated"` without a receiver authorizer is authorize-only.
 */
import { DEMO_ASSET, DEMO_CHAIN_ID, DEMO_NETWORK, ESCROW, type X402Identity } from "./demo-network.ts";
import { type Address, isAddress, sameAddress } from "./evm-words.ts";
import {
  AUTH_CAPTURE,
  type PaymentRequirements,
  type Refusal,
  refuse,
  UINT48_MAX,
  uintNumber,
  uintText,
} from "./wire.ts";

/** The commerce-payments deployments ("Commerce-payments deployments"): escrow and EIP-3009 collector. */
const DEPLOYMENTS: readonly { escrow: Address; collector: Address }[] = [
  { escrow: ESCROW.escrow, collector: ESCROW.eip3009Collector },
  { escrow: "0xBdEA0D1bcC5966192B070Fdf62aB4EF5b4420cff", collector: "0x0E3dF9510de65469C4518D7843919c0b8C7A7757" },
];

const ZERO = /^0x0{40}$/;
const CAIP2_EIP155 = /^eip155:\d+$/;

/** Requirements that passed, read. */
export interface CheckedRequirements {
  ok: true;
  chainId: number;
  amount: bigint;
  asset: Address;
  payTo: Address;
  maxTimeoutSeconds: number;
  name: string;
  version: string;
  operator: Address;
  receiverAuthorizer: Address | null;
  policy: Address | null;
  captureDeadline: number;
  refundDeadline: number;
  minFeeBps: number;
  maxFeeBps: number;
  feeRecipient: Address;
  escrow: Address;
  collector: Address;
}

/** An optional address of `extra`: absent or zero is null, anything but an address is undefined. */
function optionalAddress(value: unknown): Address | null | undefined {
  if (value === undefined || value === null) return null;
  if (!isAddress(value)) return undefined;
  return ZERO.test(value) ? null : value;
}

/** Steps 2 and 3: the scheme and the network, of the requirements and of the payload's `accepted`; null when both pass. */
export function checkKind(requirements: PaymentRequirements, accepted: Partial<PaymentRequirements>): Refusal | null {
  // 2. Scheme match; another scheme is one this facilitator does not support (x402 v2 §9).
  if (requirements.scheme !== AUTH_CAPTURE) return refuse("unsupported_scheme", "Only auth-capture is supported here.");
  if (accepted.scheme !== AUTH_CAPTURE)
    return refuse("invalid_auth_capture_evm_scheme", "accepted.scheme must be auth-capture.");
  // 3. Network match, in eip155:<chainId> form; the demo network is the only one served (D30).
  if (typeof accepted.network !== "string" || !CAIP2_EIP155.test(accepted.network))
    return refuse("invalid_network", "accepted.network must be eip155:<chainId>.");
  if (requirements.network !== DEMO_NETWORK) return refuse("invalid_network", `Only ${DEMO_NETWORK} is served here.`);
  if (accepted.network !== requirements.network)
    return refuse("invalid_auth_capture_evm_network_mismatch", `accepted.network must be ${requirements.network}.`);
  return null;
}

/** Steps 2-6 on `requirements`, with `accepted` the payload's choice; the read requirements, or the first refusal. */
export function checkRequirements(
  requirements: PaymentRequirements,
  accepted: PaymentRequirements,
  identity: X402Identity,
): CheckedRequirements | Refusal {
  const kind = checkKind(requirements, accepted);
  if (kind !== null) return kind;
  const extra = requirements.extra;
  const amount = uintText(requirements.amount);
  const maxTimeoutSeconds = uintNumber(requirements.maxTimeoutSeconds, UINT48_MAX);
  if (amount === null || amount === 0n || maxTimeoutSeconds === null || !isAddress(requirements.payTo))
    return refuse("invalid_payment_requirements", "amount, payTo and maxTimeoutSeconds must be set.");
  if (!isAddress(requirements.asset) || !sameAddress(requirements.asset, DEMO_ASSET))
    return refuse("invalid_payment_requirements", `The demo network has one asset: ${DEMO_ASSET}.`);
  // 4. Extra validation, fee bounds as the "Fee system" appendix gives them.
  const captureDeadline = uintNumber(extra.captureDeadline, UINT48_MAX);
  const refundDeadline = uintNumber(extra.refundDeadline, UINT48_MAX);
  const minFeeBps = uintNumber(extra.minFeeBps, 10_000);
  const maxFeeBps = uintNumber(extra.maxFeeBps, 10_000);
  const deployment =
    extra.authCaptureEscrow === undefined
      ? DEPLOYMENTS[0]
      : DEPLOYMENTS.find(
          (d) => typeof extra.authCaptureEscrow === "string" && sameAddress(d.escrow, extra.authCaptureEscrow),
        );
  if (
    typeof extra.name !== "string" ||
    typeof extra.version !== "string" ||
    !isAddress(extra.captureAuthorizer) ||
    !isAddress(extra.feeRecipient) ||
    captureDeadline === null ||
    refundDeadline === null ||
    minFeeBps === null ||
    maxFeeBps === null ||
    minFeeBps > maxFeeBps ||
    (ZERO.test(extra.feeRecipient) && maxFeeBps > 0) ||
    deployment === undefined
  )
    return refuse(
      "invalid_auth_capture_evm_extra",
      "extra lacks a required field, or its fee or escrow fields are not valid.",
    );
  const flow = extra.paymentFlow ?? "escrow";
  if (flow === "authorization")
    return refuse(
      "invalid_auth_capture_evm_missing_receiver_authorizer",
      "A charge needs a receiver authorizer; none is served here.",
    );
  if (flow !== "escrow" || extra.autoCapture === true)
    return refuse("invalid_auth_capture_evm_unsupported_payment_flow", "paymentFlow must be escrow.");
  // 5. Operator: "delegated" (or absent) with the service's own operator; no contract operator is admitted.
  const type = extra.operatorType ?? "delegated";
  if (type === "custom")
    return refuse("invalid_auth_capture_evm_operator_not_admitted", "No custom operator is admitted here.");
  if (type !== "delegated")
    return refuse("invalid_auth_capture_evm_unsupported_operator_type", "operatorType must be delegated.");
  if (!sameAddress(extra.captureAuthorizer, identity.operator))
    return refuse(
      "invalid_auth_capture_evm_operator_not_admitted",
      "captureAuthorizer must be this service's operator (GET /supported).",
    );
  const policy = optionalAddress(extra.policy);
  if (policy !== null) return refuse("invalid_auth_capture_evm_policy", "policy must be absent or the zero address.");
  const receiverAuthorizer = optionalAddress(extra.receiverAuthorizer);
  if (receiverAuthorizer === undefined)
    return refuse("invalid_auth_capture_evm_extra", "receiverAuthorizer must be an address.");
  // 6. Method routing: EIP-3009 only; the demo network has no Permit2.
  const method = extra.assetTransferMethod ?? "eip3009";
  if (method !== "eip3009")
    return refuse(
      "invalid_auth_capture_evm_unsupported_asset_transfer_method",
      "assetTransferMethod must be eip3009 here.",
    );
  return {
    ok: true,
    chainId: DEMO_CHAIN_ID,
    amount,
    asset: requirements.asset,
    payTo: requirements.payTo,
    maxTimeoutSeconds,
    name: extra.name,
    version: extra.version,
    operator: extra.captureAuthorizer,
    receiverAuthorizer,
    policy,
    captureDeadline,
    refundDeadline,
    minFeeBps,
    maxFeeBps,
    feeRecipient: extra.feeRecipient,
    escrow: deployment.escrow,
    collector: deployment.collector,
  };
}
