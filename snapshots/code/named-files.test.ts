/**
 * What the source names stays true as files move: a comment that cites `<file>.ts's <name>`
 * names a file that holds <name>, and a path of this repository written in a string (a script's
 * dynamic import, a file it reads) is a file that exists, here or as a package's under
 * node_modules. A file layout kept for an older checkout is named nowhere.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { Glob } from "bun";
import { SOURCE_FOLDERS } from "./source-folders.ts";

const ROOT = join(import.meta.dir, "../..");
const ROOTS = SOURCE_FOLDERS.filter((folder) => folder !== "snapshots");

/** Every source file under ROOTS, by its path from the root, with its text. */
const SOURCES = ROOTS.flatMap((root) =>
  [...new Glob(`${root}/**/*.{ts,astro}`).scanSync({ cwd: ROOT })].map((file) => ({
    file,
    text: readFileSync(join(ROOT, file), "utf8"),
  })),
);
/** The source and test files by file name, wherever they are. */
const BY_NAME = new Map<string, string[]>();
for (const { file } of SOURCES) BY_NAME.set(basename(file), [...(BY_NAME.get(basename(file)) ?? []), file]);
for (const file of new Glob("snapshots/**/*.ts").scanSync({ cwd: ROOT }))
  BY_NAME.set(basename(file), [...(BY_NAME.get(basename(file)) ?? []), file]);

describe("files the source names", () => {
  test("there are sources to read, and cited names to check", () => {
    expect(SOURCES.length).toBeGreaterThan(100);
    expect(SOURCES.some(({ text }) => /[\w-]+\.ts's \w+/.test(text))).toBe(true);
  });

  test("a comment that cites <file>.ts's <name> names a file that holds <name>", () => {
    const wrong: string[] = [];
    for (const { file, text } of SOURCES) {
      for (const [cited, name, what] of text.matchAll(/\b([\w-]+\.ts)'s (\w+)/g)) {
        const holders = (BY_NAME.get(name!) ?? []).filter((path) =>
          new RegExp(`\\b${what}\\b`).test(readFileSync(join(ROOT, path), "utf8")),
        );
        if (holders.length === 0) wrong.push(`${file}: ${cited}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("a path of this repository written in a string is a file that exists", () => {
    const missing: string[] = [];
    for (const { file, text } of SOURCES) {
      for (const [, path] of text.matchAll(/["'`]([a-z][\w-]*\/[\w./-]+\.(?:ts|mjs|js|json))["'`]/g)) {
        if (!existsSync(join(ROOT, path!)) && !existsSync(join(ROOT, "node_modules", path!)))
          missing.push(`${file}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
