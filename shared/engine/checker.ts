/**
 * The field checker: runs the Valibot rules one field at a time, in the order the caller asks
 * (D7), and records every problem as a Rejection. transition, quote and simulate answer with
 * the first; validate lists them all (D8). Omitted and null are the same (D2).
 */

import * as v from "valibot";
import type { JsonObject } from "../lib/json.ts";
import { MAX_DATE_TIME_MS, parseDateTime, toIso } from "../protocol/datetime.ts";
import { invalid, missing, type Rejection } from "../protocol/errors.ts";
import { FIELD_NAMES, FIELDS, type FieldName, type FieldValues, namesOf } from "../protocol/fields.ts";
import type { HeaderReader } from "../protocol/keys.ts";
import { type Rule, TTL_MESSAGE } from "../protocol/rules.ts";
import type { Verdict } from "../seal/seal.ts";
import { fieldsRead, fieldsTwice } from "./accessors.generated.ts";
import { accept, compileRule, type FastRule, REFUSED } from "./fast-rule.ts";
import type { SealPolicy } from "./sealing.ts";

/** Everything checking one top-level field needs, worked out once from its row. */
export interface FieldSpec {
  readonly name: FieldName;
  /** Its place in the field table (and in what the body sends, SENT). */
  readonly position: number;
  readonly rule: Rule;
  /** The rule's compiled accepting path (fast-rule.ts). */
  readonly fast: FastRule;
  /** Notes: blank after trimming counts as not sent (D2). */
  readonly blankIsAbsent: boolean;
}

/** The spec of each field, by name. */
export const FIELD_SPECS = Object.fromEntries(
  FIELD_NAMES.map((name, position): [FieldName, FieldSpec] => {
    const rule = FIELDS[name].rule;
    return [name, { name, position, rule, fast: compileRule(rule), blankIsAbsent: "kind" in FIELDS[name] }];
  }),
) as Record<FieldName, FieldSpec>;

/** D25's answer to a field sent under two names whose values differ. */
export const sentTwice = (field: string): Rejection =>
  invalid(field, `${field} was sent under two names with different values.`);

/** The non-null values `object` holds under `names` as its own members, in the names' order. */
export function valuesUnder(object: Record<string, unknown>, names: readonly string[]): unknown[] {
  const values: unknown[] = [];
  for (const name of names) if (Object.hasOwn(object, name) && object[name] != null) values.push(object[name]);
  return values;
}

/** How an absent value is treated: an error of the top level, of a member, or fine. */
export type Presence = "required" | "required-member" | "optional";

/** Collects rejections while reading checked values out of one request body. */
export class Checker {
  /** Every problem found so far, in check order. */
  readonly errors: Rejection[] = [];
  /** The value sent for each field under any of its names, in the field table's order, read once on first use. */
  #sent: unknown[] | undefined;
  /** Whether some field may be sent under two names (D25), worked out on first use. */
  #twice: boolean | undefined;

  /** What the seal of the body's job turned out to be, once the job was read (D27); undefined when not checked or no job. */
  jobSeal: Verdict | undefined;

  constructor(
    readonly body: JsonObject,
    /** How the job's seal is checked (D27); none when SEALS is off or this engine does not check it. */
    readonly seals?: SealPolicy,
  ) {}

  /** The value sent for `name` under any of its names (fields.ts); undefined when omitted or null. */
  sent(name: FieldName): unknown {
    return this.sentAt(FIELD_SPECS[name].position);
  }

  /** The value sent for the field at `position` of the field table. */
  sentAt(position: number): unknown {
    this.#sent ??= fieldsRead(this.body);
    return this.#sent[position];
  }

  /** True once any check failed. */
  get failed(): boolean {
    return this.errors.length > 0;
  }

  /** Records a rejection. */
  fail(rejection: Rejection): void {
    this.errors.push(rejection);
  }

  /** True when the body holds a non-null value under any name of `name`. */
  has(name: FieldName): boolean {
    return this.sent(name) !== undefined;
  }

  /** Checks a top-level field by its canonical name; undefined when omitted or bad, or when a note is blank (D2). */
  field<F extends FieldName>(name: F, presence: Presence = "optional"): FieldValues[F] | undefined {
    return this.fieldOf(FIELD_SPECS[name], presence) as FieldValues[F] | undefined;
  }

