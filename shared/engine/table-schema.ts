/**
 * The table schema: a schema kind of our own, and the one file that relies on Valibot's
 * internals (`"~run"`, `_standardSchema`). Every rule of a member is a plain Valibot schema; what
 * SETTLEMENT.md asks of a whole body, no kind of Valibot's own can say:
 * - a member is sent under any of its names, null as absent (D2): the first value is read, and
 *   every other must pass the same rule and agree (D25). v.object reads one key per entry.
 * - D7's order: checks across members (the Idempotency-Key header, a job's seal, the refund
 *   bound, the fields of other actions of D5, the expiry conflict) run at their places among the
 *   members, each with its own rejection; validate collects all (D8). In v.object a v.check or
 *   v.forward runs once every entry passed, so its problem could not come before a later one's.
 * - What a read needs besides the body (the clock, the header, the seal policy) travels in the
 *   parse's config as `context`, which Valibot hands down unchanged to every schema and action it
 *   runs; v.safeParse keeps only Valibot's own config members, so `parseInContext` is its twin
 *   that keeps the context.
 * An action body is one of several tables, chosen by its action (`tableChoice`).
 * snapshots/engine/table-schema.test.ts fails if a Valibot upgrade changes what this relies on.
 */
import * as v from "valibot";
import { isObject } from "../lib/json.ts";
import { invalid, type Rejection } from "../protocol/errors.ts";
import {
  issue,
  type Member,
  type ReadContext,
  type ReadIssue,
  type Step,
  slotOf,
  type TableChoice,
  type TableOptions,
  type TableSchema,
  withKey,
} from "./table-steps.ts";

/** A parse's config with the read's context. */
interface ReadConfig extends v.Config<v.BaseIssue<unknown>> {
  readonly context: ReadContext;
}

/** The read's context, from the config a rule is run with (a rule run by a table). */
export const contextOf = <I extends v.BaseIssue<unknown>>(config: v.Config<I>): ReadContext =>
  (config as unknown as ReadConfig).context;

/** Reads one member into `output`, its problems into `issues`. */
function readMember(
  member: Member,
  input: Record<string, unknown>,
  output: Record<string, unknown>,
  issues: ReadIssue[],
  config: ReadConfig,
  options: TableOptions,
  plain: boolean,
): void {
  const { key, schema } = member;
  // The first value sent under one of its names, and those sent under the others (D25).
  let first: unknown;
  let others: unknown[] | undefined;
  for (const name of member.names) {
    const value = input[name];
    if (value === undefined || value === null || !(plain || Object.hasOwn(input, name))) continue;
    if (first === undefined) first = value;
    else if (others === undefined) others = [value];
    else others.push(value);
  }
  if (first === undefined && member.optional) {
    if (member.initial !== undefined) output[key] = member.initial;
    return;
  }
  // A value its rule would give back unchanged, sent under one name, is taken as it is.
  if (first !== undefined && others === undefined && (first === member.initial || member.asIs?.(first) === true)) {
    output[key] = first;
    return;
  }
  const clean = issues.length === 0;
  const read = schema["~run"]({ value: first }, config);
  if (read.issues) {
    if (member.rejection) issues.push(issue(key, first, read.issues[0].message, member.rejection(first)));
    else for (const found of read.issues) issues.push(withKey(found, key, first));
    return;
  }
  // D25: every other value sent under another name passes the same rule and agrees with the first.
  if (others !== undefined && (clean || !options.agreeWhileClean)) {
    const field = `${options.prefix}${key}`;
    for (const other of others) {
      const again = schema["~run"]({ value: other }, config);
      // An other value's problem is invalid_field, never missing_field: the field was sent.
      if (again.issues) {
        const { message } = again.issues[0];
        issues.push(issue(key, other, message, invalid(field, message)));
        return;
      }
      if (again.value !== read.value) {
        issues.push(issue(key, other, `${field} was sent under two names with different values.`));
        return;
      }
    }
  }
  if (read.value !== undefined) output[key] = read.value;
}

