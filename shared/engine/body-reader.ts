/**
 * Reading a body: one parse by its schema (body-schemas.ts), in the read's context (the clock,
 * the Idempotency-Key header, the seal policy), its issues mapped to the error catalog. What the
 * schema read comes back whole: the fields under their canonical names, the job, the hold's end
 * (D4) and the verdict on the job's seal (`jobSeal`, D27). A problem a step answers itself
 * (invalid_action, a check's) is that answer; a required top-level field that is absent, or blank after trimming
 * (Valibot's `non_empty`), is missing_field (D2), and so is a receipt's claim it lacks (D12);
 * every other issue is invalid_field named by its path (`job.title`) with the rule's message.
 * `all` collects every problem in check order (validate, D8); otherwise the parse stops at the
 * first, which is the answer (D7).
 */
import type * as v from "valibot";
import type { JsonObject } from "../lib/json.ts";
import { invalid, missing, type Rejection } from "../protocol/errors.ts";
import { CLAIMS } from "../protocol/receipt-members.ts";
import { parseInContext } from "./table-schema.ts";
import type { ReadContext, ReadIssue } from "./table-steps.ts";

/** A read body: what the schema read, or every problem found (the first is the answer). */
export type Read<T> = { ok: true; value: T } | { ok: false; errors: Rejection[] };

/** Members whose absence is missing_field of another name: a receipt's claims (D12). */
const MISSING_AS: Record<string, string> = Object.fromEntries(
  CLAIMS.map(({ claim, member }) => [`receipt.${member}`, claim]),
);

/** The rejection of one issue. */
function rejectionOf(issue: ReadIssue): Rejection {
  if (issue.rejection) return issue.rejection;
  const path = issue.path ?? [];
  const field = path.map((item) => String(item.key)).join(".");
  const absent = issue.input === undefined && issue.kind === "schema";
  if (path.length === 1 && (absent || issue.type === "non_empty")) return missing(field);
  if (absent && MISSING_AS[field] !== undefined) return missing(MISSING_AS[field]);
  return invalid(field, issue.message);
}

/** Reads `body` with `schema`, in one parse. */
export function readEngineBody<T>(
  schema: v.GenericSchema<unknown, T>,
  body: JsonObject,
  context: ReadContext,
  all: boolean,
): Read<T> {
  const parsed = parseInContext(schema, body, context, all);
  return parsed.ok ? parsed : { ok: false, errors: parsed.issues.map(rejectionOf) };
}
