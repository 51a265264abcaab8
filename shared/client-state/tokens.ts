/**
 * Share-link tokens of the reference UI (D19): `h1.` (job handoff) and `r1.` (receipt) +
 * base64url without padding of compact JSON `{ "v": 1, ... }` with short keys, compatible with
 * the first public deployment. The maps are published in /api/settlement.json.
 */
import { base64UrlToBytes, textToBase64Url } from "../lib/base64url.ts";
import { isObject } from "../lib/json.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS } from "../protocol/job-members.ts";
import type { JobMemberRow } from "../protocol/member-rows.ts";
import { RECEIPT_MEMBER_NAMES, RECEIPT_MEMBERS } from "../protocol/receipt-members.ts";

const linkOf = (member: (typeof JOB_MEMBER_NAMES)[number]): JobMemberRow => JOB_MEMBERS[member];

/**
 * The short keys of what a sealing service adds (D27): a sealed job's `seal` (in the handoff's
 * job, beside its members) and a signed receipt's `signature` (a receipt link carries it
 * detached, `header..signature`, since its payload is the receipt itself). Not job or receipt
 * members of the protocol, so not rows of the member tables; links without them still decode. Links made
 * before HS256 seals may also carry `js` (the receipt's job_sealed, gone since): opening drops it
 * like any key it does not know.
 */
export const SEAL_KEYS = { seal: "se" } as const;
export const SIGNED_RECEIPT_KEYS = { signature: "sg" } as const;

/** Job member -> short key inside a handoff token: the first deployment's map (job-members.ts `link`). */
export const HANDOFF_KEYS: Readonly<Record<string, string>> = Object.fromEntries(
  JOB_MEMBER_NAMES.filter((member) => !linkOf(member).linkExtra).map((member) => [member, linkOf(member).link]),
);

/**
 * Members a handoff carries beyond the first deployment's map (`linkExtra`), so that no job
 * field is lost on the way (a hold's expiresAt above all), and a sealed job's seal. Links of the first deployment decode
 * unchanged; it ignores these keys in links made here. Published with the map in
 * /api/settlement.json.
 */
export const HANDOFF_EXTRA_KEYS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    JOB_MEMBER_NAMES.filter((member) => linkOf(member).linkExtra).map((member) => [member, linkOf(member).link]),
  ),
  ...SEAL_KEYS,
};

/** Receipt member -> short key inside a receipt token (receipt-members.ts `link`), then the signed members. */
export const RECEIPT_KEYS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(RECEIPT_MEMBER_NAMES.map((member) => [member, RECEIPT_MEMBERS[member].link])),
  ...SIGNED_RECEIPT_KEYS,
};

/** Token prefixes, versioned (the protocol version, VERSION). */
export const TOKEN_PREFIX = { handoff: "h1.", receipt: "r1." } as const;

/** The result of reading a token: the value, or a message a person can act on. */
export type TokenResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Tokens longer than this are refused before decoding (a URL fragment, not a file). */
const TOKEN_MAX_LENGTH = 16_384;

const decoder = new TextDecoder("utf-8", { fatal: true });

/** base64url without padding of the UTF-8 of `text`. */
export const base64UrlEncode = textToBase64Url;

/** The UTF-8 text of a base64url string (no padding), or null when it is not one or not UTF-8. */
export function base64UrlDecode(encoded: string): string | null {
  const bytes = base64UrlToBytes(encoded);
  if (bytes === null) return null;
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Renames the keys of `object` by `map` (long -> short), keeping only mapped keys with a value,
 * in `object`'s order: a sealed job's seal covers its members in the order the service wrote
 * them (D27), so a link keeps that order.
 */
export function shorten(
  object: Record<string, unknown>,
  map: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [long, value] of Object.entries(object))
    if (Object.hasOwn(map, long) && value !== undefined) out[map[long]!] = value;
  return out;
}

/** short -> long of each map lengthen was given, built once per map (the maps are constants, never changed). */
const reversed = new WeakMap<Readonly<Record<string, string>>, ReadonlyMap<string, string>>();

/** The short -> long names of `map` (long -> short). */
function longNamesOf(map: Readonly<Record<string, string>>): ReadonlyMap<string, string> {
  let longOf = reversed.get(map);
  if (longOf === undefined) {
    longOf = new Map(Object.entries(map).map(([long, short]) => [short, long]));
    reversed.set(map, longOf);
  }
  return longOf;
}

/** Renames short keys back to long ones (short -> long), in `object`'s order; unknown short keys are dropped. */
export function lengthen(
  object: Record<string, unknown>,
  map: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const longOf = longNamesOf(map);
  const out: Record<string, unknown> = {};
  for (const [short, value] of Object.entries(object)) {
    const long = longOf.get(short);
    if (long !== undefined) out[long] = value;
  }
  return out;
}

/** The compact JSON payload inside a token of `prefix`, or the reason it cannot be read. */
export function readPayload(token: string, prefix: string, what: string): TokenResult<Record<string, unknown>> {
  const text = token.trim();
  const fail = (message: string) => ({ ok: false as const, message: `This ${what} link cannot be opened: ${message}` });
  if (!text.startsWith(prefix)) return fail(`it must start with ${prefix}.`);
  if (text.length > TOKEN_MAX_LENGTH) return fail(`it is longer than ${TOKEN_MAX_LENGTH} characters.`);
  const json = base64UrlDecode(text.slice(prefix.length));
  if (json === null) return fail("it is not valid base64url (it may be cut short).");
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    return fail("its content is not JSON (it may be cut short).");
  }
  if (!isObject(payload)) return fail("its content is not an object.");
  if (payload.v !== 1) return fail(`its version is ${JSON.stringify(payload.v ?? null)}; only version 1 is read here.`);
  return { ok: true, value: payload };
}
