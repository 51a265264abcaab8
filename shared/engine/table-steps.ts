/**
 * The steps of a table schema (table-schema.ts): a member, read under its names by its rule, or
 * a check across members at its place (D7); what a read needs besides the body (its context);
 * how a table is read; the issues a read gives; what a body holds under a name (null is absent,
 * D2); and the one shape the table runs every step in (its slot).
 */
import * as v from "valibot";
import type { Rejection } from "../protocol/errors.ts";
import type { SealPolicy } from "./sealing.ts";

/** What one read needs besides the body. */
export interface ReadContext {
  readonly now: number;
  /** The Idempotency-Key header, or null (D15). */
  readonly header: string | null;
  /** How the job's seal is checked (D27); undefined when it is not. */
  readonly seals: SealPolicy | undefined;
}

/** An issue of a read: Valibot's, or a check's, which carries its rejection. */
export type ReadIssue = v.BaseIssue<unknown> & { rejection?: Rejection };

/** One member: its key, the names it is sent under (the key first), its rule, and how it reads. */
export interface Member {
  readonly key: string;
  readonly names: readonly string[];
  readonly schema: v.GenericSchema;
  /** Absent (or null, D2) is fine: the member reads as `initial`. Else the rule judges the absence. */
  readonly optional: boolean;
  readonly initial?: unknown;
  /**
   * True of a value its rule gives back unchanged, which is then taken as it is without asking
   * the rule (a stamp in toISOString form, member-schemas.ts). The member's initial value is
   * taken so too.
   */
  readonly asIs?: (value: unknown) => boolean;
  /** Read only when this holds of the body and what was read before it (simulate's notes, D5). */
  readonly when?: (read: CheckInput<Record<string, unknown>>) => boolean;
  /** The rejection of any problem of its rule, when the rule's own words are not the answer. */
  readonly rejection?: (sent: unknown) => Rejection;
}

/** What a check sees: the object sent, what was read so far, the read's context. */
interface CheckInput<O> {
  readonly input: Record<string, unknown>;
  readonly output: Partial<O>;
  readonly context: ReadContext;
}

/** A check across members, at its place: its rejections, or undefined. It may set what it reads into `output`. */
export interface Check<O = Record<string, unknown>> {
  readonly key: string;
  /** The names it refuses whatever their value (D5), which the JSON Schemas state as null only. */
  readonly refuses?: readonly string[];
  check(read: CheckInput<O>): Rejection | readonly Rejection[] | undefined;
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

/** A table schema reading `T`, with its steps and options (for the JSON Schemas, shared/schemas/). */
export type TableSchema<T> = v.BaseSchema<unknown, T, ReadIssue> & {
  readonly steps: readonly Step[];
  readonly options: TableOptions;
};

/** A choice of tables by one member, as `tableChoice` builds it. */
export type TableChoice<T> = v.BaseSchema<unknown, T, ReadIssue> & {
  readonly key: string;
  readonly tables: Readonly<Record<string, TableSchema<unknown>>>;
};

/** A problem under `key`, as a Valibot issue, with the rejection it answers when it has one. */
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

/** `found` with `key` first on its path. */
export function withKey(found: v.BaseIssue<unknown>, key: string, value: unknown): ReadIssue {
  const item = { type: "object", origin: "value", input: {}, key, value } as const;
  return { ...found, path: found.path ? [item, ...found.path] : [item] };
}

/** The value `input` holds under `name` as its own member, undefined when null (D2) or absent. */
function ownValue(input: Record<string, unknown>, name: string): unknown {
  const value = input[name];
  return value === null || value === undefined || !Object.hasOwn(input, name) ? undefined : value;
}

/** True when `input` holds a non-null value under one of `names` (D2: null is omitted). */
export function sentUnder(input: Record<string, unknown>, names: readonly string[]): boolean {
  for (const name of names) if (ownValue(input, name) !== undefined) return true;
  return false;
}

/** A check's slot has no rule of its own. */
const NO_SCHEMA = v.unknown();

/** A step as a table runs it: a member's properties and a check's, every step in this one shape. */
export interface Slot extends Member {
  readonly check: Check["check"] | undefined;
}

/**
 * `step` as a slot: every property of a member and of a check, in one order, so that the reads
 * in the table's loop and in readMember stay monomorphic. Measured in process on a quote of
 * release (whose job's seal is not checked, so the job is read member by member): 2.2 µs a
 * body read so, against 3.9 µs with a shape per row and per check, of a request of about 24 µs
 * of server CPU over HTTP.
 */
export const slotOf = (step: Step): Slot =>
  "schema" in step
    ? {
        key: step.key,
        names: step.names,
        schema: step.schema,
        optional: step.optional,
        initial: step.initial,
        asIs: step.asIs,
        when: step.when,
        rejection: step.rejection,
        check: undefined,
      }
    : {
        key: step.key,
        names: [],
        schema: NO_SCHEMA,
        optional: true,
        initial: undefined,
        asIs: undefined,
        when: undefined,
        rejection: undefined,
        check: step.check,
      };
