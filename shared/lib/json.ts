/**
 * Parsed JSON values as the engine and the browser code meet them.
 */

/** A parsed JSON object (never an array). */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object: not null, not an array. */
export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);
