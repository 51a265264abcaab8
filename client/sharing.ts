/**
 * What a client-held state shares (D19, D20): the demo pack (the whole state as one JSON file,
 * never the demo key: the same file the web UI exports and imports) and the h1./r1. links (a
 * job handoff, a receipt). Reading one checks everything first; a bad pack or link is refused
 * with a message and changes nothing.
 */
import { type DemoState, parsePack, toPack } from "../shared/client-state/pack.ts";
import {
  decodeHandoff,
  decodeReceipt,
  encodeHandoff,
  encodeReceipt,
  findShareToken,
  type JobRecord,
  type ReceiptRecord,
} from "../shared/client-state/share-links.ts";
import { TOKEN_PREFIX } from "../shared/client-state/tokens.ts";
import { credits } from "./activity.ts";
import type { EscrowError } from "./answer.ts";

/** Largest pack text read: a pack of the most jobs and receipts a pack may hold fits well within. */
export const PACK_BYTES_MAX = 5_000_000;

/** What a link holds: a job handed off, or a receipt. */
export type Shared = { kind: "handoff"; job: JobRecord } | { kind: "receipt"; receipt: ReceiptRecord };

const refuse = (message: string): EscrowError => ({ ok: false, code: "invalid_input", status: 0, message });

/** The pack of `state` as the file the web UI exports: indented JSON, no demo key. */
export const packText = (state: DemoState): string => `${JSON.stringify(toPack(state), null, 2)}\n`;

/** The state in a pack's text, or why it is not one. */
export function readPackText(text: string): { ok: true; state: DemoState } | EscrowError {
  if (text.length > PACK_BYTES_MAX)
    return refuse(`Not a demo pack: the file is larger than ${credits(PACK_BYTES_MAX)} bytes. Nothing changed.`);
  const pack = parsePack(text);
  return pack.ok ? { ok: true, state: pack.value } : refuse(`${pack.message} Nothing changed.`);
}

/** A share link: `<page>#handoff/<token>` or `<page>#receipt/<token>`; the bare token without a page. */
export const shareLink = (kind: Shared["kind"], token: string, page?: string): string =>
  page === undefined ? token : `${page}#${kind}/${token}`;

/** The handoff token of a job: the job only, no credits, receipts or key (D19). */
export const handoffToken = (job: JobRecord): string => encodeHandoff(job);
/** The receipt token of a receipt (D19). */
export const receiptToken = (receipt: ReceiptRecord): string => encodeReceipt(receipt);

/** What a link (a page address with a token, or a bare h1./r1. token) holds, checked; or why it cannot be opened. */
export function openLink(link: string): ({ ok: true } & Shared) | EscrowError {
  const text = link.trim();
  let found: ReturnType<typeof findShareToken> = null;
  if (text.startsWith(TOKEN_PREFIX.handoff)) found = { kind: "handoff", token: text };
  else if (text.startsWith(TOKEN_PREFIX.receipt)) found = { kind: "receipt", token: text };
  else {
    try {
      found = findShareToken(new URL(text));
    } catch {
      found = null;
    }
  }
  if (!found) return refuse("Not a share link: it holds no #handoff/ or #receipt/ token. Nothing changed.");
  if (found.kind === "handoff") {
    const read = decodeHandoff(found.token);
    return read.ok ? { ok: true, kind: "handoff", job: read.value } : refuse(`${read.message} Nothing changed.`);
  }
  const read = decodeReceipt(found.token);
  return read.ok ? { ok: true, kind: "receipt", receipt: read.value } : refuse(`${read.message} Nothing changed.`);
}
