/**
 * Reads a receipt (verify's `{ receipt }`, a receipt link, a demo pack): each member checked by
 * its row of receipt-members.ts in SPEC's order; a claim it lacks is missing_field of the claim
 * (fee, agent_payout, returned_to_payer, D12); a bad member is invalid_field receipt.<member>.
 * Members are read by their own names only. The receipt comes back in response form.
 */
import { isObject } from "../lib/json.ts";
import { invalid, missing } from "../protocol/errors.ts";
import type { Claim } from "../protocol/member-rows.ts";
import {
  RECEIPT_MEMBER_NAMES,
  RECEIPT_MEMBERS,
  type Receipt,
  type ReceiptMember,
} from "../protocol/receipt-members.ts";
import type { Rule } from "../protocol/rules.ts";
import type { Checker } from "./checker.ts";
import { compileRule, type FastRule, REFUSED } from "./fast-rule.ts";
import { acceptStamp } from "./job-reader.ts";
import { nameIndex, sentValues } from "./sent.ts";

/** Everything checking one member needs, worked out once from its row. */
interface Reader {
  readonly member: ReceiptMember;
  readonly field: string;
  readonly rule: Rule;
  readonly fast: FastRule;
  readonly presence: "required-member" | "optional";
  readonly claim: Claim | undefined;
  readonly stamp: boolean;
  readonly note: boolean;
  readonly initial: unknown;
}

const READERS: readonly Reader[] = RECEIPT_MEMBER_NAMES.map((member) => {
  const row: { kind?: string; initial?: unknown; claim?: Claim } & (typeof RECEIPT_MEMBERS)[ReceiptMember] =
    RECEIPT_MEMBERS[member];
  return {
    member,
    field: `receipt.${member}`,
    rule: row.rule,
    fast: compileRule(row.rule),
    presence: row.required ? "required-member" : "optional",
    claim: row.claim,
    stamp: row.kind === "stamp",
    note: row.kind === "note",
    initial: row.initial,
  };
});
const OWN_NAMES = nameIndex(RECEIPT_MEMBER_NAMES, (member) => [member]);

/** Reads `raw` as a receipt; undefined (with the problems recorded on the checker) when it is not one. */
export function readReceipt(c: Checker, raw: unknown): Receipt | undefined {
  if (!isObject(raw)) {
    c.fail(invalid("receipt", "receipt must be an object."));
    return undefined;
  }
  const sent = sentValues(raw, OWN_NAMES);
  const before = c.errors.length;
  const receipt: Record<string, unknown> = {};
  for (const reader of READERS) {
    const value = sent[reader.member];
    if (value === undefined && reader.claim !== undefined) {
      c.fail(missing(reader.claim));
      continue;
    }
    // A stamp's one-parse path first; the checker runs every other member's compiled path itself.
    const stamp = reader.stamp ? acceptStamp(value, false) : REFUSED;
    let checked = stamp !== REFUSED ? stamp : c.check(reader.field, reader.rule, value, reader.presence, reader.fast);
    if (reader.note && checked === "") checked = undefined;
    checked ??= reader.initial;
    if (checked !== undefined) receipt[reader.member] = checked;
  }
  return c.errors.length > before ? undefined : (receipt as Receipt);
}
