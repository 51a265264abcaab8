/**
 * The steps of a table schema (table-object.ts) and how one member is read: the first non-null
 * value under its names (D2), its rule, and every other value sent under another name checked
 * and compared with it (D25); a check across members gives its rejections. What a read needs
 * besides the body (the clock, the Idempotency-Key header, the seal policy) is its context.
 */
import type * as v from "valibot";
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
  /** The verdict on the job's seal as soon as it is checked, before its members are read (sealed-job.ts). */
  sealFound?: Verdict;
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
interface CheckInput {
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

/** A step of a table: a member, or a check across members. */
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

/** A check's problem (or a D25 one) as a Valibot issue under `key`. */
export const issue = (key: string, input: unknown, message: string, rejection?: Rejection): ReadIssue => ({
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
export interface Slot {
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

/** Reads one member into `output`, its problems into `issues`. */
export function readMember(
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
