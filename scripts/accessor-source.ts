/**
 * The source text of each kind of fixed-name accessor over one table, as
 * scripts/codegen-accessors.ts writes them into shared/engine/accessors.generated.ts. Every name
 * is a table's own, checked here to be a plain identifier that Object.prototype does not hold,
 * so it can be written out as `o.name` and read directly off a parsed JSON object. The text is
 * laid out as Biome formats it, so the committed module passes `bun run lint` as written.
 */

/** One table as the generator sees it: its keys in order and the names each is accepted under. */
export interface AccessorTable {
  /** The start of every accessor's name: `fields` gives fieldsRead, fieldsTwice, ... */
  readonly prefix: string;
  /** The type of its keys, and the module that exports it (relative to shared/engine/). */
  readonly keyType: string;
  readonly keyTypeFrom: string;
  readonly keys: readonly string[];
  /** The names `key` is accepted under, in the order they are read. */
  readonly namesOf: (key: string) => readonly string[];
  /** The accessors the engine uses over this table, in the order they are written. */
  readonly kinds: readonly AccessorKind[];
}

/** What an accessor does; `made` takes makers of that many arguments. Each one's JSDoc below says it in full. */
export type AccessorKind = "read" | "twice" | "literal" | "tuple" | "copy" | "view" | { readonly made: number };

/** A name that may be written out: a plain identifier (every table name is one). */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Biome's line width (biome.json). */
const WIDTH = 120;

/** Throws unless every name can be written out as a member and read off a plain object: a table's bug, caught at build time. */
export function checkNames(names: readonly string[]): void {
  for (const name of names) {
    if (!IDENTIFIER.test(name)) throw new Error(`${JSON.stringify(name)} is not a plain identifier`);
    if (name in Object.prototype) throw new Error(`${JSON.stringify(name)} is a member of Object.prototype`);
  }
}

/** One function to write out. */
interface Fn {
  doc: string;
  name: string;
  exported?: boolean;
  typeParams?: string;
  params: readonly string[];
  returns: string;
  body: readonly string[];
}

/** A function's JSDoc, its opening on one line when it fits (else one parameter a line, as Biome does), its body. */
function write({ doc, name, exported = true, typeParams = "", params, returns, body }: Fn): string {
  const head = `${exported ? "export " : ""}function ${name}${typeParams}(`;
  const line = `${head}${params.join(", ")}): ${returns} {`;
  const opening = line.length <= WIDTH ? line : `${head}\n${params.map((p) => `  ${p},\n`).join("")}): ${returns} {`;
  return `/** ${doc} */\n${opening}\n${body.map((text) => `  ${text}`).join("\n")}\n}\n`;
}

const OBJECT = "o: Record<string, unknown>";

/** The reader and its twin for objects that are not plain (own members only, read after Object.hasOwn). */
function read(t: AccessorTable, name: string): string {
  const own = `${name}Own`;
  const body = (ownOnly: boolean): string[] => [
    ...(ownOnly ? [] : [`if (Object.getPrototypeOf(o) !== PLAIN) return ${own}(o);`]),
    `const v = new Array<unknown>(${t.keys.length});`,
    "let x: unknown;",
    ...t.keys.flatMap((key, i) => [
      ...t.namesOf(key).map((member, j) => {
        if (!ownOnly) return j === 0 ? `x = o.${member};` : `if (x == null) x = o.${member};`;
        const has = `Object.hasOwn(o, "${member}")`;
        return j === 0 ? `x = ${has} ? o.${member} : undefined;` : `if (x == null && ${has}) x = o.${member};`;
      }),
      `v[${i}] = x ?? undefined;`,
    ]),
    "return v;",
  ];
  const doc = `For each ${t.keyType} in order, the first of its names \`o\` holds as a non-null member, or undefined.`;
  const ownDoc = `${name} of an object that is not plain: its own members only.`;
  return [
    write({ doc, name, params: [OBJECT], returns: "unknown[]", body: body(false) }),
    write({ doc: ownDoc, name: own, exported: false, params: [OBJECT], returns: "unknown[]", body: body(true) }),
  ].join("\n");
}

