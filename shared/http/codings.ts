/**
 * Content-coding negotiation for documents: which compressed form, if any, a client's
 * Accept-Encoding asks for. Engine responses are never compressed, so only documents ask.
 */
import type { ContentCoding } from "../protocol/constants.ts";

const WEIGHT = /(?:^|;)\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*(?:;|$)/i;

/** The weight (q) of one Accept-Encoding member's parameters; 1 when absent or unreadable. */
function weightOf(params: string): number {
  const q = WEIGHT.exec(params);
  return q ? Number(q[1]) : 1;
}

let lastAccept: string | null = null;
let lastCoding: ContentCoding | null = null;

/**
 * The coding to send for an Accept-Encoding value (RFC 9110 12.5.3), or null for the document
 * as it is: br before gzip at equal weight (x-gzip is gzip), never a coding of weight 0, and
 * `*` standing for every coding the value does not name. The last answer is kept: clients send
 * the same value again and again.
 */
export function preferredCoding(accept: string | null): ContentCoding | null {
  if (accept === null) return null;
  if (accept === lastAccept) return lastCoding;
  let br = -1;
  let gzip = -1;
  let any = -1;
  for (const member of accept.split(",")) {
    const semicolon = member.indexOf(";");
    const name = (semicolon === -1 ? member : member.slice(0, semicolon)).trim().toLowerCase();
    if (name !== "br" && name !== "gzip" && name !== "x-gzip" && name !== "*") continue;
    const q = semicolon === -1 ? 1 : weightOf(member.slice(semicolon + 1));
    if (name === "br") br = q;
    else if (name === "*") any = q;
    else gzip = Math.max(gzip, q);
  }
  if (br === -1) br = Math.max(any, 0);
  if (gzip === -1) gzip = Math.max(any, 0);
  const coding: ContentCoding | null = br > 0 && br >= gzip ? "br" : gzip > 0 ? "gzip" : null;
  lastAccept = accept;
  lastCoding = coding;
  return coding;
}
