/**
 * What `bun run start` runs needs only the `dependencies` of package.json, which the README's
 * first line installs alone (`--production`): the site's build (Astro on site/, its config and
 * every module its pages import) and the service on Bun (api/bun/ and api/host/, and every module
 * they import, dynamic imports included), each local import followed to its file. And every
 * dependency is one of the packages they import, so a production install holds nothing `start`
 * does not use: the test tools, other runtimes and browser drivers are devDependencies.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readImports } from "./imports.ts";
import { SOURCE_FOLDERS } from "./source-folders.ts";

const ROOT = join(import.meta.dir, "../..");
const PACKAGE = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const DEPENDENCIES = Object.keys(PACKAGE.dependencies ?? {});
const SOURCES = readImports(SOURCE_FOLDERS.filter((folder) => folder !== "snapshots" && folder !== "scripts"));

/** The package an import names ("@scope/name/sub" -> "@scope/name"), or null for a runtime's own module. */
function packageOf(specifier: string): string | null {
  if (/^(node:|bun$|bun:|astro:|virtual:)/.test(specifier)) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** Every package the files reachable from `entries` import, by local imports followed. */
function packagesFrom(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    const imports = SOURCES.get(file);
    if (imports === undefined || seen.has(file)) return;
    seen.add(file);
    for (const specifier of imports.external) {
      const name = packageOf(specifier);
      if (name !== null) packages.add(name);
    }
    for (const next of imports.relative) visit(next);
  };
  for (const entry of entries) visit(entry);
  return packages;
}

/** The packages astro.config.mjs imports (a module of its own, which the layer test does not read). */
function configPackages(): string[] {
  const source = readFileSync(join(ROOT, "site/astro.config.mjs"), "utf8");
  return new Bun.Transpiler({ loader: "js" })
    .scanImports(source)
    .map((found) => packageOf(found.path))
    .filter((name): name is string => name !== null && !name.startsWith("."));
}

const ENTRIES = [...SOURCES.keys()].filter((file) => /^(api\/bun|api\/host|site)\//.test(file));
const USED = new Set([...packagesFrom(ENTRIES), ...configPackages()]);

describe("what bun run start needs", () => {
  test("start builds the site with Astro and runs api/bun/server.ts", () => {
    expect(PACKAGE.scripts.start).toBe("bun run build && bun run api");
    expect(PACKAGE.scripts.build).toContain("astro build --root site");
    expect(PACKAGE.scripts.api).toBe("bun api/bun/server.ts");
    expect(ENTRIES).toContain("api/bun/server.ts");
    expect(ENTRIES.some((file) => file.startsWith("site/src/pages/"))).toBe(true);
  });

  test("every package it imports is a dependency, none a devDependency", () => {
    expect(USED.size).toBeGreaterThan(2);
    expect([...USED].filter((name) => !DEPENDENCIES.includes(name)).sort()).toEqual([]);
  });

  test("every dependency is a package it imports", () => {
    expect(DEPENDENCIES.filter((name) => !USED.has(name)).sort()).toEqual([]);
  });

  test("a package is named by its scope and name, a runtime's own module by none", () => {
    expect(packageOf("@modelcontextprotocol/server")).toBe("@modelcontextprotocol/server");
    expect(packageOf("@valibot/to-json-schema")).toBe("@valibot/to-json-schema");
    expect(packageOf("astro/config")).toBe("astro");
    expect(packageOf("jose")).toBe("jose");
    expect(packageOf("node:crypto")).toBeNull();
    expect(packageOf("bun")).toBeNull();
    expect(packageOf("astro:transitions")).toBeNull();
  });
});