/** The table schema of `steps`, read in their order (D7); `T` is what it reads, the type its rows give. */
export function tableSchema<T>(steps: readonly Step[], options: TableOptions): TableSchema<T> {
  const slots = steps.map(slotOf);
  for (const { names } of slots) {
    const inherited = names.find((name) => name in Object.prototype);
    if (inherited !== undefined) throw new Error(`${inherited}: a member name a plain object inherits`);
  }
  const schema = {
    kind: "schema",
    type: "table",
    reference: tableSchema,
    expects: "Object",
    async: false,
    steps,
    options,
    "~run"(dataset: v.UnknownDataset, config: ReadConfig): v.OutputDataset<unknown, ReadIssue> {
      const input = dataset.value;
      if (!isObject(input)) {
        const notObject: ReadIssue = { ...issue("", input, options.message), kind: "schema", type: "object" };
        return { typed: false, value: input, issues: [{ ...notObject, path: undefined }] };
      }
      // A plain object (every parsed body) holds no name of a member but as its own (checked
      // when the table is made), so a member's value needs no Object.hasOwn: in process, 3 %
      // of a quote's read (Bun 1.4.4, 21 interleaved rounds).
      const plain = Object.getPrototypeOf(input) === Object.prototype;
      const output: Record<string, unknown> = {};
      const issues: ReadIssue[] = [];
      for (const slot of slots) {
        if (slot.check !== undefined) {
          const found = slot.check({ input, output, context: config.context });
          if (found !== undefined) {
            for (const rejection of Array.isArray(found) ? found : [found]) {
              issues.push(issue(rejection.field ?? slot.key, input, rejection.message, rejection));
            }
          }
        } else if (slot.when === undefined || slot.when({ input, output, context: config.context })) {
          readMember(slot, input, output, issues, config, options, plain);
        }
        if (issues.length > 0 && config.abortEarly) break;
      }
      return issues.length > 0
        ? { typed: false, value: output, issues: issues as [ReadIssue] }
        : { typed: true, value: output };
    },
  };
  return v._standardSchema(schema as unknown as Parameters<typeof v._standardSchema>[0]) as unknown as TableSchema<T>;
}

/**
 * The table of `tables` that the body's `key` names, read by `rule` (a trimmed picklist, D2)
 * before anything else; its problem is `rejection` of the value sent (invalid_action). v.variant
 * says the same, but tries each table's member in turn and builds an issue for each that does
 * not match: a sixth of an action body's read.
 */
export function tableChoice<const Tables extends Record<string, TableSchema<unknown>>>(
  key: string,
  rule: v.GenericSchema<unknown, string>,
  tables: Tables,
  rejection: (sent: unknown) => Rejection,
): TableChoice<v.InferOutput<Tables[keyof Tables]>> {
  const schema = {
    kind: "schema",
    type: "table_choice",
    reference: tableChoice,
    expects: "Object",
    async: false,
    key,
    tables,
    "~run"(dataset: v.UnknownDataset, config: ReadConfig): v.OutputDataset<unknown, ReadIssue> {
      const sent = isObject(dataset.value) ? dataset.value[key] : undefined;
      // A value that names a table as it is, the rule would give back unchanged; the table's
      // own action member takes it as it is too (body-schemas.ts). Together they save reading
      // the action twice: 10-12 % of a create's or an invalid field's read, in process.
      if (typeof sent === "string" && Object.hasOwn(tables, sent)) return tables[sent]!["~run"](dataset, config);
      const read = rule["~run"]({ value: sent }, config);
      const table = read.issues ? undefined : tables[read.value as string];
      if (table !== undefined) return table["~run"](dataset, config);
      const problem = issue(key, sent, read.issues?.[0].message ?? "", rejection(sent));
      return { typed: false, value: dataset.value, issues: [problem] };
    },
  };
  return v._standardSchema(schema as unknown as Parameters<typeof v._standardSchema>[0]) as unknown as TableChoice<
    v.InferOutput<Tables[keyof Tables]>
  >;
}

/** A parse's outcome: what the schema gave, or every issue in check order. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; issues: readonly ReadIssue[] };

/**
 * v.safeParse with the read's context: all issues when `all` (validate, D8), else up to the
 * first, which is the answer (D7).
 */
export function parseInContext<T>(
  schema: v.GenericSchema<unknown, T>,
  input: unknown,
  context: ReadContext,
  all: boolean,
): Parsed<T> {
  const config: ReadConfig = { abortEarly: !all, abortPipeEarly: true, context };
  const dataset = schema["~run"]({ value: input }, config);
  return dataset.issues ? { ok: false, issues: dataset.issues } : { ok: true, value: dataset.value as T };
}
