/**
 * Fixed-name accessors compiled from the field tables, once, at import. Reading and writing an
 * object by a name held in a variable is several times slower than by a fixed name (the engine's
 * property caches key on the name), and the engine reads and writes a job's members many times
 * per request. So the tables, which stay the only statement of the names, are turned here into
 * plain functions with every name written out, as a generator of tables would write them.
 *
 * Safe by construction: only the tables' own names go into the source, each checked to be a
 * plain identifier first (never a request's text). Where a runtime does not allow code from
 * strings (Cloudflare Workers, a strict Content-Security-Policy), each accessor is its generic
 * loop instead, with the same answers; compile.test.ts holds every compiled accessor to its
 * generic twin.
 */

/** A name the accessors may write out: a plain identifier (every table name is one). */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** True when this runtime can make functions from source text. */
export const CAN_COMPILE = ((): boolean => {
  try {
    return new Function("return true")() === true;
  } catch {
    return false;
  }
})();

/** The function of `source` over `params`, or `fallback` when the runtime refuses or a name is not an identifier. */
function compiled<F>(params: readonly string[], source: string, names: readonly string[], fallback: F): F {
  if (!CAN_COMPILE || !names.every((name) => IDENTIFIER.test(name))) return fallback;
  try {
    return new Function(...params, source) as F;
  } catch {
    return fallback;
  }
}

/** Reads, for each key, the first of its names an object holds as an own, non-null member (undefined if none). */
export type Reader<K extends string> = (object: Record<string, unknown>) => Partial<Record<K, unknown>>;
/** A new object with each key of `source` that is not undefined, in the keys' order. */
export type View<K extends string> = (source: Partial<Record<K, unknown>>) => Record<string, unknown>;
/** A new object with every key, from the values in the keys' order. */
export type Literal<K extends string> = (values: readonly unknown[]) => Record<K, unknown>;
/** A new object with each key whose value (in the keys' order) is not undefined. */
export type Sparse<K extends string> = (values: readonly unknown[]) => Partial<Record<K, unknown>>;
/** An object's value of each key, in an array in the keys' order. */
export type Tuple<K extends string> = (source: Partial<Record<K, unknown>>) => unknown[];
/** A copy of an object's keys, every key, in the keys' order. */
export type Copy<K extends string> = (source: Partial<Record<K, unknown>>) => Record<K, unknown>;
/** A new object with each key whose maker, called with the arguments, gives a value other than undefined. */
export type Made<K extends string, A extends unknown[]> = (
  makers: Record<K, (...args: A) => unknown>,
  ...args: A
) => Partial<Record<K, unknown>>;

/** The generic loops: the same answers as the compiled accessors, by names held in variables. */
export const generic = {
  reader<K extends string>(keys: readonly K[], namesOf: (key: K) => readonly string[]): Reader<K> {
    const lists = keys.map((key) => [key, namesOf(key)] as const);
    return (object) => {
      const values: Partial<Record<K, unknown>> = {};
      for (const [key, names] of lists) {
        for (const name of names) {
          const value = Object.hasOwn(object, name) ? object[name] : undefined;
          if (value !== null && value !== undefined) {
            values[key] = value;
            break;
          }
        }
      }
      return values;
    };
  },
  view<K extends string>(keys: readonly K[]): View<K> {
    return (source) => {
      const view: Record<string, unknown> = {};
      for (const key of keys) if (source[key] !== undefined) view[key] = source[key];
      return view;
    };
  },
  literal<K extends string>(keys: readonly K[]): Literal<K> {
    return (values) => {
      const object = {} as Record<K, unknown>;
      keys.forEach((key, i) => {
        object[key] = values[i];
      });
      return object;
    };
  },
  tuple<K extends string>(keys: readonly K[]): Tuple<K> {
    return (source) => keys.map((key) => source[key]);
  },
  copy<K extends string>(keys: readonly K[]): Copy<K> {
    return (source) => {
      const object = {} as Record<K, unknown>;
      for (const key of keys) object[key] = source[key];
      return object;
    };
  },
  made<K extends string, A extends unknown[]>(keys: readonly K[]): Made<K, A> {
    return (makers, ...args) => {
      const object: Partial<Record<K, unknown>> = {};
      for (const key of keys) {
        const value = makers[key](...args);
        if (value !== undefined) object[key] = value;
      }
      return object;
    };
  },
  sparse<K extends string>(keys: readonly K[]): Sparse<K> {
    return (values) => {
      const object: Partial<Record<K, unknown>> = {};
      keys.forEach((key, i) => {
        if (values[i] !== undefined) object[key] = values[i];
      });
      return object;
    };
  },
};

/**
 * {@link Reader} over `keys`, each accepted under `namesOf(key)` in that order. A parsed JSON
 * object inherits only from Object.prototype, which holds none of the tables' names, so its
 * members are read directly; any other object's are checked to be its own.
 */
