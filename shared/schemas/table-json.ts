/**
 * How a table of the engine (shared/engine/table-schema.ts) is stated in JSON Schema, from its
 * steps, for the statements of bodies.ts and simulate-body.ts that the override (convert.ts)
 * hands it to: every name of a member is a property, null as absent (D2); a required member
 * present under one of its names; no member under two (stricter than D25); a field the table
 * refuses (D5) null only; and the hold's end check (D7) as expires_at not with ttl_seconds.
 */
import { HOLD_END } from "../engine/field-schemas.ts";
import type { Member, Step, TableSchema } from "../engine/table-steps.ts";
import { namesOf } from "../protocol/fields.ts";
import { mergeDependents, notBoth, nullable, oneNameEach, presentAny, type Schema } from "./convert.ts";

const isMember = (step: Step): step is Member => "schema" in step;

/** A table's members, in its order. */
export const membersOf = (table: TableSchema<unknown>): Member[] => table.steps.filter(isMember);

/** Properties for every name of each member: its schema by `ref`, or null (D2). */
export function aliasProperties(members: readonly Member[], ref: (member: Member) => Schema): Record<string, Schema> {
  const properties: Record<string, Schema> = {};
  for (const member of members) for (const name of member.names) properties[name] = nullable(ref(member));
  return properties;
}

/** What a table refuses whatever the value (D5): the names of its refusing steps, null only. */
export function refusedProperties(table: TableSchema<unknown>): Record<string, Schema> {
  const names = table.steps.flatMap((step) => (!isMember(step) && step.refuses) || []);
  return Object.fromEntries(names.map((name) => [name, { type: "null" }]));
}

/** One name per member of `members` (D25, stricter), and, when the table ends with the hold's end, not expires_at with ttl_seconds (D7). */
export function dependentsOf(table: TableSchema<unknown>, members: readonly Member[]): Record<string, Schema> {
  const dependents = oneNameEach(members.map((member) => member.names));
  if (!table.steps.includes(HOLD_END as Step)) return dependents;
  return mergeDependents(dependents, notBoth(namesOf("expires_at"), namesOf("ttl_seconds")));
}

/** The presence rules of a table's required members. */
export const presenceOf = (members: readonly Member[], ref: (member: Member) => Schema): Schema[] =>
  members.filter((member) => !member.optional).map((member) => presentAny(member.names, ref(member)));

/**
 * `object` with the presence rules added in the forms generated clients type best: a field of
 * one name joins `required` and its property refuses null (D2); a field of several names is an
 * `anyOf` of one object per name (every such rule together under allOf).
 */
export function requiring(object: Schema, rules: readonly Schema[]): Schema {
  const properties = object.properties as Record<string, Schema>;
  const required = [...((object.required as string[] | undefined) ?? [])];
  const choices: Schema[] = [];
  for (const rule of rules) {
    if (rule.anyOf !== undefined) choices.push(rule);
    else {
      const [name] = rule.required as [string];
      required.push(name);
      properties[name] = (rule.properties as Record<string, Schema>)[name]!;
    }
  }
  return { ...object, required, properties, ...(choices.length > 0 && { allOf: choices }) };
}
