/**
 * Reads the fields of one body row (SPEC "Action bodies", simulate's table) in the row's order,
 * required first (D7): each by its rule, the job by the job reader right where the row names
 * it, expires_at with ttl_seconds as the hold's end (D4), and idempotency_key with its header
 * (D15). Whatever fails is recorded on the checker; the values that passed come back.
 */
import type { FieldName, FieldValues } from "../protocol/fields.ts";
import type { Job } from "../protocol/job-members.ts";
import type { HeaderReader } from "../protocol/keys.ts";
import type { BodyField } from "../protocol/request-shape.ts";
import type { Checker } from "./checker.ts";
import { readJob } from "./job-reader.ts";

/** The checked values of a body: the job when the row has one, and each field sent. */
export interface BodyValues {
  job?: Job;
  /** expires_at holds the hold's end in response form, from expires_at or ttl_seconds. */
  fields: Partial<FieldValues>;
}

/** A row of a body: its required fields, then its optional ones, each in check order. */
export interface BodyRow {
  readonly required: readonly BodyField[];
  readonly optional: readonly BodyField[];
}

/** What reading one field of a row takes: the job reader, the expiry pair, the idempotency key, or a field rule. */
type Step =
  | { readonly kind: "job" | "expiry" | "key" }
  | { readonly kind: "field"; readonly name: FieldName; readonly presence: "required" | "optional" };

/** The steps of each row, worked out once (a row is a constant of request-shape.ts). */
const STEPS = new WeakMap<BodyRow, readonly Step[]>();

function stepsOf(row: BodyRow): readonly Step[] {
  let steps = STEPS.get(row);
  if (steps === undefined) {
    const step = (name: BodyField, required: boolean): Step[] => {
      if (name === "job") return [{ kind: "job" }];
      if (name === "expires_at") return [{ kind: "expiry" }];
      if (name === "ttl_seconds") return []; // read with expires_at, which every row names first
      if (name === "idempotency_key") return [{ kind: "key" }];
      return [{ kind: "field", name, presence: required ? "required" : "optional" }];
    };
    steps = [...row.required.flatMap((name) => step(name, true)), ...row.optional.flatMap((name) => step(name, false))];
    STEPS.set(row, steps);
  }
  return steps;
}

/**
 * Reads `row` from the checker's body. `skip` leaves out a field given what was read before it
 * (simulate reads only the note that matches its terminal, D5).
 */
export function readBodyFields(
  c: Checker,
  row: BodyRow,
  headers: HeaderReader,
  now: number,
  skip?: (field: FieldName, fields: Partial<FieldValues>) => boolean,
): BodyValues {
  const values: BodyValues = { fields: {} };
  const fields = values.fields as Record<FieldName, unknown>;
  for (const step of stepsOf(row)) {
    if (step.kind === "field") {
      if (!skip?.(step.name, values.fields)) fields[step.name] = c.field(step.name, step.presence);
    } else if (step.kind === "job") values.job = readJob(c, true);
    else if (step.kind === "expiry") fields.expires_at = c.expiry(now);
    else fields.idempotency_key = c.idempotencyKey(headers);
  }
  return values;
}
