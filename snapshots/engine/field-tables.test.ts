/**
 * The field tables hold together: what create takes is stored on the job and carried to its
 * receipt (SETTLEMENT.md "Receipt": client_ref and callback_url are "stamped at create" and appear on the
 * receipt), and every member a job or receipt has can travel in a link (D19). A field added to
 * one table and forgotten in another fails here, naming it.
 */
import { describe, expect, test } from "bun:test";
import { FIELDS, type FieldName } from "../../shared/protocol/fields.ts";
import { JOB_MEMBER_NAMES, JOB_MEMBERS } from "../../shared/protocol/job-members.ts";
import type { JobMemberRow } from "../../shared/protocol/member-rows.ts";
import { OWNED_FIELDS, SIMULATE_FIELDS } from "../../shared/protocol/request-shape.ts";
import { CREATE, call, ok, PROOF_URL } from "../support/helpers.ts";

const CREATE_ONLY = OWNED_FIELDS.filter(([, action]) => action === "create").map(([field]) => field as FieldName);

/** A value each create-only field accepts, read off its rule's kind. */
const valueFor = (field: FieldName): string =>
  field === "callback_url" ? "https://example.com/hooks/tables" : `${field} value`;

describe("the field tables", () => {
  test.each(CREATE_ONLY)("%s, taken only on create, is copied onto the job by a job member", (field) => {
    const members = JOB_MEMBER_NAMES.filter((member) => (JOB_MEMBERS[member] as JobMemberRow).from?.field === field);
    expect(members, `no row of job-members.ts has from: { field: "${field}", on: "create" }`).toHaveLength(1);
  });

  test.each(CREATE_ONLY)(
    "%s sent on create comes back on the job, the released job's receipt and simulate's",
    (field) => {
      expect(FIELDS[field]).toBeDefined();
      const member = JOB_MEMBER_NAMES.find((name) => (JOB_MEMBERS[name] as JobMemberRow).from?.field === field)!;
      const value = valueFor(field);
      const open = ok(call("transition", { action: "create", ...CREATE, [field]: value })).job;
      expect(open[member]).toBe(value);
      const funded = ok(call("transition", { action: "fund", job: open, payer_credits: 1000 })).job;
      const submitted = ok(call("transition", { action: "submit", job: funded, proof_url: PROOF_URL })).job;
      const released = ok(call("transition", { action: "release", job: submitted }));
      expect(released.job[member]).toBe(value);
      expect(released.receipt[field], `receipt-members.ts has no ${field}`).toBe(value);
      expect(SIMULATE_FIELDS.optional as readonly string[], `simulate does not take ${field}`).toContain(field);
      const simulated = ok(call("simulate", { ...CREATE, payer_credits: 1000, proof_url: PROOF_URL, [field]: value }));
      expect(simulated.receipt[field]).toBe(value);
    },
  );
});
