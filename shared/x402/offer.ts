/**
 * The one offer a fund body gets (D30): `auth-capture` with the `escrow` flow on the demo network
 * (scheme_auth_capture_evm.md "PaymentRequirements"), for the job's amount in demo credits, paid
 * to the job's own address (`payToOf`), held until the hold's end, with fee bounds that contain
 * SETTLEMENT's fee for this amount, the service as the `"delegated"` operator with no receiver
 * authorizer (authorize-only: capture and void run out of band, under the engines), and so
 * `captureMode` `"deferred"` written out ("Sync and async finalize").
 */
import { settleRelease } from "../protocol/fees.ts";
import {
  ASSET_DOMAIN,
  DEFAULT_HOLD_SECONDS,
  DEMO_ASSET,
  DEMO_NETWORK,
  ESCROW,
  FEE_BPS,
  MAX_TIMEOUT_SECONDS,
  SKEW_SECONDS,
  type X402Identity,
} from "./demo-network.ts";
import type { Address } from "./evm-words.ts";
import { AUTH_CAPTURE, type PaymentRequirements } from "./wire.ts";

/**
 * The fee bounds of an amount (the "Fee system" appendix: the v1.1 escrow admits a fee with
 * `amount * minFeeBps / 10000 <= fee <= amount * maxFeeBps / 10000`, integer division): 500 bps
 * where that floor is SETTLEMENT's fee exactly, else a ceiling just high enough to admit it.
 */
export function feeBounds(amount: number): { minFeeBps: number; maxFeeBps: number } {
  // In bigint: an amount up to 2^53 - 1 times 10,000 is past a double's exact integers.
  const fee = BigInt(settleRelease(amount).fee);
  const units = BigInt(amount);
  if ((units * BigInt(FEE_BPS)) / 10_000n === fee) return { minFeeBps: FEE_BPS, maxFeeBps: FEE_BPS };
  const ceiling = (fee * 10_000n + units - 1n) / units;
  return { minFeeBps: FEE_BPS, maxFeeBps: Math.max(FEE_BPS, Number(ceiling)) };
}

/** The hold's end of a fund body in whole Unix seconds: expires_at's (rounded down), or now plus the default (D30). */
export const captureDeadlineOf = (expiresAt: string | undefined, now: number): number =>
  Math.floor((expiresAt === undefined ? now + DEFAULT_HOLD_SECONDS * 1000 : Date.parse(expiresAt)) / 1000);

/** What an offer is made of: the job's identity and amount, the hold's end, and the service's addresses. */
export interface OfferTerms {
  job: { id: string; createdAt: string; amount: number };
  /** The job's payTo (`payToOf(job)`), made once per request. */
  payTo: Address;
  captureDeadline: number;
  /** The clock reading the offer is made at (epoch ms). */
  now: number;
}

/**
 * The offer: `maxTimeoutSeconds` five minutes, or half the time left in the hold less the 6 s
 * floor, so that a payment sent in time still passes "Verification" step 7; `refundDeadline` is
 * the capture deadline (nothing is refunded after a capture here: a dispute voids before it).
 */
export function offerFor(
  { job, payTo, captureDeadline, now }: OfferTerms,
  identity: X402Identity,
): PaymentRequirements {
  const left = captureDeadline - Math.floor(now / 1000) - SKEW_SECONDS;
  return {
    scheme: AUTH_CAPTURE,
    network: DEMO_NETWORK,
    amount: String(job.amount),
    asset: DEMO_ASSET,
    payTo,
    maxTimeoutSeconds: Math.max(1, Math.min(MAX_TIMEOUT_SECONDS, Math.floor(left / 2))),
    extra: {
      name: ASSET_DOMAIN.name,
      version: ASSET_DOMAIN.version,
      authCaptureEscrow: ESCROW.escrow,
      captureAuthorizer: identity.operator,
      operatorType: "delegated",
      paymentFlow: "escrow",
      captureMode: "deferred",
      captureDeadline,
      refundDeadline: captureDeadline,
      ...feeBounds(job.amount),
      feeRecipient: identity.feeRecipient,
      assetTransferMethod: "eip3009",
    },
  };
}
