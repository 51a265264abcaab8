/**
 * The invalid_field messages, read off the rules themselves (each rule's message is what it
 * says for a value of the wrong type), plus the fixed texts of the expiry and terminal rules
 * and D5's wrong-action sentence, and the seal's (SEALS=required, D27). Published in
 * /api/errors.json and /api/settlement.json.
 */
import * as v from "valibot";
import { LIMITS } from "../protocol/constants.ts";
import { FIELD_NAMES, FIELDS } from "../protocol/fields.ts";
import { integrityMembersOf, SEAL_MISMATCH } from "../protocol/integrity-members.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS } from "../protocol/job-members.ts";
import { RECEIPT_MEMBER_NAMES, RECEIPT_MEMBERS } from "../protocol/receipt-members.ts";
import type { Rule } from "../protocol/rules.ts";

const messageOf = (rule: Rule): string => {
  const result = v.safeParse(rule, { wrong: "type" });
  return result.success ? "" : result.issues[0].message;
};

/** Every field name invalid_field may carry. */
export const INVALID_FIELD_NAMES = [
  ...FIELD_NAMES,
  "job",
  ...JOB_MEMBER_NAMES.map((member) => `job.${member}`),
  ...integrityMembersOf("job").map((member) => `job.${member}`),
  "receipt",
  ...RECEIPT_MEMBER_NAMES.map((member) => `receipt.${member}`),
];

/** Each field's rule message, then the fixed texts. */
export const INVALID_FIELD_MESSAGES: Record<string, string> = {
  ...Object.fromEntries(FIELD_NAMES.map((name) => [name, messageOf(FIELDS[name].rule)])),
  ...Object.fromEntries(JOB_MEMBER_NAMES.map((name) => [`job.${name}`, messageOf(JOB_MEMBERS[name].rule)])),
  // The only integrity member the engine refuses (SEALS=required, D27).
  "job.seal": SEAL_MISMATCH,
  ...Object.fromEntries(RECEIPT_MEMBER_NAMES.map((name) => [`receipt.${name}`, messageOf(RECEIPT_MEMBERS[name].rule)])),
  job: "job must be an object.",
  receipt: "receipt must be an object.",
  "expires_at (past)": "expires_at must be in the future.",
  "expires_at (with ttl_seconds)": "Send expires_at or ttl_seconds, not both.",
  "ttl_seconds (past year 9999)": `ttl_seconds must be an integer >= 1 that ends the hold by ${LIMITS.expiresAtMax}.`,
  "any integer (above the bound)": `{field} must be an integer <= ${LIMITS.integerMax}.`,
  "payer_credits (dispute refund past the bound)": `payer_credits must stay <= ${LIMITS.integerMax} after the refund.`,
  "idempotency_key (header and body differ)": "idempotency_key must match the Idempotency-Key header.",
  "job (verify with receipt)": "Send receipt or job, not both.",
  "wrong action (D5)": "{field} is only accepted on {action}.",
};
