/**
 * The one shortcut past Valibot in reading a body: a job's or a receipt's date-time sent in
 * toISOString form, the form every answer writes and so the form clients send back (D4), is
 * accepted as it is. Its rule (rules.ts dateTime: a pattern, then a parse) accepts every such
 * stamp and gives it back unchanged, so the answer is the same; the shortcut saves the pattern
 * and the parse, the largest part of reading a job (docs/performance.md, "Reading bodies with
 * Valibot"). snapshots/engine/date-times.test.ts holds it to the rules. Anything else goes to
 * the rule.
 */
import { isIsoStamp } from "../protocol/datetime.ts";

/** `value` when it is a stamp in toISOString form, else undefined (the rule decides). */
export const isoStampAsIs = (value: unknown): unknown =>
  typeof value === "string" && isIsoStamp(value) ? value : undefined;
