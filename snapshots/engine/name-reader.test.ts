/**
 * The engine reads every field, job member and receipt member through a reader written out
 * from the tables (shared/engine/accessors.generated.ts). It must read what the plain reading
 * of SPEC's aliases gives: the first of a field's names, in the table's order, that the object
 * holds as its own member with a non-null value (D2: null is omitted).
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { fieldsRead, jobMembersRead } from "../../shared/engine/accessors.generated.ts";
import type { JsonObject } from "../../shared/lib/json.ts";
import { FIELD_NAMES, namesOf } from "../../shared/protocol/fields.ts";
import { JOB_MEMBER_NAMES, memberNamesOf } from "../../shared/protocol/job-members.ts";

/** The plain reading: the first name holding an own, non-null value. */
function pick(object: JsonObject, names: readonly string[]): unknown {
  for (const name of names) {
    if (Object.hasOwn(object, name) && object[name] !== null && object[name] !== undefined) return object[name];
  }
  return undefined;
}

/** The engine's reader of a table: each key's value, by key. */
type Read = (object: JsonObject) => unknown[];
const reader = (keys: readonly string[], read: Read) => (object: JsonObject) => {
  const values = read(object);
  return Object.fromEntries(keys.map((key, i) => [key, values[i]]));
};

const tables = [
  ["the request fields", FIELD_NAMES as readonly string[], namesOf as (key: string) => readonly string[], fieldsRead],
  [
    "the job members",
    JOB_MEMBER_NAMES as readonly string[],
    memberNamesOf as (key: string) => readonly string[],
    jobMembersRead,
  ],
] as const;

describe("the engine's reader of names", () => {
  const valueArb = fc.constantFrom<unknown>(null, undefined, "", "x", " y ", 0, 7, false, [], {});

  test.each(tables)(
    "reads what the plain reading gives for %s, under every name, in the table's order",
    (_n, keys, namesOfKey, read) => {
      const index = reader(keys, read);
      const names = [...new Set(keys.flatMap(namesOfKey))];
      const objectArb = fc.dictionary(fc.constantFrom(...names, "other", "__proto__"), valueArb, { maxKeys: 12 });
      fc.assert(
        fc.property(objectArb, fc.boolean(), (members, fromJson) => {
          // JSON.parse makes the objects a request body holds (own "__proto__" included).
          const object: JsonObject = fromJson ? JSON.parse(JSON.stringify(members)) : members;
          const values = index(object) as Record<string, unknown>;
          for (const key of keys)
            expect(values[key], `${key} of ${JSON.stringify(object)}`).toBe(pick(object, namesOfKey(key)));
        }),
        { seed: 2026, numRuns: 2000 },
      );
    },
  );

  test.each(tables)(
    "finds a value of %s sent under each name alone, behind null under the earlier ones",
    (_n, keys, namesOfKey, read) => {
      const index = reader(keys, read);
      for (const key of keys) {
        namesOfKey(key).forEach((name, i) => {
          const earlier = namesOfKey(key)
            .slice(0, i)
            .map((before) => [before, null]);
          const object = JSON.parse(JSON.stringify(Object.fromEntries([...earlier, [name, "sent"]])));
          expect((index(object) as Record<string, unknown>)[key], `${key} as ${name}`).toBe("sent");
        });
      }
    },
  );

  test.each(tables)(
    "prefers the earlier name of %s whatever order the object lists them in",
    (_n, keys, namesOfKey, read) => {
      const index = reader(keys, read);
      for (const key of keys) {
        const names = namesOfKey(key);
        if (names.length < 2) continue;
        const backwards = Object.fromEntries(
          [...names].reverse().map((name, i) => [name, `value ${names.length - 1 - i}`]),
        );
        expect((index(backwards) as Record<string, unknown>)[key], key).toBe("value 0");
      }
    },
  );

  test.each(tables)("reads own members only: an inherited name of %s is not sent", (_n, keys, namesOfKey, read) => {
    const index = reader(keys, read);
    const key = keys[0]!;
    const inherited = Object.create({ [namesOfKey(key)[0]!]: "inherited" }) as JsonObject;
    expect((index(inherited) as Record<string, unknown>)[key]).toBeUndefined();
  });
});
