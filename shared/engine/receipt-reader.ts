/**
 * Reads a receipt (verify's `{ receipt }`, a receipt link, a demo pack): each member checked by
 * its row of receipt-members.ts in SPEC's order; a claim it lacks is missing_field of the claim
 * (fee, agent_payout, returned_to_payer, D12); a bad member is invalid_field receipt.<member>.
 * Members are read by their own names only. The receipt comes back in response form.
 */
import { isObject } from "../lib/json.ts";
import { invalid, missing } from "../protocol/errors.ts";
import type { Claim, ReceiptMemberRow } from "../protocol/member-rows.ts";
import { RECEIPT_MEMBER_NAMES, RECEIPT_MEMBERS, type Receipt } from "../protocol/receipt-members.ts";
import { receiptMembersRead } from "./accessors.generated.ts";
import type { Checker } from "./checker.ts";
import { memberReaders, readMember } from "./member-reader.ts";

const rowOf = (member: (typeof RECEIPT_MEMBER_NAMES)[number]): ReceiptMemberRow => RECEIPT_MEMBERS[member];
const READERS = memberReaders("receipt", RECEIPT_MEMBER_NAMES, rowOf).map((reader) => ({
  ...reader,
  claim: rowOf(reader.member).claim as Claim | undefined,
}));

/** Reads `raw` as a receipt; undefined (with the problems recorded on the checker) when it is not one. */
export function readReceipt(c: Checker, raw: unknown): Receipt | undefined {
  if (!isObject(raw)) {
    c.fail(invalid("receipt", "receipt must be an object."));
    return undefined;
  }
  const sent = receiptMembersRead(raw);
  const before = c.errors.length;
  const receipt: Record<string, unknown> = {};
  for (let i = 0; i < READERS.length; i++) {
    const reader = READERS[i]!;
    const value = sent[i];
    if (value === undefined && reader.claim !== undefined) {
      c.fail(missing(reader.claim));
      continue;
    }
    const checked = readMember(c, reader, value);
    if (checked !== undefined) receipt[reader.member] = checked;
  }
  return c.errors.length > before ? undefined : (receipt as Receipt);
}
