/**
 * The kinds of field rule, as Valibot schemas: the single statement of what a value must be.
 * The field tables (fields.ts, job-members.ts, receipt-members.ts) give each field its rule; the
 * engine's body schemas are built from them (shared/engine/body-schemas.ts, one parse in the
 * order of D7), and the JSON Schemas and the UI's form limits derive from them. Every string is trimmed before it is checked (D2);
 * characters are code points (D1); integers are safe integers (D3). Each rule carries its own
 * message, naming its field.
 *
 * Issue types the engine reads (shared/engine/body-reader.ts): `non_empty` on a required top-level
 * string is missing_field (D2); every other issue is invalid_field with the rule's message.
 */
import * as v from "valibot";
import { maxCodePoints } from "./code-points.ts";
import { LIMITS } from "./constants.ts";
import { DATE_TIME_PATTERN, parseDateTime, UTC_DATE_TIME_PATTERN } from "./datetime.ts";

/** A field rule: a synchronous Valibot schema from JSON input to its checked value of type `T`. */
export type RuleOf<T> = v.GenericSchema<unknown, T>;
/** Any field rule. */
export type Rule = RuleOf<unknown>;
/** The checked value a rule gives. */
export type ValueOf<R> = R extends RuleOf<infer T> ? T : never;

/** A required string: empty after trim is missing (top level) or invalid (job member). */
export function requiredText(field: string, max?: number): RuleOf<string> {
  const message = max ? `${field} must be a string of 1 to ${max} characters.` : `${field} must be a non-empty string.`;
  return max
    ? v.pipe(v.string(message), v.trim(), v.nonEmpty(message), maxCodePoints(max, message))
    : v.pipe(v.string(message), v.trim(), v.nonEmpty(message));
}

/** An optional string of 1 to `max` characters: empty after trim is invalid (client_ref). */
export function boundedText(field: string, max: number): RuleOf<string> {
  const message = `${field} must be a string of 1 to ${max} characters.`;
  return v.pipe(v.string(message), v.trim(), v.minLength(1, message), maxCodePoints(max, message));
}

/** A note (proof_note, release_note, dispute_reason): max 400 after trim; empty is ignored. */
export function note(field: string): RuleOf<string> {
  const message = `${field} must be a string of at most ${LIMITS.noteMax} characters.`;
  return v.pipe(v.string(message), v.trim(), maxCodePoints(LIMITS.noteMax, message));
}

/** The longest hold any clock allows: from the epoch to 9999-12-31T23:59:59 (expiresAtMax), in seconds. */
export const TTL_SECONDS_MAX = Math.floor(Date.parse(LIMITS.expiresAtMax) / 1000);

/** What a ttl_seconds that ends the hold past expiresAtMax is told (the rule's bound and the engine's clock check alike). */
export const TTL_MESSAGE = `ttl_seconds must be an integer >= ${LIMITS.ttlSecondsMin} that ends the hold by ${LIMITS.expiresAtMax}.`;

/**
 * A safe integer from `min` to `max` (D3): numeric strings, fractions, 1e400 and booleans fail.
 * `max` is integerMax unless the field has a tighter bound (ttl_seconds: TTL_SECONDS_MAX, which
 * no clock after the epoch can turn into a hold that ends by expiresAtMax; the engine then checks
 * the end against its clock, D2: the schema states the bound it can, never looser), and
 * `maxMessage` is what a value above it is told.
 */
export function integer(
  field: string,
  min: number,
  max: number = LIMITS.integerMax,
  maxMessage = `${field} must be an integer <= ${max}.`,
): RuleOf<number> {
  const message = `${field} must be an integer >= ${min}.`;
  return v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, maxMessage));
}

