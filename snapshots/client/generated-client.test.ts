/**
 * Clients generated from the published OpenAPI document the way users generate them: the
 * committed output of openapi-typescript (generated-client/openapi.d.ts, with openapi-fetch) and
 * of @hey-api/openapi-ts (generated-client/hey-api/) is what each generator makes of today's
 * document, and the typed walk over each (walk.ts, hey-api-walk.ts) type-checks with no cast.
 * The walks against a live server are in generated-client.e2e.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { filesUnder, generatedHeyApi, HEY_API_DIR } from "../../scripts/codegen-hey-api.ts";
import { generatedTypes } from "../../scripts/codegen-types.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const WALKS = ["walk.ts", "hey-api-walk.ts"].map((name) => join(ROOT, "snapshots/client/generated-client", name));

describe("a generated client (openapi-typescript + openapi-fetch)", () => {
  test("the committed types are what openapi-typescript makes of the document now (else: bun run codegen)", async () => {
    const committed = readFileSync(new URL("./generated-client/openapi.d.ts", import.meta.url), "utf8");
    expect(committed).toBe(await generatedTypes());
  });
});

describe("a generated client (@hey-api/openapi-ts: types, SDK, fetch client)", () => {
  test("the committed files are what hey-api makes of the document now (else: bun run codegen)", async () => {
    const committed = filesUnder(join(ROOT, HEY_API_DIR));
    delete committed["biome.json"];
    expect(committed).toEqual(await generatedHeyApi());
  });
});

/** The request bodies, in each generator's output. */
const BODIES = [
  "TransitionBody",
  "CreateBody",
  "FundBody",
  "SubmitBody",
  "ReleaseBody",
  "DisputeBody",
  "SimulateBody",
  "VerifyBody",
  "JobInput",
];

describe("the request bodies, as the generators type them", () => {
  const heyApi = readFileSync(join(ROOT, HEY_API_DIR, "types.gen.ts"), "utf8");
  const openapiTs = readFileSync(join(ROOT, "snapshots/client/generated-client/openapi.d.ts"), "utf8");
  /** The text of one type: from its declaration to the next declaration or comment at its depth. */
  const typeOf = (text: string, start: string) => {
    if (!text.includes(start)) throw new Error(`no ${start.trim()} in the generated types`);
    const from = text.slice(text.indexOf(start));
    const end = from.slice(1).search(/\n(export type |\/\*\*| {8}(\/\*\*|[A-Z]\w*: ))/);
    return from.slice(0, end + 1);
  };

  test.each(BODIES)("%s is no intersection with unknown (a keyword neither generator reads)", (name) => {
    for (const text of [typeOf(heyApi, `export type ${name} = `), typeOf(openapiTs, `        ${name}: `)])
      expect(text).not.toMatch(/\bunknown\b/);
  });

  test("a verify body of a receipt is typed in both: { receipt: Receipt }", () => {
    expect(typeOf(heyApi, "export type VerifyBody = ")).toContain("receipt: Receipt;");
    expect(typeOf(openapiTs, "        VerifyBody: ")).toContain('receipt: components["schemas"]["Receipt"];');
  });

  test("a required field of one name is a required member, not null (D2): CreateBody's title", () => {
    expect(typeOf(heyApi, "export type CreateBody = ")).toContain("title: Title;");
    expect(typeOf(openapiTs, "        CreateBody: ")).toContain('title: components["schemas"]["Title"];');
  });
});

describe("the typed walks", () => {
  test.each(WALKS)("%s holds no type assertion, non-null assertion or ts directive", (path) => {
    const text = readFileSync(path, "utf8");
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node) || ts.isNonNullExpression(node))
        if (!(ts.isAsExpression(node) && node.type.getText() === "const")) found.push(node.getText());
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true));
    expect(found).toEqual([]);
    expect(text).not.toMatch(/@ts-(ignore|expect-error|nocheck)/);
  });

  /** tsc over the two walks and what they import: a few seconds, more on a loaded machine. */
  test("both type-check under the project's strict settings", () => {
    const dir = mkdtempSync(join(tmpdir(), "walks-"));
    try {
      const config = join(dir, "tsconfig.json");
      const settings = {
        extends: join(ROOT, "tsconfig.json"),
        compilerOptions: { types: [] },
        include: [],
        files: WALKS,
      };
      writeFileSync(config, JSON.stringify(settings));
      const tsc = Bun.spawnSync([
        process.execPath,
        join(ROOT, "node_modules/typescript/bin/tsc"),
        "--noEmit",
        "-p",
        config,
      ]);
      expect(tsc.stdout.toString() + tsc.stderr.toString()).toBe("");
      expect(tsc.exitCode).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
