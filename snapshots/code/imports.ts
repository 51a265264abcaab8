/**
 * Every source file's imports, for the layer test (layers.test.ts): each local import resolved
 * to the file it names (from the repository's root), each other one as written, and the file's
 * code without comments. Bun's transpiler finds the imports that run (dynamic ones included);
 * the import and export statements that start a line add the type-only ones it drops.
 */

import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { Glob } from "bun";

/** One file's imports: `relative` resolved from the root, `external` as written; `text` its code without comments. */
interface FileImports {
  relative: string[];
  external: string[];
  text: string;
}
/** Every file's imports, by its path from the root. */
export type SourceImports = Map<string, FileImports>;

const ROOT = join(import.meta.dir, "../..");
const transpiler = new Bun.Transpiler({ loader: "tsx" });
const tsTranspiler = new Bun.Transpiler({ loader: "ts" });
const STATEMENT = /^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']/gms;

/** The script of an Astro component: its frontmatter and its <script> elements. */
const astroScript = (source: string): string =>
  [
    source.match(/^---\n([\s\S]*?)\n---/)?.[1] ?? "",
    ...[...source.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]),
  ].join("\n");

function importsOf(file: string): FileImports {
  const raw = readFileSync(join(ROOT, file), "utf8");
  const source = file.endsWith(".astro") ? astroScript(raw) : raw;
  const compiler = file.endsWith(".tsx") ? transpiler : tsTranspiler;
  const specifiers = new Set(compiler.scanImports(source).map((found) => found.path));
  for (const match of source.matchAll(STATEMENT)) specifiers.add((match[1] ?? match[2])!);
  const relative: string[] = [];
  const external: string[] = [];
  for (const specifier of specifiers)
    if (specifier.startsWith(".")) relative.push(normalize(join(dirname(file), specifier)));
    else external.push(specifier);
  return { relative, external, text: compiler.transformSync(source) };
}

/** The imports of every .ts, .tsx, .mts and .astro file under `roots` (folders from the root), but a build's dist/. */
export function readImports(roots: readonly string[]): SourceImports {
  const sources: SourceImports = new Map();
  for (const root of roots)
    for (const path of new Glob("**/*.{ts,tsx,mts,astro}").scanSync(join(ROOT, root)))
      if (!/(^|\/)(node_modules|dist)\//.test(path) && !path.endsWith(".d.ts")) {
        const file = `${root}/${path}`;
        sources.set(file, importsOf(file));
      }
  return sources;
}

/** Every import cycle among `sources`: each strongly connected group of files (Tarjan), sorted. */
export function importCycles(sources: SourceImports): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of sources.get(file)!.relative) {
      if (!sources.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1 || sources.get(file)!.relative.includes(file)) cycles.push(group.sort());
  };
  for (const file of sources.keys()) if (!index.has(file)) visit(file);
  return cycles.sort();
}