/** Scheme and authority shape of callback_url; the engine also requires a parseable URL with a host (D13a). */
const HTTPS_URL_PATTERN = /^[Hh][Tt][Tt][Pp][Ss]:\/\/[^\s/?#]+(?:[/?#]\S*)?$/;

/**
 * What a JSON Schema can add to a rule's `check` (convert.ts reads it): a pattern that values the
 * check refuses match, so that the schema refuses them too. Never looser than the check (D2).
 */
interface CheckSchema {
  not: { pattern: string };
}

/** Attaches `refused` (a pattern of values the check refuses) to a check function, for the published schemas. */
const described = <F extends (text: string) => boolean>(check: F, refused: string): F =>
  Object.assign(check, { jsonSchema: { not: { pattern: refused } } satisfies CheckSchema });

/**
 * Authorities no URL parser takes (D13a): a control character, an unclosed IPv6 bracket, a % not
 * followed by two hex digits in the host, a second colon outside brackets, or a port past 65535.
 */
const BAD_AUTHORITY = [
  // A control character (C0 or DEL) in the authority: no URL parser takes it in a host.
  "^[^/?#]*//[^/?#]*[\\u0000-\\u001F\\u007F]",
  "^[^/?#]*//[^/?#\\[]*\\[[^\\]/?#]*(?:[/?#]|$)",
  "^[^/?#]*//(?:[^/?#@]*@)?[^/?#@]*%(?![0-9A-Fa-f]{2})",
  "^[^/?#]*//(?:[^/?#@]*@)?[^/?#@\\[\\]:]*:[^/?#@]*:",
  "^[^/?#]*//(?:[^/?#@]*@)?[^/?#@]*:(?:6553[6-9]|655[4-9]\\d|65[6-9]\\d{2}|6[6-9]\\d{3}|[7-9]\\d{4}|\\d{6,})(?:[/?#]|$)",
].join("|");

/** Calendar dates that do not exist: the 30th and 31st of February, the 31st of a 30-day month, 29 February of a common year. */
const IMPOSSIBLE_DATE =
  "^(?:\\d{4}-(?:02-3[01]|(?:0[469]|11)-31)|(?!(?:\\d\\d(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)\\d{4}-02-29)";

const hasHost = (text: string): boolean => {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname.length > 0;
  } catch {
    return false;
  }
};

/** An https URL of 1 to 512 characters (callback_url). */
export function httpsUrl(field: string): RuleOf<string> {
  const message = `${field} must be an https URL of at most ${LIMITS.callbackUrlMax} characters.`;
  return v.pipe(
    v.string(message),
    v.trim(),
    v.minLength(1, message),
    maxCodePoints(LIMITS.callbackUrlMax, message),
    v.regex(HTTPS_URL_PATTERN, message),
    v.check(described(hasHost, BAD_AUTHORITY), message),
  );
}

// One compiled pattern per kind, shared by every date-time rule (a stateless, non-global RegExp).
const UTC_DATE_TIME = new RegExp(UTC_DATE_TIME_PATTERN);
const DATE_TIME = new RegExp(DATE_TIME_PATTERN);

/** An RFC 3339 date-time; `utcOnly` for expires_at (D4). The future test needs the clock, so the engine does it. */
export function dateTime(field: string, utcOnly: boolean): RuleOf<string> {
  const message = utcOnly ? `${field} must be an ISO-8601 UTC datetime.` : `${field} must be an ISO-8601 datetime.`;
  return v.pipe(
    v.string(message),
    v.trim(),
    v.regex(utcOnly ? UTC_DATE_TIME : DATE_TIME, message),
    v.check(
      described((text) => parseDateTime(text, utcOnly) !== null, IMPOSSIBLE_DATE),
      message,
    ),
  );
}

/** One of a closed set of words, trimmed first. */
export function oneOf<const T extends readonly [string, ...string[]]>(
  field: string,
  words: T,
  message?: string,
): RuleOf<T[number]> {
  const text = message ?? `${field} must be one of ${words.join(", ")}.`;
  return v.pipe(v.string(text), v.trim(), v.picklist(words, text));
}

/** A string matching a fixed pattern (ids). */
export function patterned(field: string, pattern: RegExp): RuleOf<string> {
  const message = `${field} must match ${pattern.source}.`;
  return v.pipe(v.string(message), v.trim(), v.regex(pattern, message));
}

/** A string that may be empty (a job's proofUrl before submit). */
export function anyText(field: string): RuleOf<string> {
  return v.pipe(v.string(`${field} must be a string.`), v.trim());
}

/** A date-time stamp or null (fundedAt, submittedAt, resolvedAt; receipts' stamps). */
export function optionalStamp(field: string): RuleOf<string | null> {
  return v.nullable(dateTime(field, false));
}
