/**
 * A payer's signature is a secp256k1 public-key recovery: the one costly step of a paid fund
 * (about 0.3 ms with libsecp256k1 in WASM, 0.6-2 ms in JavaScript, measured 2026-12-07 on Bun
 * 1.4.4 and Node 20). The host may hand the service a faster recovery (`tiny-secp256k1` on
 * Bun: api/host/x402-wasm.ts); this portable one (@noble/curves, pure JavaScript) serves
 * everywhere else, the Worker bundle included. Both recover the same key, or none.
 */
import { secp256k1 } from "@noble/curves/secp256k1";

/**
 * The uncompressed public key (65 bytes, 0x04 first) that signed the 32-byte `digest` with the
 * compact signature `rs` (64 bytes, r then s, s already checked low) and recovery bit `bit`;
 * null when none does.
 */
export type Recover = (digest: Uint8Array, rs: Uint8Array, bit: 0 | 1) => Uint8Array | null;

/** The portable recovery (@noble/curves). */
export const nobleRecover: Recover = (digest, rs, bit) => {
  try {
    return secp256k1.Signature.fromCompact(rs).addRecoveryBit(bit).recoverPublicKey(digest).toRawBytes(false);
  } catch {
    return null;
  }
};

/** n/2 of secp256k1: a signature whose s is above it is the malleable twin of another (EIP-2, OpenZeppelin ECDSA). */
const HALF_N = secp256k1.CURVE.n >> 1n;

/** The parts of a 65-byte `r ‖ s ‖ v` signature (v 27 or 28, or 0 or 1), or null when it is not one with a low s. */
export function signatureParts(signature: Uint8Array): { rs: Uint8Array; bit: 0 | 1 } | null {
  if (signature.length !== 65) return null;
  const v = signature[64]!;
  const bit = v === 27 || v === 0 ? 0 : v === 28 || v === 1 ? 1 : null;
  if (bit === null) return null;
  let s = 0n;
  for (let i = 32; i < 64; i++) s = (s << 8n) | BigInt(signature[i]!);
  if (s === 0n || s > HALF_N) return null;
  return { rs: signature.subarray(0, 64), bit };
}

/** The uncompressed public key of a 32-byte secp256k1 private scalar. */
export const publicKeyOf = (privateScalar: Uint8Array): Uint8Array => secp256k1.getPublicKey(privateScalar, false);