export function reader<K extends string>(keys: readonly K[], namesOf: (key: K) => readonly string[]): Reader<K> {
  return readerInto(keys, namesOf, (key) => `v.${key}`, "{}", generic.reader(keys, namesOf));
}

/** Like {@link reader}, but the values come back in an array, in the keys' order. */
export function arrayReader<K extends string>(keys: readonly K[], namesOf: (key: K) => readonly string[]): ArrayReader {
  const loop = generic.reader(keys, namesOf);
  const fallback: ArrayReader = (object) => {
    const values = loop(object);
    return keys.map((key) => values[key]);
  };
  return readerInto(keys, namesOf, (_key, i) => `v[${i}]`, `new Array(${keys.length})`, fallback);
}

/** Reads, for each key in order, the first of its names an object holds as an own, non-null member. */
export type ArrayReader = (object: Record<string, unknown>) => unknown[];

/**
 * True when an object may hold some key under two of its names at once, both non-null (D25): a
 * quick test before the careful one, which may say true for a name an object only inherits.
 */
export function twice<K extends string>(
  keys: readonly K[],
  namesOf: (key: K) => readonly string[],
): (object: Record<string, unknown>) => boolean {
  const many = keys.map(namesOf).filter((names) => names.length > 1);
  const fallback = (object: Record<string, unknown>): boolean =>
    many.some((names) => names.filter((name) => object[name] != null).length > 1);
  const tests = many.map((names) => `(${names.map((name) => `(o.${name} != null ? 1 : 0)`).join(" + ")}) > 1`);
  return compiled(["o"], `return ${tests.length === 0 ? "false" : tests.join(" || ")};`, many.flat(), fallback);
}

function readerInto<K extends string, R extends (object: Record<string, unknown>) => unknown>(
  keys: readonly K[],
  namesOf: (key: K) => readonly string[],
  slot: (key: K, index: number) => string,
  start: string,
  fallback: R,
): R {
  const names = keys.flatMap((key) => [key, ...namesOf(key)]);
  const source = (ownOnly: boolean): string => {
    let text = `const v = ${start};\nlet x;\n`;
    keys.forEach((key, i) => {
      text += "x = undefined;\n";
      for (const name of namesOf(key)) {
        text += ownOnly
          ? `if (x == null) { x = o.${name}; if (x != null && !Object.hasOwn(o, "${name}")) x = undefined; }\n`
          : `if (x == null) x = o.${name};\n`;
      }
      text += `${slot(key, i)} = x == null ? undefined : x;\n`;
    });
    return `${text}return v;`;
  };
  const own = compiled<R | null>(["o"], source(true), names, null);
  const make = compiled<((plain: object, own: R) => R) | null>(
    ["PLAIN", "own"],
    `return function read(o) {\nif (Object.getPrototypeOf(o) !== PLAIN) return own(o);\n${source(false)}\n};`,
    names,
    null,
  );
  return own === null || make === null ? fallback : make(Object.prototype, own);
}

/** {@link View} over `keys`. */
export function view<K extends string>(keys: readonly K[]): View<K> {
  const lines = keys.map((key) => `if (s.${key} !== undefined) v.${key} = s.${key};`);
  return compiled(["s"], `const v = {};\n${lines.join("\n")}\nreturn v;`, keys, generic.view(keys));
}

/** {@link Literal} over `keys`. */
export function literal<K extends string>(keys: readonly K[]): Literal<K> {
  const members = keys.map((key, i) => `${key}: a[${i}]`);
  return compiled(["a"], `return { ${members.join(", ")} };`, keys, generic.literal(keys));
}

/** {@link Sparse} over `keys`. */
export function sparse<K extends string>(keys: readonly K[]): Sparse<K> {
  const lines = keys.map((key, i) => `if (a[${i}] !== undefined) v.${key} = a[${i}];`);
  return compiled(["a"], `const v = {};\n${lines.join("\n")}\nreturn v;`, keys, generic.sparse(keys));
}

/** {@link Copy} over `keys`. */
export function copy<K extends string>(keys: readonly K[]): Copy<K> {
  const members = keys.map((key) => `${key}: s.${key}`);
  return compiled(["s"], `return { ${members.join(", ")} };`, keys, generic.copy(keys));
}

/** {@link Made} over `keys`, for makers that take `arity` arguments. */
export function made<K extends string, A extends unknown[]>(keys: readonly K[], arity: number): Made<K, A> {
  const args = Array.from({ length: arity }, (_, i) => `a${i}`);
  const lines = keys.map((key) => `x = m.${key}(${args.join(", ")}); if (x !== undefined) v.${key} = x;`);
  return compiled(["m", ...args], `const v = {};\nlet x;\n${lines.join("\n")}\nreturn v;`, keys, generic.made(keys));
}

/** {@link Tuple} over `keys`. */
export function tuple<K extends string>(keys: readonly K[]): Tuple<K> {
  return compiled(["s"], `return [${keys.map((key) => `s.${key}`).join(", ")}];`, keys, generic.tuple(keys));
}
