/**
 * The page's checks before any request (site/src/client/form-checks.ts, issue 41 findings 1 and
 * 11): for every field a form of the page sends, the page takes exactly what the engine takes,
 * counting as it does (D1 code points, D2 after trimming, D3 integers), and says a refusal in its
 * own words, by the field's label, never the rule's developer wording.
 */
import { describe, expect, test } from "bun:test";
import type { JobRecord, JobStatus } from "../../client/index.ts";
import type { FieldName } from "../../shared/protocol/fields.ts";
import { ACTION_FIELDS } from "../../shared/protocol/request-shape.ts";
import { TTL_SECONDS_MAX } from "../../shared/protocol/rules.ts";
import { readField } from "../../site/src/client/form-checks.ts";
import { readNumber } from "../../site/src/client/form-values.ts";
import { JOBS } from "../support/fixtures.ts";
import { call, fixedContext } from "../support/helpers.ts";

const jobs = JOBS as unknown as Record<JobStatus, JobRecord>;

/** A body the engine takes, for the action that sends `field`, without the field. */
const BASES: Partial<Record<FieldName, object>> = {
  title: { action: "create", amount: 1, criteria: "c" },
  amount: { action: "create", title: "T", criteria: "c" },
  criteria: { action: "create", title: "T", amount: 1 },
  client_ref: { action: "create", title: "T", amount: 1, criteria: "c" },
  callback_url: { action: "create", title: "T", amount: 1, criteria: "c" },
  ttl_seconds: { action: "fund", job: jobs.open, payer_credits: 1_000_000 },
  proof_url: { action: "submit", job: jobs.funded },
  proof_note: { action: "submit", job: jobs.funded, proof_url: "x" },
  release_note: { action: "release", job: jobs.submitted },
  dispute_reason: { action: "dispute", job: jobs.submitted },
};

const NOTE = [
  "",
  "  ",
  "n",
  "n".repeat(400),
  `  ${"n".repeat(400)}  `,
  "n".repeat(401),
  "😀".repeat(400),
  "👩‍💻".repeat(134),
];

/** Texts a person may type in each field, around each rule's bounds. */
const TYPED: [FieldName, string[]][] = [
  [
    "title",
    [
      "",
      "   ",
      "x",
      "x".repeat(80),
      ` ${"x".repeat(80)} `,
      "x".repeat(81),
      "😀".repeat(80),
      "😀".repeat(81),
      "👩‍💻".repeat(27),
    ],
  ],
  ["amount", ["", "0", "1", "-1", "1,000", "12.5", "9007199254740991", "9007199254740992"]],
  ["criteria", ["", " \n ", "c"]],
  ["client_ref", ["", "r", "r".repeat(128), "r".repeat(129)]],
  ["callback_url", ["", "https://a.example/done", "http://a.example", "https://", "https:// a"]],
  // At the epoch, the longest hold the rule takes ends by the year 9999: the clock agrees.
  ["ttl_seconds", ["", "0", "1", "1e3", String(TTL_SECONDS_MAX), String(TTL_SECONDS_MAX + 1)]],
  ["proof_url", ["", "  ", "x", "see the attached file"]],
  ["proof_note", NOTE],
  ["release_note", NOTE],
  ["dispute_reason", NOTE],
];

/** The fields the page reads as numbers (Amount, Hold seconds). */
const NUMBERS: FieldName[] = ["amount", "ttl_seconds"];

const requiredOn = (field: FieldName): boolean =>
  Object.values(ACTION_FIELDS).some((shape) => (shape.required as readonly string[]).includes(field));

describe("the page takes exactly what the engine takes", () => {
  for (const [field, texts] of TYPED)
    test.each(texts.map((text) => [JSON.stringify(text).slice(0, 40), text]))(`${field} %s`, (_name, text) => {
      const read = readField(field, text, requiredOn(field));
      // What the page would send: a number field's number when it reads one, else the text as typed; a blank one nothing.
      const number = NUMBERS.includes(field) ? readNumber(text) : null;
      const sent = text.trim() === "" ? undefined : number?.ok ? number.value : text;
      const body = sent === undefined ? BASES[field] : { ...BASES[field], [field]: sent };
      const engine = call("transition", body, {}, fixedContext(0));
      expect(engine.status === 200).toBe(read.ok);
    });
});

describe("the page's words", () => {
  test.each([
    ["title", "   ", "Title is required."],
    ["title", "x".repeat(81), "Title is too long: 81 characters; at most 80 are allowed."],
    ["title", "👩‍💻".repeat(27), "Title is too long: 81 characters; at most 80 are allowed."],
    ["criteria", "", "Success criteria is required."],
    ["amount", "", "Amount is required."],
    ["dispute_reason", ` ${"n".repeat(401)} `, "Dispute reason is too long: 401 characters; at most 400 are allowed."],
  ] as const)("%s %p: %p", (field, text, said) => {
    expect(readField(field, text, requiredOn(field))).toEqual({ ok: false, message: said });
  });

  test("no refusal says 'a string': the rule's developer wording stays out", () => {
    for (const [field, texts] of TYPED)
      for (const text of texts) {
        const read = readField(field, text, requiredOn(field));
        if (!read.ok) expect(read.message).not.toContain("a string");
      }
  });
});