  /** {@link field} by the field's spec. */
  fieldOf(spec: FieldSpec, presence: Presence): unknown {
    let value = this.check(spec.name, spec.rule, this.sentAt(spec.position), presence, spec.fast);
    this.#twice ??= fieldsTwice(this.body);
    if (this.#twice && value !== undefined) value = this.agreed(spec, value);
    return spec.blankIsAbsent && value === "" ? undefined : value;
  }

  /**
   * D25: every other value sent for the field under another of its names, checked by its rule
   * and equal to `value` after trimming; else the first problem is recorded and undefined comes back.
   */
  agreed(spec: FieldSpec, value: unknown): unknown {
    const values = valuesUnder(this.body, namesOf(spec.name));
    const before = this.errors.length;
    for (const other of values.slice(1)) {
      const checked = this.check(spec.name, spec.rule, other, "optional", spec.fast);
      if (this.errors.length > before) return undefined;
      if (checked !== value) {
        this.fail(sentTwice(spec.name));
        return undefined;
      }
    }
    return value;
  }

  /**
   * Checks one value against a rule. A required top-level string that is blank after trimming
   * is missing_field (D2, issue type `non_empty`); any other failure is invalid_field with the
   * rule's message. A missing member runs the rule on undefined, so its message says what it needs.
   * `fast`, the rule's compiled accepting path (compileRule), goes first; Valibot itself answers
   * whatever it refuses.
   */
  check(field: string, rule: Rule, raw: unknown, presence: Presence, fast: FastRule): unknown {
    if (raw === undefined || raw === null) {
      if (presence === "required") this.fail(missing(field));
      if (presence !== "required-member") return undefined;
    }
    const accepted = accept(fast, raw);
    if (accepted !== REFUSED) return accepted;
    const result = v.safeParse(rule, raw);
    if (result.success) return result.output;
    const issue = result.issues[0];
    if (presence === "required" && issue.type === "non_empty") this.fail(missing(field));
    else this.fail(invalid(field, issue.message));
    return undefined;
  }

  /**
   * The idempotency key (D15): header `Idempotency-Key` or body `idempotency_key`, 1 to 255
   * characters after trimming; both sent and different after trimming is invalid_field.
   */
  idempotencyKey(headers: HeaderReader): string | undefined {
    const fromBody = this.field("idempotency_key");
    const header = headers.get("idempotency-key");
    if (header === null) return fromBody;
    const rule = FIELDS.idempotency_key.rule;
    const fromHeader = this.check("idempotency_key", rule, header, "optional", FIELD_SPECS.idempotency_key.fast) as
      | string
      | undefined;
    if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody) {
      this.fail(invalid("idempotency_key", "idempotency_key must match the Idempotency-Key header."));
      return undefined;
    }
    return fromHeader ?? fromBody;
  }

  /**
   * expires_at or ttl_seconds (fund, and simulate's fund step) as the stamped expiresAt.
   * expires_at must be strictly after now (D4); a ttl must end by the latest four-digit year.
   * When both are sent and valid, the conflict names expires_at (D13a).
   */
  expiry(now: number): string | undefined {
    const at = this.field("expires_at");
    let atMs: number | undefined;
    if (at !== undefined) {
      atMs = parseDateTime(at, true) ?? undefined;
      if (atMs !== undefined && atMs <= now) {
        this.fail(invalid("expires_at", "expires_at must be in the future."));
        atMs = undefined;
      }
    }
    const ttl = this.field("ttl_seconds");
    let ttlMs: number | undefined;
    if (ttl !== undefined) {
      ttlMs = now + ttl * 1000;
      if (ttlMs > MAX_DATE_TIME_MS) {
        this.fail(invalid("ttl_seconds", TTL_MESSAGE));
        ttlMs = undefined;
      }
    }
    return atMs !== undefined ? toIso(atMs) : ttlMs !== undefined ? toIso(ttlMs) : undefined;
  }

  /** D7: expiry conflicts come after every field check. */
  expiryConflict(): void {
    if (this.has("expires_at") && this.has("ttl_seconds")) {
      this.fail(invalid("expires_at", "Send expires_at or ttl_seconds, not both."));
    }
  }
}