/** D25's quick test: some key held under two of its names, both non-null (inherited names count, as ever). */
function twice(t: AccessorTable, name: string): string {
  const many = t.keys.map(t.namesOf).filter((names) => names.length > 1);
  const body = many.flatMap((names, i) => [
    i === 0 ? "let n = 0;" : "n = 0;",
    ...names.map((member) => `if (o.${member} != null) n++;`),
    "if (n > 1) return true;",
  ]);
  const doc = `True when \`o\` may hold some ${t.keyType} under two of its names, both non-null (D25; a quick test).`;
  return write({ doc, name, params: [OBJECT], returns: "boolean", body: [...body, "return false;"] });
}

/** `made`: each key's maker called with the arguments, the key set when it gives something. */
function made(t: AccessorTable, name: string, arity: number): string {
  const K = t.keyType;
  const args = Array.from({ length: arity }, (_, i) => `a${i}`);
  const typed = args.map((arg, i) => `${arg}: A${i}`);
  const body = [
    `const v: Partial<Record<${K}, unknown>> = {};`,
    "let x: unknown;",
    ...t.keys.flatMap((key) => [`x = m.${key}(${args.join(", ")});`, `if (x !== undefined) v.${key} = x;`]),
    "return v;",
  ];
  return write({
    doc: `A new object with each ${K} whose maker, called with the arguments, gives a value other than undefined.`,
    name,
    typeParams: `<${args.map((_, i) => `A${i}`).join(", ")}>`,
    params: [`m: Record<${K}, (${typed.join(", ")}) => unknown>`, ...typed],
    returns: `Partial<Record<${K}, unknown>>`,
    body,
  });
}

/** Every key in the keys' order as `key: value`, one a line. */
const members = (t: AccessorTable, value: (key: string, i: number) => string): string[] => [
  "return {",
  ...t.keys.map((key, i) => `  ${key}: ${value(key, i)},`),
  "};",
];

/** The source of one accessor over `t`, named `<prefix><Kind>`. */
export function accessorSource(t: AccessorTable, kind: AccessorKind): string {
  if (typeof kind === "object") return made(t, `${t.prefix}Made`, kind.made);
  const K = t.keyType;
  const name = `${t.prefix}${kind[0]!.toUpperCase()}${kind.slice(1)}`;
  const source = `s: Partial<Record<${K}, unknown>>`;
  switch (kind) {
    case "read":
      return read(t, name);
    case "twice":
      return twice(t, name);
    case "literal":
      return write({
        doc: `A new object with every ${K}, from the values in the keys' order.`,
        name,
        params: ["a: readonly unknown[]"],
        returns: `Record<${K}, unknown>`,
        body: members(t, (_key, i) => `a[${i}]`),
      });
    case "copy":
      return write({
        doc: `A copy of every ${K} of \`s\`, in the keys' order.`,
        name,
        params: [source],
        returns: `Record<${K}, unknown>`,
        body: members(t, (key) => `s.${key}`),
      });
    case "tuple": {
      const values = t.keys.map((key) => `s.${key}`);
      const line = `return [${values.join(", ")}];`;
      return write({
        doc: `The value of each ${K} of \`s\`, in an array in the keys' order.`,
        name,
        params: [source],
        returns: "unknown[]",
        body: line.length + 2 <= WIDTH ? [line] : ["return [", ...values.map((value) => `  ${value},`), "];"],
      });
    }
    case "view":
      return write({
        doc: `A new object with each ${K} of \`s\` that is not undefined, in the keys' order.`,
        name,
        params: [source],
        returns: `Partial<Record<${K}, unknown>>`,
        body: [
          `const v: Partial<Record<${K}, unknown>> = {};`,
          ...t.keys.map((key) => `if (s.${key} !== undefined) v.${key} = s.${key};`),
          "return v;",
        ],
      });
  }
}
