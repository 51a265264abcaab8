/**
 * The layers the README's layout states, held on every source file's imports (type-only ones
 * too), each resolved to the file it names: shared/ imports no runtime and nothing outside
 * shared/, and reads no clock or randomness (the host hands it `now` and `randomHex`);
 * shared/schemas/ nothing of shared/documents/ (the layer above); keys/ nothing but shared/;
 * mcp/, client/ and site/ nothing of api/ (client/ and site/ nothing of keys/ or mcp/
 * either); and no file imports itself through others. Biome's noRestrictedImports (biome.json)
 * flags the runtime modules in shared/ and the api/ imports as one edits; this test holds them
 * all. The imports are read with Bun's transpiler (type-only ones from the text, which it drops).
 */
import { describe, expect, test } from "bun:test";
import { importCycles, readImports, type SourceImports } from "./imports.ts";
import { SOURCE_FOLDERS } from "./source-folders.ts";

/** Every source folder but the tests', which may import any layer. */
const ROOTS = SOURCE_FOLDERS.filter((folder) => folder !== "snapshots");
const top = (file: string): string => file.split("/")[0]!;
const under = (file: string, folder: string): boolean => file.startsWith(`${folder}/`);

/** A runtime's own modules and globals, which shared/ (pure, on every runtime and in browsers) never names. */
const RUNTIME_MODULE = /^(bun$|bun:|node:|npm:|jsr:|https?:)/;
const RUNTIME_GLOBAL = /\b(Bun|Deno|process)\s*\.\s*[a-zA-Z]/;
/** A clock or randomness read, which shared/ leaves to the host (it is handed `now` and `randomHex`). */
const CLOCK = /\bDate\.now\(|\bnew Date\(\s*\)|\bperformance\.now\(|\bMath\.random\(|\bgetRandomValues\(/;

/** What `file` may not import: a message when `target` (resolved from the root when `local`) breaks a layer rule, else null. */
export function layerBreach(file: string, target: string, local: boolean): string | null {
  const from = top(file);
  if (!local) return from === "shared" && RUNTIME_MODULE.test(target) ? "shared/ imports no runtime module" : null;
  const to = top(target);
  if (from === "shared" && to !== "shared") return "shared/ imports nothing outside shared/";
  if (under(file, "shared/schemas") && under(target, "shared/documents"))
    return "shared/schemas/ imports nothing of shared/documents/ (the layer above)";
  if (from === "keys" && to !== "shared" && to !== "keys") return "keys/ imports nothing but shared/";
  if (["mcp", "client", "site"].includes(from) && to === "api") return `${from}/ imports nothing of api/`;
  if (["client", "site"].includes(from) && (to === "keys" || to === "mcp"))
    return `${from}/ imports nothing of keys/ or mcp/ (node: APIs)`;
  return null;
}

/** Every breach in `sources`, as "file -> import: rule". */
export function layerBreaches(sources: SourceImports): string[] {
  const found: string[] = [];
  for (const [file, { relative, external, text }] of sources) {
    for (const [targets, local] of [
      [relative, true],
      [external, false],
    ] as const)
      for (const target of targets) {
        const breach = layerBreach(file, target, local);
        if (breach !== null) found.push(`${file} -> ${target}: ${breach}`);
      }
    if (top(file) === "shared" && RUNTIME_GLOBAL.test(text)) found.push(`${file}: shared/ uses no runtime global`);
    if (top(file) === "shared" && CLOCK.test(text)) found.push(`${file}: shared/ reads no clock or randomness`);
  }
  return found;
}

const sources = readImports(ROOTS);

describe("the layers", () => {
  test("every source folder but the tests' is read (source-folders.ts)", () => {
    for (const root of ROOTS)
      expect(
        [...sources.keys()].some((file) => under(file, root)),
        root,
      ).toBe(true);
  });

  test("no import breaks a layer rule", () => {
    expect(layerBreaches(sources)).toEqual([]);
  });

  test("no import cycle", () => {
    expect(importCycles(sources)).toEqual([]);
  });

  test("the rules catch a forbidden import, a runtime global, a clock and a cycle", () => {
    const probe: SourceImports = new Map([
      [
        "shared/engine/a.ts",
        { relative: ["api/host/settings.ts", "shared/engine/b.ts"], external: ["node:fs"], text: "" },
      ],
      ["shared/engine/b.ts", { relative: ["shared/engine/a.ts"], external: [], text: "Bun.file(x)" }],
      ["shared/schemas/c.ts", { relative: ["shared/documents/catalog.ts"], external: [], text: "x = Date.now();" }],
      ["mcp/d.ts", { relative: ["api/host/key-file.ts", "keys/ed25519-keys.ts"], external: [], text: "process.env" }],
      ["site/src/e.ts", { relative: ["keys/home-files.ts"], external: [], text: "" }],
      ["keys/f.ts", { relative: ["api/host/settings.ts"], external: ["node:os"], text: "" }],
    ]);
    expect(layerBreaches(probe)).toEqual([
      "shared/engine/a.ts -> api/host/settings.ts: shared/ imports nothing outside shared/",
      "shared/engine/a.ts -> node:fs: shared/ imports no runtime module",
      "shared/engine/b.ts: shared/ uses no runtime global",
      "shared/schemas/c.ts -> shared/documents/catalog.ts: shared/schemas/ imports nothing of shared/documents/ (the layer above)",
      "shared/schemas/c.ts: shared/ reads no clock or randomness",
      "mcp/d.ts -> api/host/key-file.ts: mcp/ imports nothing of api/",
      "site/src/e.ts -> keys/home-files.ts: site/ imports nothing of keys/ or mcp/ (node: APIs)",
      "keys/f.ts -> api/host/settings.ts: keys/ imports nothing but shared/",
    ]);
    expect(importCycles(probe)).toEqual([["shared/engine/a.ts", "shared/engine/b.ts"]]);
  });
});
