/**
 * Demo keys (D14) and idempotency-derived job ids (D15). The raw key is hashed and dropped
 * here; nothing downstream ever sees it, so it cannot be returned, logged or stored.
 */
import { sha256Hex } from "../lib/sha256.ts";

/** What the engine needs of request headers: a case-insensitive `get`, as `Headers` has. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** No headers at all (engine calls from code that has none). */
export const NO_HEADERS: HeaderReader = { get: () => null };

const BEARER = /^bearer[ \t]+(.*)$/is;

/**
 * The demo key token a request carries, or null (D14). `Authorization: Bearer <token>`
 * (scheme case-insensitive) wins over `X-Service-Key`; a malformed Authorization counts as
 * no key and does not hide a valid X-Service-Key. Tokens are trimmed and must be non-empty.
 */
function demoKeyToken(headers: HeaderReader): string | null {
  const bearer = BEARER.exec(headers.get("authorization") ?? "");
  const fromAuthorization = bearer?.[1]?.trim();
  if (fromAuthorization) return fromAuthorization;
  const fromServiceKey = headers.get("x-service-key")?.trim();
  return fromServiceKey || null;
}

/** The key_id of a token whose SHA-256 (of its UTF-8) is `hex`: `k_` + its first 12 hex characters (D14). */
export const keyIdOfDigest = (hex: string): string => `k_${hex.slice(0, 12)}`;

/** The key_id of a demo key token (D14). */
const keyIdOf = (token: string): string => keyIdOfDigest(sha256Hex(token));

/** The key_id of a request, or null when it sent no key. */
export function keyIdFromHeaders(headers: HeaderReader): string | null {
  const token = demoKeyToken(headers);
  return token === null ? null : keyIdOf(token);
}

/**
 * Job id derived from an idempotency key and the create fields (D15): `as_` + first 10 hex of
 * SHA-256 of `key \n title \n amount \n criteria`, trimmed values, amount in decimal.
 */
export const idempotentJobId = (key: string, title: string, amount: number, criteria: string): string =>
  `as_${sha256Hex(`${key}\n${title}\n${amount}\n${criteria}`).slice(0, 10)}`;
