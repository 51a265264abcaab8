/**
 * The accepting path of a Valibot rule, compiled once. Valibot stays the only statement of the
 * field rules (protocol/rules.ts): this module reads each rule's own pipe (its schema, its actions and
 * their requirements) and runs the same tests in one plain loop, without Valibot's per-call
 * datasets and per-action dispatch, which were most of the engine's time per field. It only
 * ever accepts: when a test fails, or a pipe holds an item it does not know, the answer is
 * REFUSED and the caller asks Valibot itself, so every issue and message still comes from it.
 */
import { codePointLength } from "../protocol/code-points.ts";
import type { Rule } from "../protocol/rules.ts";

/** The fast path could not accept the value: ask Valibot for the issue. */
export const REFUSED: unique symbol = Symbol("refused");

/** One pipe item as Valibot builds it (schemas, validations and transformations alike). */
interface Item {
  kind: string;
  type: string;
  async?: boolean;
  requirement?: unknown;
  options?: readonly unknown[];
  wrapped?: Item;
  default?: unknown;
  pipe?: readonly Item[];
}

// The tests a compiled rule runs, in pipe order, each with its Valibot requirement.
const NON_EMPTY = 0;
const MIN_LENGTH = 1;
const MAX_CODE_POINTS = 2;
const REGEX = 3;
const PREDICATE = 4; // check and integer: a function of the value
const MIN_VALUE = 5;
const MAX_VALUE = 6;
const ONE_OF = 7;

/**
 * A rule compiled to data: the type its schema wants, whether null passes (nullable), whether
 * the string is trimmed first, then the tests. `never` marks a rule that is left to Valibot.
 */
export interface FastRule {
  readonly never: boolean;
  readonly number: boolean;
  readonly nullable: boolean;
  readonly trim: boolean;
  readonly tests: number[];
  readonly requirements: unknown[];
}

const LEFT_TO_VALIBOT: FastRule = {
  never: true,
  number: false,
  nullable: false,
  trim: false,
  tests: [],
  requirements: [],
};

/** The test of one validation item, or -1 when unknown. */
function testOf(item: Item): number {
  switch (item.type) {
    case "non_empty":
      return NON_EMPTY;
    case "min_length":
      return MIN_LENGTH;
    case "max_code_points":
      return MAX_CODE_POINTS;
    case "regex": {
      const pattern = item.requirement as RegExp;
      return pattern.global || pattern.sticky ? -1 : REGEX; // stateful patterns stay with Valibot
    }
    case "check":
    case "integer":
      return PREDICATE;
    case "min_value":
      return MIN_VALUE;
    case "max_value":
      return MAX_VALUE;
    case "picklist":
      return ONE_OF;
    default:
      return -1;
  }
}

/** Compiles `rule`; rules of a shape it does not know come back as LEFT_TO_VALIBOT. */
export function compileRule(rule: Rule): FastRule {
  let item = rule as unknown as Item;
  if (item.async) return LEFT_TO_VALIBOT;
  let nullable = false;
  if (item.type === "nullable" && item.pipe === undefined) {
    if (item.default !== undefined || !item.wrapped) return LEFT_TO_VALIBOT;
    nullable = true;
    item = item.wrapped;
  }
  const items = item.pipe ?? [item];
  const head = items[0]!;
  if (head.pipe !== undefined && head !== item) return LEFT_TO_VALIBOT; // a pipe nested as head
  if (head.type !== "string" && head.type !== "number") return LEFT_TO_VALIBOT;
  const number = head.type === "number";
  let trim = false;
  const tests: number[] = [];
  const requirements: unknown[] = [];
  for (let i = 1; i < items.length; i++) {
    const step = items[i]!;
    if (step.kind === "metadata") continue;
    // A trim straight after the string schema is done first; anywhere else, Valibot decides.
    if (step.type === "trim") {
      if (number || i !== 1) return LEFT_TO_VALIBOT;
      trim = true;
      continue;
    }
    const test = testOf(step);
    if (test === -1) return LEFT_TO_VALIBOT;
    tests.push(test);
    requirements.push(test === ONE_OF ? step.options : step.requirement);
  }
  return { never: false, number, nullable, trim, tests, requirements };
}

/** Runs a compiled rule: the checked value (trimmed where the rule trims), or REFUSED. */
export function accept(rule: FastRule, raw: unknown): unknown {
  if (rule.never) return REFUSED;
  if (raw === null && rule.nullable) return null;
  let value: string | number;
  if (rule.number) {
    if (typeof raw !== "number" || Number.isNaN(raw)) return REFUSED; // NaN is not a number to Valibot
    value = raw;
  } else {
    if (typeof raw !== "string") return REFUSED;
    value = rule.trim ? raw.trim() : raw;
  }
  const { tests, requirements } = rule;
  for (let i = 0; i < tests.length; i++) {
    // Each test's requirement has the type its Valibot action gave it (compileRule).
    const requirement = requirements[i];
    switch (tests[i]) {
      case NON_EMPTY:
        if ((value as string).length === 0) return REFUSED;
        break;
      case MIN_LENGTH:
        if ((value as string).length < (requirement as number)) return REFUSED;
        break;
      case MAX_CODE_POINTS:
        // A string never has more code points than UTF-16 units.
        if (
          (value as string).length > (requirement as number) &&
          codePointLength(value as string) > (requirement as number)
        ) {
          return REFUSED;
        }
        break;
      case REGEX:
        if (!(requirement as RegExp).test(value as string)) return REFUSED;
        break;
      case PREDICATE:
        if (!(requirement as (input: unknown) => boolean)(value)) return REFUSED;
        break;
      case MIN_VALUE:
        if (!((value as number) >= (requirement as number))) return REFUSED;
        break;
      case MAX_VALUE:
        if (!((value as number) <= (requirement as number))) return REFUSED;
        break;
      case ONE_OF:
        if (!(requirement as readonly unknown[]).includes(value)) return REFUSED;
        break;
    }
  }
  return value;
}
