/**
 * What the engine is a function of besides the request (D13): one clock reading, a source of
 * random hex, and (when SEALS is not off) the signer that seals jobs and signs receipts (D27).
 * Only the server passes the real clock and keys; tests pass fixed ones.
 */
import type { Sealing, UnusableSealing } from "../seal/signer.ts";

/** The engine's inputs beyond body and headers, as each engine route is given them. */
export interface EngineContext {
  /** Epoch milliseconds, read once per request. */
  now: number;
  /** `length` random lowercase hex characters. */
  randomHex(length: number): string;
  /** Seals and signatures: absent, none are made or checked (SEALS=off). */
  sealing?: Sealing;
}

/**
 * The context a host hands run(): the same, except that its sealing may be unusable (SEALS=required
 * without a usable key), which run() answers with seals_unavailable before any route sees it.
 */
export interface HostContext extends Omit<EngineContext, "sealing"> {
  sealing?: Sealing | UnusableSealing;
}

/** What every engine returns: an HTTP status and a JSON body. */
export interface EngineResult {
  status: number;
  body: Record<string, unknown>;
}
