/**
 * Parsed JSON values as the engine and the browser code meet them.
 */

/** A parsed JSON object (never an array). */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object: not null, not an array. */
export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * True when two JSON values are equal, members in any order. -0 is not 0: JSON writes -0 as 0,
 * so a -0 read from text was not written by JSON.stringify, and the two verifiers of a receipt's
 * signature (shared/seal/seal.ts, client/receipt-check.ts) both tell them apart (D27).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
}
