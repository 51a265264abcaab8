/**
 * What the engine is a function of besides the request (D13): one clock reading and a
 * source of random hex. Only the server passes the real clock; tests pass fixed ones.
 */

/** The engine's inputs beyond body and headers. */
export interface EngineContext {
  /** Epoch milliseconds, read once per request. */
  now: number;
  /** `length` random lowercase hex characters. */
  randomHex(length: number): string;
}

/** What every engine returns: an HTTP status and a JSON body. */
export interface EngineResult {
  status: number;
  body: Record<string, unknown>;
}
