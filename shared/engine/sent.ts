/**
 * What a body (or a client-held job, or a receipt) sends for each field of a table, under any
 * of the field's names (SPEC "Request aliases"). `null` counts as omitted (D2), and when a
 * field is sent under several names, the first of its names in the table's order that holds a
 * value wins. Only the object's own keys are read, once each, so `__proto__` and other
 * inherited names are inert.
 */
import type { JsonObject } from "../lib/json.ts";

/** Each accepted name, with the key it sends and its rank among that key's names (0 first). */
export type NameIndex<K extends string> = ReadonlyMap<string, readonly [key: K, rank: number]>;

/** The index of a table whose key `key` is accepted under `namesOf(key)`, in that order. */
export function nameIndex<K extends string>(keys: readonly K[], namesOf: (key: K) => readonly string[]): NameIndex<K> {
  const index = new Map<string, readonly [K, number]>();
  for (const key of keys) {
    namesOf(key).forEach((name, rank) => {
      index.set(name, [key, rank]);
    });
  }
  return index;
}

/** The value `object` sends for each key of `index`; a key it does not send (or sends as null) is absent. */
export function sentValues<K extends string>(object: JsonObject, index: NameIndex<K>): Partial<Record<K, unknown>> {
  const values: Partial<Record<K, unknown>> = {};
  let ranks: Partial<Record<K, number>> | undefined;
  for (const name of Object.keys(object)) {
    const entry = index.get(name);
    if (entry === undefined) continue;
    const value = object[name];
    if (value === null || value === undefined) continue;
    const [key, rank] = entry;
    if (values[key] === undefined) {
      values[key] = value;
      if (rank > 0) {
        ranks ??= {};
        ranks[key] = rank;
      }
    } else if (rank < (ranks?.[key] ?? 0)) {
      values[key] = value;
      ranks![key] = rank;
    }
  }
  return values;
}
