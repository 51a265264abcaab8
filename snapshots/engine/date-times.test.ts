/**
 * Date-times as the engine reads them: a job's or a receipt's stamp member accepts exactly what
 * its rule accepts, in response form (D4); isIsoStamp, which tells a stamp already in toISOString form,
 * agrees with parseDateTime; and parseDateTime, which reads stamps by hand, agrees with a regex
 * match and a UTC Date.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import * as v from "valibot";
import { readEngineBody } from "../../shared/engine/body-reader.ts";
import { JOB_BODY, RECEIPT_BODY } from "../../shared/engine/body-schemas.ts";
import { isIsoStamp, parseDateTime } from "../../shared/protocol/datetime.ts";
import { JOB_MEMBERS } from "../../shared/protocol/job-members.ts";
import { RECEIPT_MEMBERS } from "../../shared/protocol/receipt-members.ts";
import type { Rule } from "../../shared/protocol/rules.ts";

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** The plain parse parseDateTime stands in for: D4's grammar as one regex, the fields set on a UTC Date. */
function referenceParse(text: string, utcOnly: boolean): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/.exec(
    text,
  );
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [frac, zulu, sign] = [m[7], m[8], m[9]];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // keeps years 0-99 literal
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null; // 02-30 and friends
  if (hour > 23 || minute > 59 || second > 59) return null;
  date.setUTCHours(hour, minute, second, frac ? Number(frac.slice(0, 3).padEnd(3, "0")) : 0);
  let offset = 0;
  if (!zulu) {
    const oh = Number(m[10]),
      om = Number(m[11]);
    if (oh > 23 || om > 59 || (utcOnly && (sign === "-" || oh !== 0 || om !== 0))) return null;
    offset = (sign === "-" ? -1 : 1) * (oh * 60 + om) * 60_000;
  }
  const ms = date.getTime() - offset;
  return ms >= Date.parse("0000-01-01T00:00:00.000Z") && ms <= Date.parse("9999-12-31T23:59:59.999Z") ? ms : null;
}

/** What the job or receipt schema makes of `raw` as the stamp member `name` (`job.createdAt`): its value, or REFUSED. */
const REFUSED = Symbol("refused");
const JOB = { id: "as_0123456789", title: "T", amount: 1, criteria: "C", proofUrl: "", status: "open" };
const RECEIPT = { job_id: "as_0123456789", status: "released", amount: 100, release_fee: 1, agent_payout: 99 };
const CONTEXT = { now: 0, header: null, seals: undefined };
function readStamp(name: string, raw: unknown): unknown {
  const [table, member] = name.split(".") as ["job" | "receipt", string];
  const sent =
    table === "job" ? { createdAt: "2026-01-01T00:00:00.000Z", ...JOB } : { ...RECEIPT, returned_to_payer: 0 };
  const body = { [table]: { ...sent, [member]: raw } };
  const read = readEngineBody<Record<string, Record<string, unknown>>>(
    table === "job" ? JOB_BODY : RECEIPT_BODY,
    body,
    CONTEXT,
    false,
  );
  return read.ok ? read.value[table]![member] : REFUSED;
}

