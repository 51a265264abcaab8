/**
 * The members and checks of a body's top-level fields, built once from the field table
 * (fields.ts): each field by its rule under all its names, required or optional as its row says;
 * a blank note as not sent (D2); expires_at strictly after the clock and in response form, a
 * ttl_seconds that ends the hold in range (D4); the Idempotency-Key header checked against the
 * body's key (D15); a field of another action refused (D5); and the checks that come after a
 * row: a refund past the safe-integer bound (D3), expires_at with ttl_seconds (D7), which
 * otherwise gives the hold's end (D4).
 */
import * as v from "valibot";
import type { Action } from "../protocol/constants.ts";
import { LIMITS } from "../protocol/constants.ts";
import { MAX_DATE_TIME_MS, parseDateTime, toIso } from "../protocol/datetime.ts";
import { invalid } from "../protocol/errors.ts";
import { FIELDS, type FieldName, type FieldValues, namesOf } from "../protocol/fields.ts";
import type { Job } from "../protocol/job-members.ts";
import { OWNED_FIELDS } from "../protocol/request-shape.ts";
import { TTL_MESSAGE } from "../protocol/rules.ts";
import { contextOf } from "./table-schema.ts";
import { type Check, type Member, sentUnder } from "./table-steps.ts";

/** D4: expires_at strictly after now, in response form. */
const holdEnd = v.rawTransform<string, string>(({ dataset, config, addIssue, NEVER }) => {
  const ms = parseDateTime(dataset.value, true);
  if (ms !== null && ms > contextOf(config).now) return toIso(ms);
  addIssue({ message: "expires_at must be in the future." });
  return NEVER;
});

/** A ttl must end the hold by the latest four-digit year, by this clock. */
const ttlInRange = v.rawCheck<number>(({ dataset, config, addIssue }) => {
  if (dataset.typed && contextOf(config).now + dataset.value * 1000 > MAX_DATE_TIME_MS) {
    addIssue({ message: TTL_MESSAGE });
  }
});

/** The schema of a field sent: its rule; expires_at and ttl_seconds also against the clock, a blank note as not sent (D2). */
function fieldSchema(name: FieldName): v.GenericSchema {
  if (name === "expires_at") return v.pipe(FIELDS.expires_at.rule, holdEnd);
  if (name === "ttl_seconds") return v.pipe(FIELDS.ttl_seconds.rule, ttlInRange);
  const row = FIELDS[name];
  if ("kind" in row)
    return v.pipe(
      row.rule,
      v.transform((text) => (text === "" ? undefined : text)),
    );
  return row.rule;
}

/** Every field's member, required and optional, built once. */
const MEMBERS = new Map<string, Member>();

/** The member of field `name`. */
export function fieldMember(name: FieldName, required: boolean): Member {
  const id = `${name}:${required}`;
  let member = MEMBERS.get(id);
  if (member === undefined) {
    member = { key: name, names: namesOf(name), schema: fieldSchema(name), optional: !required };
    MEMBERS.set(id, member);
  }
  return member;
}

/**
 * D5: the fields of other actions an action's body holds, each refused with its owner, in
 * OWNED_FIELDS' order. One pass over the names the body holds (a handful), not a look under
 * each of the other actions' names (dozens) on every body: 1.5-3 % of a body's read, in process.
 */
export function refusedFields(action: Action): Check {
  const owned = OWNED_FIELDS.filter(([, owner]) => owner !== action);
  const at = new Map(owned.flatMap(([name], i) => namesOf(name).map((alias) => [alias, i] as const)));
  return {
    key: "action",
    refuses: [...at.keys()],
    check: ({ input }) => {
      let found: number[] | undefined;
      for (const name in input) {
        const i = at.get(name);
        if (i === undefined || input[name] == null || !Object.hasOwn(input, name)) continue;
        found ??= [];
        found.push(i);
      }
      if (found === undefined) return undefined;
      return [...new Set(found)]
        .sort((a, b) => a - b)
        .map((i) => {
          const [name, owner] = owned[i]!;
          return invalid(name, `${name} is only accepted on ${owner}.`);
        });
    },
  };
}

const KEY_RULE = FIELDS.idempotency_key.rule;

/**
 * D15: the Idempotency-Key header, 1 to 255 characters after trimming, equal to the body's
 * idempotency_key when both are sent; it is the key read.
 */
export const HEADER_CHECK: Check<{ idempotency_key: string }> = {
  key: "idempotency_key",
  check: ({ output, context }) => {
    if (context.header === null) return undefined;
    const header = v.safeParse(KEY_RULE, context.header);
    if (!header.success) return invalid("idempotency_key", header.issues[0].message);
    const body = output.idempotency_key;
    if (body !== undefined && body !== header.output) {
      output.idempotency_key = undefined;
      return invalid("idempotency_key", "idempotency_key must match the Idempotency-Key header.");
    }
    output.idempotency_key = header.output;
    return undefined;
  },
};

/** D3: a dispute's refund must not push the payer's balance past the safe-integer bound. */
export const REFUND_CHECK: Check<{ job: Job; payer_credits: number }> = {
  key: "payer_credits",
  check: ({ output: { job, payer_credits: credits } }) =>
    job && credits !== undefined && credits + job.amount > LIMITS.integerMax
      ? invalid("payer_credits", `payer_credits must stay <= ${LIMITS.integerMax} after the refund.`)
      : undefined,
};

const EXPIRES_AT_NAMES = namesOf("expires_at");
const TTL_NAMES = namesOf("ttl_seconds");

/**
 * D7: expires_at and ttl_seconds both sent, whatever their values, after every field check;
 * else the hold's end (D4): expires_at's, or now + ttl_seconds.
 */
export const HOLD_END: Check<Pick<FieldValues, "expires_at" | "ttl_seconds">> = {
  key: "expires_at",
  check: ({ input, output, context }) => {
    if (sentUnder(input, EXPIRES_AT_NAMES) && sentUnder(input, TTL_NAMES)) {
      return invalid("expires_at", "Send expires_at or ttl_seconds, not both.");
    }
    if (output.ttl_seconds !== undefined) output.expires_at = toIso(context.now + output.ttl_seconds * 1000);
    return undefined;
  },
};
