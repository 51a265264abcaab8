/**
 * The two compact JWS forms of D27 (RFC 7515), written and checked with the host's Signer:
 *
 * - a job seal: detached (Appendix F), `header..mac`, the header
 *   `{"alg":"HS256","b64":false,"crit":["b64"],"kid":…,"typ":"escrow-job-seal+jws"}`: the MAC is
 *   the seal key's HMAC-SHA256 of `header.` followed by the job's JSON text itself (RFC 7797's
 *   unencoded payload), which spares encoding the job to base64url twice per action;
 * - a receipt signature: `header.payload.signature`, the header
 *   `{"alg":"EdDSA","kid":…,"typ":"escrow-receipt+jws"}`, the signature Ed25519 (RFC 8037).
 *
 * The service checks only what it could have written: a header is looked up among the exact
 * texts it writes (one per kid), so an unknown kid, another `alg` or `typ`, extra header members
 * or another spelling of the same header are all "not ours"; payload and signature must be the
 * canonical base64url of their bytes. Written here rather than with jose because the engine is
 * synchronous and jose is not; jose verifies the receipts this writes (tested).
 */
import { base64UrlToBytes, bytesToBase64Url, textToBase64Url } from "../lib/base64url.ts";
import { utf8View } from "../lib/utf8.ts";
import { LIMITS } from "../protocol/constants.ts";
import { RECEIPT_TYP, SEAL_MAX_LENGTH, SEAL_TYP } from "../protocol/integrity-members.ts";
import type { Signer } from "./signer.ts";

/** A MAC of the rest of a seal's signing input, in one or two pieces, its header and dot absorbed (Signer.mac). */
export type Mac = (rest: string, end?: string) => string;

/** The protected headers a signer writes, encoded once: the current ones, and every known one by its text. */
interface Headers {
  seal: string;
  /** The current seal key's MAC of `seal.` + a job. */
  mac: Mac;
  receipt: string;
  /** base64url seal header -> the MAC of the seal key that writes it. */
  sealMacs: Map<string, Mac>;
  /** base64url receipt header -> the kid whose Ed25519 key signs it. */
  receiptKids: Map<string, string>;
}

const encodedHeader = (header: object): string => textToBase64Url(JSON.stringify(header));
/** A seal's protected header: HS256 over the unencoded payload (RFC 7797). */
const sealHeader = (kid: string): string =>
  encodedHeader({ alg: "HS256", b64: false, crit: ["b64"], kid, typ: SEAL_TYP });
/** A receipt signature's protected header. */
const receiptHeader = (kid: string): string => encodedHeader({ alg: "EdDSA", kid, typ: RECEIPT_TYP });

const HEADERS = new WeakMap<Signer, Headers>();
function headersOf(signer: Signer): Headers {
  let headers = HEADERS.get(signer);
  if (headers === undefined) {
    const sealMacs = new Map<string, Mac>();
    for (const kid of signer.sealKids) {
      const head = sealHeader(kid);
      const mac = signer.mac(kid, `${head}.`);
      if (mac) sealMacs.set(head, mac);
    }
    const seal = sealHeader(signer.kid);
    const mac = sealMacs.get(seal);
    if (!mac) throw new TypeError("the signer holds no seal key for its own kid");
    const receiptKids = new Map(signer.keys.map(({ kid }) => [receiptHeader(kid), kid]));
    headers = { seal, mac, receipt: receiptHeader(signer.kid), sealMacs, receiptKids };
    HEADERS.set(signer, headers);
  }
  return headers;
}

/** Equal texts, compared in a time that does not depend on where they differ (a MAC is a secret's output). */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** The seal of `content` (a job as JSON text): a detached HS256 JWS, unencoded payload, under the current seal key. */
export function sealJws(signer: Signer, content: string): string {
  const { seal, mac } = headersOf(signer);
  return `${seal}..${mac(content)}`;
}

/**
 * The MAC that checks `seal` (the one of the seal key its header names) and the MAC the seal
 * carries, when the header is one this service writes, with the current or a previous seal key;
 * null for anything else, before any content is looked at.
 */
export function sealMac(signer: Signer, seal: string): { mac: Mac; carried: string } | null {
  if (seal.length > SEAL_MAX_LENGTH) return null;
  const dots = seal.indexOf("..");
  const mac = dots < 0 ? undefined : headersOf(signer).sealMacs.get(seal.slice(0, dots));
  return mac === undefined ? null : { mac, carried: seal.slice(dots + 2) };
}

/** The signature of `content` (a receipt as JSON text): a compact EdDSA JWS carrying it as its payload. */
export function signJws(signer: Signer, content: string): string {
  const input = `${headersOf(signer).receipt}.${textToBase64Url(content)}`;
  return `${input}.${bytesToBase64Url(signer.sign(utf8View(input)))}`;
}

/**
 * The payload of `token`, as its base64url text, when it is a receipt signature this service
 * wrote, with the current or a previous key, and its signature holds; null otherwise. The
 * signature covers the payload's text, so a payload that holds is spelled as the service spelled
 * it: canonical base64url.
 */
export function verifyJws(signer: Signer, token: unknown): string | null {
  // A signature travels inside a body, so it is never longer; it grows with the receipt.
  if (typeof token !== "string" || token.length > LIMITS.bodyBytesMax) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  const kid = headersOf(signer).receiptKids.get(head);
  if (kid === undefined || body === "") return null;
  const sig = base64UrlToBytes(signature);
  if (sig === null || sig.length !== 64) return null;
  return signer.verify(kid, utf8View(`${head}.${body}`), sig) ? body : null;
}