describe("a stamp member of the job and receipt schemas", () => {
  const STAMP_RULES: [string, Rule, boolean][] = [
    ...(["createdAt", "fundedAt", "submittedAt", "resolvedAt"] as const).map((m): [string, Rule, boolean] => [
      `job.${m}`,
      JOB_MEMBERS[m].rule,
      false,
    ]),
    ["job.expiresAt", JOB_MEMBERS.expiresAt.rule, true],
    ...(["created", "funded", "submitted", "resolved"] as const).map((m): [string, Rule, boolean] => [
      `receipt.${m}`,
      RECEIPT_MEMBERS[m].rule,
      false,
    ]),
  ];
  /** Date-times near every edge of the grammar and the calendar, padded and cased at random. */
  const stampArb = fc
    .record({
      year: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1, 1970, 2024, 2100, 9999)),
      month: fc.integer({ min: 0, max: 13 }),
      day: fc.integer({ min: 0, max: 32 }),
      hour: fc.integer({ min: 0, max: 24 }),
      minute: fc.integer({ min: 0, max: 60 }),
      second: fc.integer({ min: 0, max: 60 }),
      fraction: fc.oneof(fc.constant(""), fc.stringMatching(/^\.\d{0,7}$/)),
      t: fc.constantFrom("T", "t", " ", "X"),
      zone: fc.oneof(
        fc.constantFrom("Z", "z", "", "+00:00", "-00:00", "+0000", "Zx"),
        fc
          .tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }))
          .map(([s, h, m]) => `${s}${pad(h, 2)}:${pad(m, 2)}`),
      ),
      padding: fc.constantFrom("", " ", "\n", "\u00a0"),
    })
    .map(
      ({ year, month, day, hour, minute, second, fraction, t, zone, padding }) =>
        `${padding}${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}${t}${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}${fraction}${zone}${padding}`,
    );
  /** Stamps in toISOString shape: fields in and out of range, or a real stamp with one character replaced. */
  const isoShapedArb = fc.oneof(
    // Fields in and out of range, in the exact shape.
    fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 999 }),
      )
      .map(
        ([year, month, day, hour, minute, second, millis]) =>
          `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}.${pad(millis, 3)}Z`,
      ),
    // A real stamp with one character replaced.
    fc
      .tuple(
        fc.date({
          min: new Date(Date.parse("0000-01-01T00:00:00.000Z")),
          max: new Date(Date.parse("9999-12-31T23:59:59.999Z")),
          noInvalidDate: true,
        }),
        fc.nat(23),
        fc.constantFrom(..."0159-:.TtZz /"),
      )
      .map(([date, at, char]) => {
        const stamp = date.toISOString();
        return stamp.slice(0, at) + char + stamp.slice(at + 1);
      }),
  );
  const rawArb = fc.oneof(
    { weight: 4, arbitrary: stampArb },
    { weight: 2, arbitrary: isoShapedArb },
    fc.string({ maxLength: 30 }),
    fc.constantFrom<unknown>(0, true, [], {}, "2026-01-01T00:00:00.000Z"),
  );

  test.each(STAMP_RULES)("%s: accepts exactly what the rule accepts, in toISOString form", (_name, rule) => {
    fc.assert(
      fc.property(rawArb, (raw) => {
        const quick = readStamp(_name, raw);
        const slow = v.safeParse(rule, raw);
        expect(quick !== REFUSED, JSON.stringify(raw)).toBe(slow.success);
        if (quick !== REFUSED && slow.success) {
          const expected =
            slow.output === null ? null : new Date(parseDateTime(slow.output as string) as number).toISOString();
          expect(quick, JSON.stringify(raw)).toBe(expected);
        }
      }),
      { seed: 2026, numRuns: 1500 },
    );
  });

  test.each([false, true])("parseDateTime (utcOnly %p) gives the reference parse's answer", (utcOnly) => {
    fc.assert(
      fc.property(fc.oneof(stampArb, isoShapedArb, fc.string({ maxLength: 30 })), (text) => {
        expect(parseDateTime(text, utcOnly), text).toBe(referenceParse(text, utcOnly));
      }),
      { seed: 2026, numRuns: 5000 },
    );
    expect(parseDateTime("0000-01-01T00:30:00+01:00")).toBeNull(); // before year 0 once in UTC
    expect(parseDateTime("2024-02-29T00:00:00Z")).toBe(Date.UTC(2024, 1, 29));
  });

  test("isIsoStamp holds exactly for the stamps parseDateTime accepts in toISOString form", () => {
    const ISO_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    fc.assert(
      fc.property(
        fc.oneof(
          isoShapedArb,
          rawArb.filter((raw): raw is string => typeof raw === "string"),
        ),
        (text) => {
          expect(isIsoStamp(text), text).toBe(ISO_FORM.test(text) && parseDateTime(text) !== null);
        },
      ),
      { seed: 2026, numRuns: 5000 },
    );
    expect(isIsoStamp("2024-02-29T23:59:59.999Z")).toBe(true);
    expect(isIsoStamp("2023-02-29T00:00:00.000Z")).toBe(false);
  });

  test("keeps a stamp already in toISOString form as sent, and rewrites any other form", () => {
    expect(readStamp("job.createdAt", "2026-01-01T00:00:00.000Z")).toBe("2026-01-01T00:00:00.000Z");
    expect(readStamp("job.createdAt", " 2026-01-01t00:00:00z ")).toBe("2026-01-01T00:00:00.000Z");
    expect(readStamp("job.createdAt", "2026-01-01T01:00:00.5+01:00")).toBe("2026-01-01T00:00:00.500Z");
    expect(readStamp("job.expiresAt", "2026-01-01T01:00:00+01:00")).toBe(REFUSED);
  });
});
