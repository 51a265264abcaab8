/**
 * What a body (or a client-held job, or a receipt) sends for each field of a table, under any
 * of the field's names (SPEC "Request aliases"). `null` counts as omitted (D2), and when a
 * field is sent under several names, the first of its names in the table's order that holds a
 * value wins. Only the object's own members count, so `__proto__` and other inherited names are
 * inert. The reading is compiled once per table (lib/compile.ts).
 */

import { type Reader, reader } from "../lib/compile.ts";
import type { JsonObject } from "../lib/json.ts";

/** How a table's fields are read: each key under its names, in order. */
export type NameIndex<K extends string> = Reader<K>;

/** The reader of a table whose key `key` is accepted under `namesOf(key)`, in that order. */
export const nameIndex = <K extends string>(keys: readonly K[], namesOf: (key: K) => readonly string[]): NameIndex<K> =>
  reader(keys, namesOf);

/** The value `object` sends for each key of `index`; a key it does not send (or sends as null) is undefined. */
export const sentValues = <K extends string>(object: JsonObject, index: NameIndex<K>): Partial<Record<K, unknown>> =>
  index(object);
