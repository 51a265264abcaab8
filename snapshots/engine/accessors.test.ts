/**
 * The engine's fixed-name accessors (shared/engine/accessors.generated.ts) are what
 * scripts/codegen-accessors.ts writes from today's tables, and each gives the answer of the plain
 * code it stands in for: a property over random objects for each accessor and each table, plain,
 * parsed from JSON, inheriting names and without a prototype. Nothing in shared/ makes code from
 * strings, so every runtime (Cloudflare Workers included) runs the same accessors.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import {
  ACCESSOR_TABLES,
  ACCESSORS_PATH,
  accessorsModule,
  generatedAccessors,
} from "../../scripts/codegen-accessors.ts";
import * as accessors from "../../shared/engine/accessors.generated.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const valueArb = fc.constantFrom<unknown>(null, undefined, "", "x", 0, 7, false, [], {});
const RUNS = { seed: 2026, numRuns: 1000 };
type Any = (...args: any[]) => any;
/** The generated accessor `<prefix><Kind>` of a table. */
const accessor = (prefix: string, kind: string): Any => (accessors as Record<string, Any>)[`${prefix}${kind}`]!;
/** Each table the generator writes from: its accessors' prefix, keys, names of each key, and the whole row. */
const TABLES = ACCESSOR_TABLES.map((t) => [t.prefix, t.keys, t.namesOf, t] as const);
const hasKind = (kind: string) => TABLES.filter(([, , , t]) => t.kinds.some((k) => (k as unknown) === kind));

/** Objects as the engine may meet them: plain, parsed from JSON, inheriting names, without a prototype. */
function objectsOver(names: readonly string[]) {
  const members = fc.dictionary(fc.constantFrom(...names, "other", "__proto__"), valueArb, { maxKeys: 12 });
  return fc.tuple(members, fc.constantFrom("plain", "json", "inherits", "bare")).map(([entries, form]) => {
    if (form === "json") return JSON.parse(JSON.stringify(entries)) as Record<string, unknown>;
    if (form === "inherits") return Object.assign(Object.create({ [names[0]!]: "inherited" }), entries);
    if (form === "bare") return Object.assign(Object.create(null), entries);
    return entries as Record<string, unknown>;
  });
}

/** The plain reading: for each key, the first of its names held as an own, non-null member. */
const plainRead = (keys: readonly string[], namesOf: (key: string) => readonly string[], o: Record<string, unknown>) =>
  keys.map((key) =>
    namesOf(key)
      .map((name) => (Object.hasOwn(o, name) ? o[name] : undefined))
      .find((x) => x != null),
  );

/** Same members, same order, same values (toStrictEqual tells undefined from absent). */
function same(a: object, b: object): void {
  expect(Object.keys(a)).toEqual(Object.keys(b));
  expect(a).toStrictEqual(b);
}

describe("shared/engine/accessors.generated.ts", () => {
  test("is what scripts/codegen-accessors.ts writes from today's tables (else: bun run codegen)", () => {
    expect(readFileSync(`${ROOT}${ACCESSORS_PATH}`, "utf8")).toBe(generatedAccessors());
  });

  test.each(hasKind("read"))("%sRead reads what the plain reading of the names gives", (prefix, keys, namesOf) => {
    const read = accessor(prefix, "Read");
    fc.assert(
      fc.property(objectsOver(keys.flatMap(namesOf)), (object) => {
        expect(read(object), JSON.stringify(object)).toEqual(plainRead(keys, namesOf, object));
      }),
      RUNS,
    );
  });

  test.each(hasKind("twice"))(
    "%sTwice is true exactly when some key's names hold two non-null values, inherited ones counted (D25)",
    (prefix, keys, namesOf) => {
      const twice = accessor(prefix, "Twice");
      const some = (o: Record<string, unknown>) =>
        keys.some((key) => namesOf(key).filter((name) => o[name] != null).length > 1);
      fc.assert(
        fc.property(objectsOver(keys.flatMap(namesOf)), (object) => {
          expect(twice(object), JSON.stringify(object)).toBe(some(object));
        }),
        RUNS,
      );
    },
  );

  test.each(TABLES)("the builders over %s build what the plain loops build", (prefix, keys, _namesOf, table) => {
    const source = fc.dictionary(fc.constantFrom(...keys), valueArb, { maxKeys: keys.length });
    const kinds = new Set(table.kinds.map((kind) => (typeof kind === "object" ? "made" : kind)));
    fc.assert(
      fc.property(source, (object) => {
        const values = keys.map((key) => object[key]);
        const entries = (pairs: [string, unknown][]) => Object.fromEntries(pairs);
        if (kinds.has("literal"))
          same(accessor(prefix, "Literal")(values), entries(keys.map((k, i) => [k, values[i]])));
        if (kinds.has("copy")) same(accessor(prefix, "Copy")(object), entries(keys.map((k) => [k, object[k]])));
        if (kinds.has("tuple")) expect(accessor(prefix, "Tuple")(object)).toStrictEqual(values);
        if (kinds.has("view")) {
          same(
            accessor(prefix, "View")(object),
            entries(keys.flatMap((k) => (object[k] === undefined ? [] : [[k, object[k]]]))),
          );
        }
        if (kinds.has("made")) {
          // Each maker gets the arguments, and is called on the makers (as `m.key(...)`).
          const makers = Object.fromEntries(
            keys.map((key) => [
              key,
              function (this: unknown, o: Record<string, unknown>, tag: string) {
                return this === makers && tag === "tag" ? o[key] : "wrong call";
              },
            ]),
          );
          const made = accessor(prefix, "Made")(makers, object, "tag");
          same(made, entries(keys.flatMap((k) => (object[k] === undefined ? [] : [[k, object[k]]]))));
        }
      }),
      RUNS,
    );
  });
});

describe("the accessors' generator", () => {
  const table = (keys: string[]) => ({ ...ACCESSOR_TABLES[0]!, keys, namesOf: (key: string) => [key] });

  test.each(["not-an-identifier", "1st", "constructor", "__proto__", "toString"])(
    "refuses to write out the name %p (not a plain identifier, or inherited by every object)",
    (name) => {
      expect(() => accessorsModule([table(["ok", name])])).toThrow(JSON.stringify(name));
    },
  );

  test("nothing in shared/ makes code from strings at run time (new Function, eval)", () => {
    const files = readdirSync(`${ROOT}shared`, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((file) =>
      /\bnew Function\b|\beval\s*\(/.test(readFileSync(`${ROOT}shared/${file}`, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
