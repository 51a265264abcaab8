/**
 * The hashes an `auth-capture` payment is checked by, computed as the EVM binding gives them
 * (scheme_auth_capture_evm.md "Payment identity" and the "PaymentInfo struct" appendix) and as
 * the stock client signs them (`@x402/evm` 2.27.0, its auth-capture nonce module): the payer-agnostic
 * PaymentInfo hash and the signature nonce over it, the salt binding, and the EIP-712 digest of
 * the ERC-3009 `ReceiveWithAuthorization` the payer signs (EIP-712 "Definition of
 * hashStruct", "Definition of domainSeparator"). Every value is a static ABI type, so each
 * encoding is a row of 32-byte words.
 */
import { ASSET_DOMAIN, DEMO_ASSET, DEMO_CHAIN_ID } from "./demo-network.ts";
import { type Address, addressWord, keccak, sameAddress, uintWord, words } from "./evm-words.ts";

/** The PaymentInfo struct (Solidity names, so its typehash is the escrow's byte for byte). */
export interface PaymentInfo {
  operator: Address;
  payer: Address;
  receiver: Address;
  token: Address;
  maxAmount: bigint;
  preApprovalExpiry: bigint;
  authorizationExpiry: bigint;
  refundExpiry: bigint;
  minFeeBps: bigint;
  maxFeeBps: bigint;
  feeReceiver: Address;
  salt: bigint;
}

const PAYMENT_INFO_TYPEHASH = keccak(
  "PaymentInfo(address operator,address payer,address receiver,address token,uint120 maxAmount,uint48 preApprovalExpiry,uint48 authorizationExpiry,uint48 refundExpiry,uint16 minFeeBps,uint16 maxFeeBps,address feeReceiver,uint256 salt)",
);

const SALT_BINDING_TYPEHASH = keccak(
  "x402AuthCaptureSaltBinding(address receiverAuthorizer,address policy,uint256 saltNonce)",
);

/** The zero address: the payer of the signature nonce, and an absent receiver authorizer or policy. */
export const ZERO_ADDRESS: Address = "0x0000000000000000000000000000000000000000";

/**
 * keccak(chainId, escrow, keccak(PAYMENT_INFO_TYPEHASH, paymentInfo with `payer`)) ("Payment
 * identity"): with the zero address as payer, the signature nonce the payer signs
 * (payerAgnosticHash under signatureNonce); with the real payer, the escrow's paymentInfoHash
 * (`AuthCaptureEscrow.getHash`), the payment's identity.
 */
export function paymentInfoHash(chainId: number, escrow: Address, info: PaymentInfo, payer: Address): Uint8Array {
  const inner = keccak(
    words(
      PAYMENT_INFO_TYPEHASH,
      addressWord(info.operator),
      addressWord(payer),
      addressWord(info.receiver),
      addressWord(info.token),
      uintWord(info.maxAmount),
      uintWord(info.preApprovalExpiry),
      uintWord(info.authorizationExpiry),
      uintWord(info.refundExpiry),
      uintWord(info.minFeeBps),
      uintWord(info.maxFeeBps),
      addressWord(info.feeReceiver),
      uintWord(info.salt),
    ),
  );
  return keccak(words(uintWord(BigInt(chainId)), addressWord(escrow), inner));
}

/** The bound salt ("Payment identity"): keccak(SALT_BINDING_TYPEHASH, receiverAuthorizer, policy, saltNonce). */
export const boundSalt = (receiverAuthorizer: Address, policy: Address, saltNonce: bigint): Uint8Array =>
  keccak(words(SALT_BINDING_TYPEHASH, addressWord(receiverAuthorizer), addressWord(policy), uintWord(saltNonce)));

/** An ERC-3009 `ReceiveWithAuthorization` as signed: every number already read. */
export interface Authorization {
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Uint8Array;
}

const DOMAIN_TYPEHASH = keccak("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
const RECEIVE_TYPEHASH = keccak(
  "ReceiveWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)",
);

/** The token's EIP-712 domain: `{ name, version }` from `extra`, `chainId` from the network, the asset as verifying contract. */
export interface TokenDomain {
  name: string;
  version: string;
  chainId: number;
  verifyingContract: Address;
}

/** The EIP-712 domain separator of a token domain ("Definition of domainSeparator"). */
const separatorOf = (domain: TokenDomain): Uint8Array =>
  keccak(
    words(
      DOMAIN_TYPEHASH,
      keccak(domain.name),
      keccak(domain.version),
      uintWord(BigInt(domain.chainId)),
      addressWord(domain.verifyingContract),
    ),
  );

/** The demo asset's separator, made once: four keccaks a payment need not pay for (D30). */
const DEMO_DOMAIN: TokenDomain = { ...ASSET_DOMAIN, chainId: DEMO_CHAIN_ID, verifyingContract: DEMO_ASSET };
const DEMO_SEPARATOR = separatorOf(DEMO_DOMAIN);
const isDemoDomain = (domain: TokenDomain): boolean =>
  domain.name === DEMO_DOMAIN.name &&
  domain.version === DEMO_DOMAIN.version &&
  domain.chainId === DEMO_CHAIN_ID &&
  sameAddress(domain.verifyingContract, DEMO_ASSET);

/** The EIP-712 digest a payer signs for `authorization` in `domain`: keccak(0x1901 ‖ domainSeparator ‖ hashStruct). */
export function authorizationDigest(domain: TokenDomain, authorization: Authorization): Uint8Array {
  const separator = isDemoDomain(domain) ? DEMO_SEPARATOR : separatorOf(domain);
  const struct = keccak(
    words(
      RECEIVE_TYPEHASH,
      addressWord(authorization.from),
      addressWord(authorization.to),
      uintWord(authorization.value),
      uintWord(authorization.validAfter),
      uintWord(authorization.validBefore),
      authorization.nonce,
    ),
  );
  const message = new Uint8Array(66);
  message[0] = 0x19;
  message[1] = 0x01;
  message.set(separator, 2);
  message.set(struct, 34);
  return keccak(message);
}
