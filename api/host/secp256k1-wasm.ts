/**
 * libsecp256k1 compiled to WASM (`tiny-secp256k1` 2.2): a payer's signature recovered in about
 * 0.3 ms against 0.6-2 ms for the portable @noble/curves one (shared/x402/recover.ts; measured
 * 2026-12-07, Bun 1.4.4 and Node 20, 300 recoveries after a warm-up). Its loader reads the WASM
 * file from disk, so it serves the hosts with a file system; the Worker keeps the portable one.
 */
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
