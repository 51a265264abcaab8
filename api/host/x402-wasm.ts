/**
 * The x402 checks' two costs in WASM, for the hosts that may compile it (a Worker may not: it
 * keeps the portable ones). libsecp256k1 (`tiny-secp256k1` 2.2): a payer's signature recovered
 * in about 0.3 ms against 0.6-2 ms for @noble/curves (shared/x402/recover.ts; measured
 * 2026-12-07, Bun 1.4.4 and Node 20, 300 recoveries after a warm-up); its loader reads the WASM
 * file from disk. keccak-256 (`hash-wasm` 4.13): 2.6 µs for a PaymentInfo's 416 bytes against
 * 30 µs for @noble/hashes (20,000 calls, same day).
 */
import { createKeccak } from "hash-wasm";
import { recover } from "tiny-secp256k1";
import type { Recover } from "../../shared/x402/recover.ts";

/** The recovery of shared/x402/recover.ts by libsecp256k1. */
export const wasmRecover: Recover = (digest, rs, bit) => {
  try {
    return recover(digest, rs, bit, false);
  } catch {
    return null;
  }
};

const hasher = await createKeccak(256);

/** keccak-256 by hash-wasm, installed over the portable one (shared/x402/evm-words.ts's installKeccak). */
export const wasmKeccak = (bytes: Uint8Array): Uint8Array => {
  hasher.init();
  hasher.update(bytes);
  return hasher.digest("binary");
};
