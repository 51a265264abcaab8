/**
 * A Valibot object schema over one of the protocol's tables (a body's fields, a job's members, a
 * receipt's): like `v.object`, each member read by its own Valibot schema, in the table's order
 * (D7), its issues under the member's key; and the table's ways on top: a member is sent under any
 * of its names, the first non-null one counting (D2, null is omitted), and every other value sent
 * under another of its names must pass the same schema and agree with it (D25). Checks across
 * members (a refund past the bound, an expiry conflict, a job's seal) sit at their place among
 * the members and give their rejection. What a read needs besides the body (the clock, the
 * Idempotency-Key header, the seal policy) travels in the parse's config as `context`.
 */
import * as v from "valibot";
import { isObject } from "../lib/json.ts";
import { invalid, type Rejection } from "../protocol/errors.ts";
import type { Verdict } from "../seal/seal.ts";
import type { SealPolicy } from "./sealing.ts";

/** What one read needs besides the body; `jobSeal` is what it found of the job's seal (D27). */
export interface ReadContext {
  readonly now: number;
  /** The Idempotency-Key header, or null (D15). */
  readonly header: string | null;
  readonly seals: SealPolicy | undefined;
  jobSeal?: Verdict;
}

/** A parse's config with the read's context (Valibot hands its config down unchanged). */
export interface ReadConfig extends v.Config<v.BaseIssue<unknown>> {
  readonly context: ReadContext;
}

/** An issue of a read: Valibot's, or a check's, which carries its rejection. */
export type ReadIssue = v.BaseIssue<unknown> & { rejection?: Rejection };

/** One member: its key, the names it is sent under (the key first), its rule, and how it reads. */
export interface Member {
  readonly key: string;
  readonly names: readonly string[];
  /** Its rule: a Valibot schema. */
  readonly schema: v.GenericSchema;
  /** Absent (or null, D2) is fine: the member reads as `initial`. Else the rule judges the absence. */
  readonly optional: boolean;
  readonly initial?: unknown;
  /** What a checked value becomes: a blank note absent (D2), a stamp in response form (D4). */
  readonly settle?: (value: unknown) => unknown;
  /** A value accepted as it is without asking the rule, else undefined (stamp-shortcut.ts). */
  readonly asIs?: (value: unknown) => unknown;
  /** Read only when this holds of what was read before it (simulate's notes, D5). */
  readonly when?: (output: Record<string, unknown>) => boolean;
}

/** What a check sees: the object sent, what was read so far, whether nothing failed so far, the context. */
export interface CheckInput {
  readonly input: Record<string, unknown>;
  readonly output: Record<string, unknown>;
  readonly clean: boolean;
  readonly context: ReadContext;
}

/** A check across members, at its place: its rejections, or undefined. It may set what it read into `output`. */
export interface Check {
  readonly key: string;
  readonly check: (read: CheckInput) => Rejection | readonly Rejection[] | undefined;
}

export type Step = Member | Check;

/** How a table is read. */
export interface TableOptions {
  /** The message when the value is not an object. */
  readonly message: string;
  /** How its members are named in errors: "job." for `job.title`, "" at the top level. */
  readonly prefix: string;
  /** D25 (a client-held job): a member's other names are compared only while no member failed. */
  readonly agreeWhileClean?: boolean;
}

/** True when `input` holds a non-null value under one of `names` (D2: null is omitted). */
export function sentUnder(input: Record<string, unknown>, names: readonly string[]): boolean {
  for (const name of names) if (ownValue(input, name, false) !== undefined) return true;
  return false;
}

/** Every non-null value `input` holds under `names` as its own members, in the names' order. */
function valuesUnder(input: Record<string, unknown>, names: readonly string[], plain: boolean): unknown[] {
  const values: unknown[] = [];
  for (const name of names) {
    const value = ownValue(input, name, plain);
    if (value !== undefined) values.push(value);
  }
  return values;
}

/** The value `input` holds under `name` as its own member, undefined when null (D2) or absent. */
function ownValue(input: Record<string, unknown>, name: string, plain: boolean): unknown {
  const value = input[name];
  return value === null || (value !== undefined && !plain && !Object.hasOwn(input, name)) ? undefined : value;
}

const issue = (key: string, input: unknown, message: string, rejection?: Rejection): ReadIssue => ({
  kind: "validation",
  type: "check",
  input,
  expected: null,
  received: "",
  message,
  path: [{ type: "object", origin: "value", input: {}, key, value: input }],
  ...(rejection && { rejection }),
});

/**
 * One step as the read runs it: every step in one shape, so that reading a member's columns
 * costs the same whatever the table (a step of its own shape per row made each read several
 * times slower).
 */
interface Slot {
  readonly key: string;
  readonly names: readonly string[];
  readonly schema: v.GenericSchema | undefined;
  readonly run: v.GenericSchema["~run"] | undefined;
  readonly optional: boolean;
  readonly initial: unknown;
  readonly settle: ((value: unknown) => unknown) | undefined;
  readonly asIs: ((value: unknown) => unknown) | undefined;
  readonly when: ((output: Record<string, unknown>) => boolean) | undefined;
  readonly check: Check["check"] | undefined;
}

