/**
 * The engine's compiled fast path (shared/engine/fast-rule.ts) may only ever accept what
 * Valibot accepts, with the same output: Valibot stays the one statement of every rule
 * (shared/protocol/rules.ts). A property over every field, job member and receipt member rule, with values near
 * each rule's boundaries, holds it to that; a second one holds that every rule is compiled and
 * accepts all Valibot accepts, so the first is never vacuous.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import * as v from "valibot";
import { accept, compileRule, REFUSED } from "../../shared/engine/fast-rule.ts";
import { FIELD_NAMES, FIELDS } from "../../shared/protocol/fields.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS } from "../../shared/protocol/job-members.ts";
import { RECEIPT_MEMBER_NAMES, RECEIPT_MEMBERS } from "../../shared/protocol/receipt-members.ts";
import type { Rule } from "../../shared/protocol/rules.ts";

const RULES: [string, Rule][] = [
  ...FIELD_NAMES.map((name): [string, Rule] => [name, FIELDS[name].rule]),
  ...JOB_MEMBER_NAMES.map((name): [string, Rule] => [`job.${name}`, JOB_MEMBERS[name].rule]),
  ...RECEIPT_MEMBER_NAMES.map((name): [string, Rule] => [`receipt.${name}`, RECEIPT_MEMBERS[name].rule]),
];

/** Strings and numbers around the rules' edges: blanks, emoji, lengths 0-520, dates, URLs, ids, ints. */
const value = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: "grapheme", maxLength: 10 }),
  fc.constantFrom(
    "",
    " ",
    " x ",
    "\u00a0",
    "😀".repeat(80),
    "😀".repeat(81),
    "x".repeat(400),
    ` ${"x".repeat(400)} `,
    "x".repeat(401),
  ),
  fc.integer({ min: 0, max: 520 }).map((n) => "a".repeat(n)),
  fc.constantFrom(
    "2026-01-01T00:00:00Z",
    "2026-01-01t00:00:00.123456z",
    "2026-02-30T00:00:00Z",
    "2026-01-01T00:00:00+01:00",
    "2026-01-01T00:00:00-00:00",
    "0000-01-01T00:00:00+01:00",
    "9999-12-31T23:59:59.999Z",
  ),
  fc.constantFrom(
    "https://example.com/x",
    "HTTPS://E.com",
    "https://",
    "http://e.com",
    "https:// x",
    `https://a/${"b".repeat(505)}`,
  ),
  fc.constantFrom(
    "as_0123456789",
    "as_012345678",
    "AS_0123456789",
    "k_0123456789ab",
    "open",
    " released ",
    "release",
    "dispute",
    "paid",
  ),
  fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -0, 1, 9007199254740991, 9007199254740992, Number.MAX_VALUE)),
  fc.constantFrom(null, true, false, [], {}, "10"),
);

describe("the compiled fast path of each rule", () => {
  test.each(RULES)("%s accepts only what Valibot accepts, with the same output", (_name, rule) => {
    const fast = compileRule(rule);
    fc.assert(
      fc.property(value, (raw) => {
        const quick = accept(fast, raw);
        if (quick === REFUSED) return;
        const slow = v.safeParse(rule, raw);
        expect(slow.success, JSON.stringify(raw)).toBe(true);
        if (slow.success) expect(quick, JSON.stringify(raw)).toBe(slow.output);
      }),
      { seed: 2026, numRuns: 600 },
    );
  });

  test.each(RULES)("%s is compiled (not left to Valibot), and accepts all that Valibot accepts", (_name, rule) => {
    const fast = compileRule(rule);
    expect(fast.never).toBe(false);
    fc.assert(
      fc.property(value, (raw) => {
        const slow = v.safeParse(rule, raw);
        // null is never handed to the fast path: the engine treats it as omitted (D2).
        if (slow.success && raw !== null) expect(accept(fast, raw), JSON.stringify(raw)).not.toBe(REFUSED);
      }),
      { seed: 2026, numRuns: 600 },
    );
  });

  test("it does take the fast path for ordinary values (so the property above is not vacuous)", () => {
    expect(accept(compileRule(FIELDS.title.rule), " Summarise ")).toBe("Summarise");
    expect(accept(compileRule(FIELDS.amount.rule), 100)).toBe(100);
    expect(accept(compileRule(FIELDS.amount.rule), 1.5)).toBe(REFUSED);
  });
});
