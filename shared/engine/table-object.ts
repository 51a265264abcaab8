/**
 * A Valibot object schema over one of the protocol's tables (a body's fields, a job's members, a
 * receipt's): like `v.object`, each member read by its own Valibot rule, in the table's order
 * (D7), its issues under the member's key; and the table's ways on top (table-steps.ts): a
 * member is sent under any of its names, and every other value sent under another name must
 * pass the same rule and agree (D25). Checks across members (a refund past the bound, an expiry
 * conflict, a job's seal) sit at their place among the members and give their rejections. What
 * a read needs besides the body travels in the parse's config as `context`.
 */
import * as v from "valibot";
import { isObject } from "../lib/json.ts";
import {
  issue,
  type ReadConfig,
  type ReadIssue,
  readMember,
  type Slot,
  type Step,
  type TableOptions,
} from "./table-steps.ts";

/** A step in the one shape reading takes. */
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

/** The table schema of `steps`; `T` is what it reads, the type its rows give. */
export function tableObject<T = Record<string, unknown>>(
  steps: readonly Step[],
  options: TableOptions,
): v.GenericSchema<unknown, T> {
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
  return v._standardSchema(schema as Parameters<typeof v._standardSchema>[0]) as v.GenericSchema<unknown, T>;
}