const slotOf = (step: Step): Slot =>
  "schema" in step
    ? {
        key: step.key,
        names: step.names,
        schema: step.schema,
        run: step.schema["~run"],
        optional: step.optional,
        initial: step.initial,
        settle: step.settle,
        asIs: step.asIs,
        when: step.when,
        check: undefined,
      }
    : {
        key: step.key,
        names: [],
        schema: undefined,
        run: undefined,
        optional: true,
        initial: undefined,
        settle: undefined,
        asIs: undefined,
        when: undefined,
        check: step.check,
      };

/** The table schema of `steps`. */
export function tableObject(steps: readonly Step[], options: TableOptions): v.GenericSchema {
  const slots = steps.map(slotOf);
  const schema = {
    kind: "schema",
    type: "object",
    reference: tableObject,
    expects: "Object",
    async: false,
    steps,
    message: options.message,
    "~run"(dataset: v.UnknownDataset, base: v.Config<v.BaseIssue<unknown>>): v.OutputDataset<unknown, ReadIssue> {
      const config = base as ReadConfig;
      const input = dataset.value;
      if (!isObject(input)) {
        const notObject: ReadIssue = { ...issue("", input, options.message), kind: "schema", type: "object" };
        (notObject as { path: unknown }).path = undefined;
        return { typed: false, value: input, issues: [notObject] };
      }
      const plain = Object.getPrototypeOf(input) === Object.prototype;
      const output: Record<string, unknown> = {};
      const issues: ReadIssue[] = [];
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        if (slot.check !== undefined) {
          const found = slot.check({ input, output, clean: issues.length === 0, context: config.context });
          if (found !== undefined) {
            for (const rejection of Array.isArray(found) ? found : [found]) {
              issues.push(issue(rejection.field ?? slot.key, input, rejection.message, rejection));
            }
          }
        } else if (slot.when === undefined || slot.when(output)) {
          readMember(slot, input, plain, output, issues, config, options);
        }
        if (issues.length > 0 && config.abortEarly) break;
      }
      return issues.length > 0
        ? { typed: false, value: output, issues: issues as [ReadIssue] }
        : { typed: true, value: output };
    },
  };
  return v._standardSchema(schema as Parameters<typeof v._standardSchema>[0]) as v.GenericSchema;
}

/** Reads one member into `output`, its problems into `issues`. */
function readMember(
  slot: Slot,
  input: Record<string, unknown>,
  plain: boolean,
  output: Record<string, unknown>,
  issues: ReadIssue[],
  config: ReadConfig,
  options: TableOptions,
): void {
  const { key, names, settle } = slot;
  const schema = slot.schema as v.GenericSchema;
  const run = slot.run as v.GenericSchema["~run"];
  // The first value sent under one of its names, and whether another name holds one too (D25).
  let first: unknown;
  let twice = false;
  for (let i = 0; i < names.length; i++) {
    const value = ownValue(input, names[i]!, plain);
    if (value === undefined) continue;
    if (first !== undefined) {
      twice = true;
      break;
    }
    first = value;
  }
  if (first === undefined && slot.optional) {
    if (slot.initial !== undefined) output[key] = slot.initial;
    return;
  }
  // A member's initial value passes its rule unchanged (snapshots/engine/body-reading.test.ts).
  const asIs =
    first !== undefined && (first === slot.initial || (slot.asIs !== undefined && slot.asIs(first) !== undefined));
  if (asIs && !twice) {
    output[key] = first;
    return;
  }
  const clean = issues.length === 0;
  const read = run.call(schema, { value: first }, config);
  if (read.issues) {
    for (const found of read.issues) issues.push(withKey(found, key, first));
    return;
  }
  const value = settle === undefined ? read.value : settle(read.value);
  // D25: every other value sent under another name passes the same rule and agrees with the first.
  if (twice && (clean || !options.agreeWhileClean)) {
    const field = `${options.prefix}${key}`;
    for (const other of valuesUnder(input, names, plain).slice(1)) {
      const again = run.call(schema, { value: other }, config);
      // An other value's problem is invalid_field, never missing_field: the field was sent.
      if (again.issues) {
        const { message } = again.issues[0];
        issues.push(issue(key, other, message, invalid(field, message)));
        return;
      }
      if ((settle === undefined ? again.value : settle(again.value)) !== value) {
        issues.push(issue(key, other, `${field} was sent under two names with different values.`));
        return;
      }
    }
  }
  if (value !== undefined) output[key] = value;
}

/** `found` with `key` first on its path. */
function withKey(found: v.BaseIssue<unknown>, key: string, value: unknown): ReadIssue {
  const item = { type: "object", origin: "value", input: {}, key, value } as const;
  const path = found.path ? [item, ...found.path] : [item];
  (found as { path: unknown }).path = path;
  return found;
}
