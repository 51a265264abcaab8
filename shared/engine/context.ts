/**
 * What the engine is a function of besides the request (D13): one clock reading, a source of
 * random hex, and (when SEALS is not off) the signer that seals jobs and signs receipts (D27).
 * Only the server passes the real clock and keys; tests pass fixed ones.
 */
import type { Sealing } from "../seal/signer.ts";

/** The engine's inputs beyond body and headers. */
export interface EngineContext {
  /** Epoch milliseconds, read once per request. */
  now: number;
  /** `length` random lowercase hex characters. */
  randomHex(length: number): string;
  /** Seals and signatures: absent, none are made or checked (SEALS=off). */
  sealing?: Sealing;
}

/** What every engine returns: an HTTP status and a JSON body. */
export interface EngineResult {
  status: number;
  body: Record<string, unknown>;
}
