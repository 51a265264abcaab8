/**
 * The accessors compiled from the field tables (shared/lib/compile.ts) give exactly the answers
 * of their generic loops, which are what runs where code generation is refused (Cloudflare
 * Workers, a strict Content-Security-Policy): a property over random objects for each accessor
 * and each table, plain, from JSON, inheriting names and without a prototype.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import {
  arrayReader,
  CAN_COMPILE,
  copy,
  generic,
  literal,
  made,
  reader,
  sparse,
  view,
} from "../../shared/lib/compile.ts";
import { FIELD_NAMES, namesOf } from "../../shared/protocol/fields.ts";
import { JOB_MEMBER_NAMES, memberNamesOf } from "../../shared/protocol/job-members.ts";
import { RECEIPT_MEMBER_NAMES } from "../../shared/protocol/receipt-members.ts";

const TABLES = [
  ["the request fields", FIELD_NAMES as readonly string[], namesOf as (key: string) => readonly string[]],
  ["the job members", JOB_MEMBER_NAMES as readonly string[], memberNamesOf as (key: string) => readonly string[]],
  ["the receipt members", RECEIPT_MEMBER_NAMES as readonly string[], (key: string) => [key]],
] as const;
const valueArb = fc.constantFrom<unknown>(null, undefined, "", "x", 0, 7, false, [], {});
const RUNS = { seed: 2026, numRuns: 1000 };

/** Objects as the engine may meet them: plain, parsed from JSON, inheriting names, without a prototype. */
function objectsOver(names: readonly string[]) {
  const members = fc.dictionary(fc.constantFrom(...names, "other", "__proto__"), valueArb, { maxKeys: 12 });
  return fc.tuple(members, fc.constantFrom("plain", "json", "inherits", "bare")).map(([entries, form]) => {
    if (form === "json") return JSON.parse(JSON.stringify(entries)) as Record<string, unknown>;
    if (form === "inherits") return Object.assign(Object.create({ [names[0]!]: "inherited" }), entries);
    if (form === "bare") return Object.assign(Object.create(null), entries);
    return entries;
  });
}

describe("lib/compile.ts", () => {
  test("compiles on this runtime (Bun), so the suites exercise the compiled accessors", () => {
    expect(CAN_COMPILE).toBe(true);
  });

  test.each(TABLES)("reader and arrayReader over %s read what the generic loop reads", (_name, keys, namesOfKey) => {
    const compiled = reader(keys, namesOfKey);
    const inOrder = arrayReader(keys, namesOfKey);
    const loop = generic.reader(keys, namesOfKey);
    fc.assert(
      fc.property(objectsOver(keys.flatMap(namesOfKey)), (object) => {
        const a = compiled(object);
        const b = loop(object);
        for (const key of keys) expect(a[key], `${key} of ${JSON.stringify(object)}`).toBe(b[key]);
        expect(inOrder(object)).toEqual(keys.map((key) => b[key]));
      }),
      RUNS,
    );
  });

  test.each(TABLES)(
    "view, copy, literal, sparse and made over %s build what their generic loops build",
    (_name, keys) => {
      const source = fc.dictionary(fc.constantFrom(...keys), valueArb, { maxKeys: keys.length });
      fc.assert(
        fc.property(source, (object) => {
          const values = keys.map((key) => object[key]);
          // Same members, same order, same values (toStrictEqual tells undefined from absent).
          const same = (a: object, b: object) => {
            expect(Object.keys(a)).toEqual(Object.keys(b));
            expect(a).toStrictEqual(b);
          };
          same(view(keys)(object), generic.view(keys)(object));
          same(copy(keys)(object), generic.copy(keys)(object));
          same(literal(keys)(values), generic.literal(keys)(values));
          same(sparse(keys)(values), generic.sparse(keys)(values));
          const makers = Object.fromEntries(keys.map((key) => [key, (o: Record<string, unknown>) => o[key]]));
          same(
            made<string, [Record<string, unknown>]>(keys, 1)(makers, object),
            generic.made<string, [Record<string, unknown>]>(keys)(makers, object),
          );
        }),
        RUNS,
      );
    },
  );

  test("a name that is not a plain identifier is never written into source: the generic loop serves it", () => {
    const keys = ["ok", "not-an-identifier"];
    const compiled = view(keys);
    expect(compiled({ ok: 1, "not-an-identifier": 2 })).toEqual({ ok: 1, "not-an-identifier": 2 });
    expect(compiled.toString()).toBe(generic.view(keys).toString());
  });
});
