/**
 * How a body is read (shared/engine/body-schemas.ts, table-schema.ts, body-reader.ts): one parse,
 * its problems in D7's order. validate lists every problem (D8), so each case below pins the
 * whole list where several problems meet: a field sent under two names (D25), the
 * Idempotency-Key header at the key's place (D15), expiry against the clock (D4), a job's seal
 * right after its members (D27), the refund bound before the fields of other actions (D3, D5),
 * and the expiry conflict last. And nothing in shared/ makes code from strings.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import * as v from "valibot";
import { JOB_MEMBERS } from "../../shared/protocol/job-members.ts";
import { RECEIPT_MEMBERS } from "../../shared/protocol/receipt-members.ts";
import { CREATE, call, jobsByStatus, PROOF_URL } from "../support/helpers.ts";
import { sealed, sealedWalk } from "../support/sealed.ts";

const { open, funded, submitted } = jobsByStatus();

/** validate's list of problems for `body`, as `field: message` lines. */
function problems(body: unknown, headers: Record<string, string> = {}, ctx?: Parameters<typeof call>[3]): string[] {
  const answer = call("validate", body, headers, ctx).body as { errors?: { field?: string; message: string }[] };
  return (answer.errors ?? []).map(({ field, message }) => `${field}: ${message}`);
}

describe("a field sent under two names (D25)", () => {
  test("values that agree after trimming are one value; values that differ name the canonical field", () => {
    expect(problems({ action: "fund", job: open, payer_credits: 500, payerCredits: 500 })).toEqual([]);
    expect(problems({ action: "submit", job: funded, proof_url: " a ", proofUrl: "a" })).toEqual([]);
    expect(problems({ action: "fund", job: open, payer_credits: 500, payerCredits: 400 })).toEqual([
      "payer_credits: payer_credits was sent under two names with different values.",
    ]);
  });

  test("the other value is checked by the same rule, and its problem is invalid_field even where blank is missing", () => {
    const answer = call("transition", { action: "submit", job: funded, proof_url: "x", proofUrl: " " }).body;
    expect(answer).toMatchObject({ error: "invalid_field", field: "proof_url" });
    expect(answer.message).toBe("proof_url must be a non-empty string.");
  });

  test("in a job, the names are compared only while no member failed", () => {
    const twice = { ...submitted, proof_url: "https://example.com/other" };
    expect(problems({ action: "release", job: { ...twice, fee: -1 } })).toEqual([
      "job.proofUrl: job.proofUrl was sent under two names with different values.",
      "job.fee: job.fee must be an integer >= 0.",
    ]);
    expect(problems({ action: "release", job: { ...twice, title: 5 } })).toEqual([
      `job.title: job.title must be a string of 1 to 80 characters.`,
    ]);
  });
});

describe("checks that need more than the body, at their place", () => {
  test("the Idempotency-Key header is checked right after the body's key, before the fields that follow it", () => {
    expect(
      problems({ action: "create", ...CREATE, idempotency_key: "a", payer_credits: -1 }, { "Idempotency-Key": "b" }),
    ).toEqual([
      "idempotency_key: idempotency_key must match the Idempotency-Key header.",
      "payer_credits: payer_credits must be an integer >= 0.",
    ]);
    expect(problems({ action: "create", ...CREATE, idempotency_key: " " }, { "Idempotency-Key": " " })).toEqual([
      "idempotency_key: idempotency_key must be a string of 1 to 255 characters.",
      "idempotency_key: idempotency_key must be a string of 1 to 255 characters.",
    ]);
  });

  test("expires_at in the past comes at its place, and the conflict with ttl_seconds after every field", () => {
    const body = {
      action: "fund",
      job: open,
      payer_credits: 500,
      expires_at: "2025-01-01T00:00:00Z",
      ttl_seconds: 0,
      proof_url: PROOF_URL,
    };
    expect(problems(body)).toEqual([
      "expires_at: expires_at must be in the future.",
      "ttl_seconds: ttl_seconds must be an integer >= 1.",
      "proof_url: proof_url is only accepted on submit.",
      "expires_at: Send expires_at or ttl_seconds, not both.",
    ]);
  });

  test("under SEALS=required, a job's seal is judged right after its members, before the fields that follow", () => {
    const ctx = sealed("required");
    const { job } = sealedWalk(ctx);
    const edited = { ...job, title: "Another title" };
    expect(problems({ action: "release", job: edited, payer_credits: -1 }, {}, ctx)).toEqual([
      expect.stringMatching(/^job\.seal: job\.seal does not match this job/),
      "payer_credits: payer_credits must be an integer >= 0.",
    ]);
  });

  test("a dispute's refund bound comes after its row, before the fields of other actions", () => {
    const body = {
      action: "dispute",
      job: submitted,
      payer_credits: 9007199254740991,
      ttl_seconds: 60,
      client_ref: "x",
    };
    expect(problems(body)).toEqual([
      "payer_credits: payer_credits must stay <= 9007199254740991 after the refund.",
      "ttl_seconds: ttl_seconds is only accepted on fund.",
      "client_ref: client_ref is only accepted on create.",
    ]);
  });
});

test("a member's initial value passes its rule unchanged (so a job read as written, D27, reads as member by member)", () => {
  const rows = [...Object.values(JOB_MEMBERS), ...Object.values(RECEIPT_MEMBERS)] as {
    rule: v.GenericSchema;
    initial?: unknown;
  }[];
  const initials = rows.filter((row) => row.initial !== undefined);
  expect(initials.length).toBeGreaterThan(5);
  for (const { rule, initial } of initials) {
    const read = v.safeParse(rule, initial);
    expect(read.success && read.output === initial).toBe(true);
  }
});

test("a stamp in toISOString form passes its rule unchanged (what lets the reader take it as it is)", () => {
  const rows = [...Object.values(JOB_MEMBERS), ...Object.values(RECEIPT_MEMBERS)] as {
    rule: v.GenericSchema;
    kind?: string;
  }[];
  const stamps = rows.filter((row) => row.kind === "stamp" || row.kind === "utc-stamp");
  expect(stamps.length).toBeGreaterThan(3);
  fc.assert(
    fc.property(
      fc.date({
        min: new Date("0000-01-01T00:00:00.000Z"),
        max: new Date(Date.UTC(9999, 11, 31, 23, 59, 59, 999)),
        noInvalidDate: true,
      }),
      (date) => {
        const stamp = date.toISOString();
        for (const { rule } of stamps) {
          const read = v.safeParse(rule, stamp);
          expect(read.success && read.output === stamp).toBe(true);
        }
      },
    ),
  );
});

test("nothing in shared/ makes code from strings at run time (new Function, eval)", () => {
  const root = new URL("../../shared/", import.meta.url).pathname;
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
  expect(files.length).toBeGreaterThan(50);
  const offenders = files.filter((file) => /\bnew Function\b|\beval\s*\(/.test(readFileSync(`${root}${file}`, "utf8")));
  expect(offenders).toEqual([]);
});
