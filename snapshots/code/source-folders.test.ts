/**
 * Every source folder is seen by the checks that must see every source (source-folders.ts): the
 * list holds each folder of the repository with a TypeScript or Astro file, and knip.json's
 * `project` (which dead-code.test.ts runs knip on) takes in every such file, so no folder is left
 * outside knip, the layer test or the docs' path check when it is added or renamed.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Glob } from "bun";
import { SOURCE_FOLDERS } from "./source-folders.ts";

const ROOT = join(import.meta.dir, "../..");
/** A source file, as the layer test and knip read them. */
const SOURCE = /\.(ts|tsx|mts|astro)$/;
/** What is made or installed, not written: never a source folder. */
const MADE = new Set(["node_modules", "dist"]);

/** Every source file below `folder` (from the root), skipping what is made and dot folders. */
function sourcesBelow(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name.startsWith(".") || MADE.has(entry.name) ? [] : sourcesBelow(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

const TOP = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith(".") && !MADE.has(entry.name))
  .map((entry) => entry.name);
const SOURCES = TOP.flatMap(sourcesBelow);
const KNIP = JSON.parse(readFileSync(join(ROOT, "knip.json"), "utf8")) as { project: string[]; ignore: string[] };

describe("the source folders", () => {
  test("are exactly the folders that hold a source file", () => {
    expect(SOURCES.length).toBeGreaterThan(300);
    const holding = TOP.filter((folder) => SOURCES.some((file) => file.startsWith(`${folder}/`)));
    expect(holding.sort()).toEqual([...SOURCE_FOLDERS].sort());
  });

  test("knip.json's project takes in every source file, and names no other folder", () => {
    const match = (globs: string[], file: string): boolean => globs.some((glob) => new Glob(glob).match(file));
    expect(SOURCES.filter((file) => !match(KNIP.project, file) && !match(KNIP.ignore, file))).toEqual([]);
    expect(KNIP.project.filter((glob) => !SOURCE_FOLDERS.some((folder) => glob.startsWith(`${folder}/`)))).toEqual([]);
  });

  test("a folder missing from the list, or a file outside knip's project, is found", () => {
    expect(sourcesBelow("keys").length).toBeGreaterThan(0);
    const withoutKeys = KNIP.project.filter((glob) => !glob.startsWith("keys/"));
    const outside = SOURCES.filter((file) => !withoutKeys.some((glob) => new Glob(glob).match(file)));
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.every((file) => file.startsWith("keys/"))).toBe(true);
  });
});
