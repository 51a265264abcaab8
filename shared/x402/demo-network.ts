/**
 * The demo network of D30, as constants: the CAIP-2 network whose chain id no public chain uses,
 * the demo credits asset (its address, EIP-712 token domain and 0 decimals: one unit is one
 * credit), the commerce-payments deployment the stock client signs for, the default hold and
 * the time bounds of an offer, and the HKDF infos the service's own addresses derive from its
 * signing key with (keys/x402-keys.ts). No chain, no token, no money: nothing here exists
 * anywhere but in the signatures a payer makes for this service.
 */
import { type Address, addressOfPublicKey, checksummed, keccak, toHex } from "./evm-words.ts";

/**
 * D30: the chain id, checked on 2026-12-07 against ethereum-lists/chains (no
 * `_data/chains/eip155-402402.json`), viem 2.48's 567 chain definitions and public code (no
 * `eip155:402402`); a public chain that takes it later changes nothing here, as no chain is read.
 */
export const DEMO_CHAIN_ID = 402402;

/** The demo network in CAIP-2 form (x402 v2 §11.1). */
export const DEMO_NETWORK = `eip155:${DEMO_CHAIN_ID}` as const;

/** The tag whose keccak-256 gives the demo credits asset's address (its last 20 bytes). */
export const ASSET_TAG = "agent-escrow-demo demo credits asset v1";

/** The demo credits asset: an address no contract holds, the same for every deployment. */
export const DEMO_ASSET: Address = checksummed(toHex(keccak(ASSET_TAG).subarray(12)) as Address);

/** The asset's EIP-712 token domain (`extra.name`, `extra.version`: scheme_auth_capture_evm.md "extra fields"). */
export const ASSET_DOMAIN = { name: "Demo Credits", version: "1" } as const;

/** One unit of the asset is one credit. */
export const ASSET_DECIMALS = 0;

/**
 * The commerce-payments v1.1 deployment the stock client (`@x402/evm` 2.27.0
 * `AUTH_CAPTURE_DEPLOYMENT_V1_1`) and scheme_auth_capture_evm.md "Commerce-payments deployments"
 * name: the escrow the signature nonce commits to, and the collector the authorization names.
 */
export const ESCROW = {
  escrow: "0xf96815976523E00e65Be8f34cA5e64b4f41EB19c",
  eip3009Collector: "0x8612dfdc421f80336cd14E8EF9cb1E765dB5ab88",
} as const satisfies Record<string, Address>;

/** D30: the hold's end when a fund body gives neither expires_at nor ttl_seconds (one day). */
export const DEFAULT_HOLD_SECONDS = 86_400;

/** An offer's `maxTimeoutSeconds`: the longest a payer's authorization may live (five minutes), less when the hold ends sooner. */
export const MAX_TIMEOUT_SECONDS = 300;

/** The clock skew floor of scheme_auth_capture_evm.md "Verification" steps 7 and 8 (6 s). */
export const SKEW_SECONDS = 6;

/** The fee the scheme's bounds must hold, in basis points: SETTLEMENT's 5 % (D30). */
export const FEE_BPS = 500;

/** HKDF-SHA256 info of the operator key (the offer's `captureAuthorizer`), from the signing key's private bytes. */
export const OPERATOR_KEY_INFO = "agent-escrow-demo x402 operator key v1";

/** HKDF-SHA256 info of the fee key (the offer's `feeRecipient`), from the signing key's private bytes. */
export const FEE_KEY_INFO = "agent-escrow-demo x402 fee key v1";

/** The tag of a job's `payTo`: keccak-256 of `tag:id:createdAt`, its last 20 bytes (D30). */
export const PAY_TO_TAG = "agent-escrow-demo x402 payTo v1";

/** The job's own receiving address: a payment signed for one job names it, so it never funds another (D30). */
export const payToOf = (job: { id: string; createdAt: string }): Address =>
  checksummed(toHex(keccak(`${PAY_TO_TAG}:${job.id}:${job.createdAt}`).subarray(12)) as Address);

/** The service's own addresses on the demo network (D30), derived from its signing key; never its keys. */
export interface X402Identity {
  /** The offer's `captureAuthorizer` (`PaymentInfo.operator`): the service submits every lifecycle step itself. */
  operator: Address;
  /** The offer's `feeRecipient`. */
  feeRecipient: Address;
}

/** The identity of two secp256k1 public keys (uncompressed): their addresses. */
export const identityOf = (operatorKey: Uint8Array, feeKey: Uint8Array): X402Identity => ({
  operator: addressOfPublicKey(operatorKey),
  feeRecipient: addressOfPublicKey(feeKey),
});
