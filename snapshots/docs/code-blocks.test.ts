/**
 * Every fenced code block of the README and docs/ held to what it names, block by block and
 * whatever the words around it: a shell command's scripts, files, settings and pinned Bun exist,
 * and its curl requests answer 200 from the service in process; a JSON example parses and is
 * what the code builds (the MCP client configurations, an access log line); a TypeScript example
 * imports only what exists and is run by code-blocks.e2e or mcp/frameworks.e2e; a text block is
 * the output of the example before it; the layout tree names folders that exist. Inline code
 * that names a source file names one that exists. Quick start's block is the two lines .ci/run
 * reads.
 */
import { describe, expect, test } from "bun:test";
import { CLONE_PATH, STDIO_COMMAND } from "../../shared/documents/server-json.ts";
import { accessLogLine } from "../../shared/http/access-log.ts";
import { KEY_ID_PATTERN, MCP_PATH } from "../../shared/protocol/constants.ts";
import { SOURCE_FOLDERS } from "../code/source-folders.ts";
import { testHandler } from "../support/helpers.ts";
import {
  ALL_BLOCKS,
  type CodeBlock,
  inlineCodeOf,
  PAGES,
  README_ORIGIN,
  read,
  runnerOf,
  section,
  where,
} from "./markdown.ts";
import { commandsOf, curlRequest, DEPENDENCIES, exists, SCRIPTS, SETTINGS, shellProblem } from "./shell-commands.ts";

describe("shell blocks", () => {
  const shell = ALL_BLOCKS.filter((block) => block.lang === "sh");

  test("there are some, and every code block says its language (or is the README's layout tree)", () => {
    expect(shell.length).toBeGreaterThan(0);
    const untagged = ALL_BLOCKS.filter((block) => block.lang === "" && block !== layoutBlock());
    expect(untagged.map(where)).toEqual([]);
    const known = ["sh", "ts", "json", "text", ""];
    expect(ALL_BLOCKS.filter((block) => !known.includes(block.lang)).map(where)).toEqual([]);
  });

  test.each(shell.map((block) => [where(block), block] as const))(
    "%s names scripts, files and settings that exist",
    (_where, block) => {
      const problems = commandsOf(block).flatMap((command) => {
        const problem = shellProblem(command);
        return problem === null ? [] : [`${command}: ${problem}`];
      });
      expect(problems).toEqual([]);
    },
  );

  test.each(
    shell
      .flatMap((block) => commandsOf(block).map((command) => [where(block), command] as const))
      .filter(([, command]) => command.startsWith("curl ")),
  )("%s: %s answers 200 from the service", async (_where, command) => {
    const response = await testHandler()(curlRequest(command));
    expect(response.status).toBe(200);
    expect((await response.json()).ok).toBe(true);
  });

  test("a bench setting is one the bench reads, before the bench, and BENCH_BEFORE names a file", () => {
    const bench = "npx bun run bench";
    expect(shellProblem(`BENCH_ROUNDS=8 BENCH_BEFORE=scripts/bench/signature-only-server.ts ${bench}`)).toBeNull();
    expect(shellProblem(`BENCH_ROUNDZ=8 ${bench}`)).toBe("BENCH_ROUNDZ is no setting the code reads");
    expect(shellProblem(`BENCH_BEFORE=scripts/bench/none.ts ${bench}`)).toBe(
      "BENCH_BEFORE: scripts/bench/none.ts does not exist",
    );
    expect(shellProblem("BENCH_ROUNDS=8 npx bun run test")).toBe(
      "BENCH_ROUNDS is the bench's, not of npx bun run test",
    );
  });

  test("the pinned Bun installs all or --production, and runs only a script or file there is", () => {
    const bun = `npx --yes bun@${DEPENDENCIES.bun}`;
    expect(shellProblem(`${bun} install --frozen-lockfile --production`)).toBeNull();
    expect(shellProblem(`${bun} install --frozen-lockfile`)).toBeNull();
    expect(shellProblem(`${bun} install --production`)).toBe(
      "npx bun install --production: a command this test does not know; teach it",
    );
    expect(shellProblem(`${bun} run start`)).toBeNull();
    expect(shellProblem(`${bun} run begin`)).toBe("no script begin in package.json");
    expect(shellProblem(`${bun} mcp/stdio.ts`)).toBeNull();
    expect(shellProblem("npx --yes bun@1.0.0 run start")).toBe(`bun@1.0.0 is not the pinned bun ${DEPENDENCIES.bun}`);
  });

  test("README's Quick start block is two lines: install what running needs and start, install the rest and test", () => {
    const block = /```sh\n([\s\S]*?)```/.exec(section(read("README.md"), "## Quick start"))?.[1] ?? "";
    const lines = block.trim().split("\n");
    expect(lines).toHaveLength(2);
    // A production install holds no devDependency, Bun among them: the first line's Bun is npx's, pinned.
    const bun = `npx --yes bun@${DEPENDENCIES.bun}`;
    expect(lines).toEqual([
      `${bun} install --frozen-lockfile --production && ${bun} run start`,
      `${bun} install --frozen-lockfile && npx bun run test`,
    ]);
  });
});

describe("JSON blocks", () => {
  const json = ALL_BLOCKS.filter((block) => block.lang === "json");

  test.each(json.map((block) => [where(block), block] as const))(
    "%s parses and is what the code builds",
    (_where, block) => {
      const value = JSON.parse(block.code);
      if (value.mcpServers) {
        const server = value.mcpServers["agent-escrow-demo"];
        expect(Object.keys(value.mcpServers)).toEqual(["agent-escrow-demo"]);
        if (server.type === "http") expect(server).toEqual({ type: "http", url: `${README_ORIGIN}${MCP_PATH}` });
        else {
          // The desktop configuration is server.json's stdio command, with the variables the stdio server reads.
          expect({ command: server.command, args: server.args }).toEqual({
            ...STDIO_COMMAND,
            args: [...STDIO_COMMAND.args],
          });
          expect(server.args.at(-1)).toStartWith(CLONE_PATH);
          expect(server).not.toHaveProperty("cwd");
          for (const name of Object.keys(server.env ?? {})) expect(SETTINGS.has(name), name).toBe(true);
        }
      } else if ("duration_us" in value) {
        // An access log line: the one the service writes for these values (its key_id is a demo key's).
        const { key_id, ...rest } = value;
        expect(key_id).toMatch(KEY_ID_PATTERN);
        const line = accessLogLine({
          request: new Request("http://escrow.test/"),
          requestId: rest.request_id,
          method: rest.method,
          path: rest.path,
          status: rest.status,
          bytes: rest.bytes,
          time: Date.parse(rest.time),
          micros: rest.duration_us,
        });
        expect(block.code.trim()).toBe(`${line.slice(0, -1)},"key_id":"${key_id}"}`);
      } else throw new Error(`${where(block)}: a JSON example this test does not know; teach it`);
    },
  );
});

describe("TypeScript blocks", () => {
  const ts = ALL_BLOCKS.filter((block) => block.lang === "ts");

  test("both runners have examples to run", () => {
    expect(new Set(ts.map(runnerOf))).toEqual(new Set(["code-blocks.e2e", "frameworks.e2e"]));
  });

  test.each(ts.map((block) => [where(block), block] as const))(
    "%s imports only files and packages that exist",
    (_where, block) => {
      const missing = [...block.code.matchAll(/^import .* from "([^"]+)";$/gm)]
        .map(([, from]) => from!)
        .filter((from) =>
          from.startsWith(".")
            ? !exists(from.slice(2))
            : !DEPENDENCIES[from.startsWith("@") ? from.split("/").slice(0, 2).join("/") : from.split("/")[0]!],
        );
      expect(missing).toEqual([]);
    },
  );
});

describe("text blocks", () => {
  test("each is what the example right before it prints", () => {
    const outputs = new Set(
      ALL_BLOCKS.filter(
        (block) => block.lang === "ts" && block.next?.lang === "text" && /prints:\s*$/.test(block.next.between),
      ).map((block) => block.next!.code),
    );
    const text = ALL_BLOCKS.filter((block) => block.lang === "text");
    expect(text.length).toBeGreaterThan(0);
    expect(text.filter((block) => !outputs.has(block.code)).map(where)).toEqual([]);
  });
});

/** The README's layout tree: the block under "## Layout". */
function layoutBlock(): CodeBlock {
  const block = ALL_BLOCKS.find(
    (each) => each.page === "README.md" && each.lang === "" && each.code.startsWith("shared/"),
  );
  expect(block).toBeDefined();
  return block!;
}

describe("the README's layout", () => {
  test("names folders and files that exist, each under its parent", () => {
    const missing: string[] = [];
    let parent = "";
    for (const line of layoutBlock().code.split("\n")) {
      const match = /^( *)((?:[\w.-]+\/? )*[\w.-]+\/?)(?: {2,}|$)/.exec(line);
      if (!match || match[2] === undefined) continue;
      const nested = match[1]!.length > 0;
      const names = match[2].split(" ").filter(Boolean);
      for (const name of names) {
        const path = nested ? `${parent}${name}` : name;
        if (!exists(path)) missing.push(path);
        if (!nested && name.endsWith("/")) parent = name;
      }
    }
    expect(missing).toEqual([]);
  });
});

/** A source file or folder named in inline code: a path below any source folder (source-folders.ts). */
const SOURCE_PATH = new RegExp(`^(${SOURCE_FOLDERS.join("|")})/[\\w./-]*[\\w/]$`);

describe("inline code", () => {
  const spans = PAGES.flatMap((page) => inlineCodeOf(read(page)).map((code) => [page, code] as const));

  test("a path below every source folder is checked, keys/ and site/ included", () => {
    for (const folder of SOURCE_FOLDERS) expect(SOURCE_PATH.test(`${folder}/any-file.ts`), folder).toBe(true);
    expect(SOURCE_PATH.test("keys/signing-key.ts")).toBe(true);
    expect(SOURCE_PATH.test("site/precompress.ts")).toBe(true);
    expect(SOURCE_PATH.test("docs/api.md")).toBe(false);
  });

  test("a source file or folder named is one that exists", () => {
    const named = spans.filter(([, code]) => SOURCE_PATH.test(code) && !code.includes("*"));
    expect(named.length).toBeGreaterThan(20);
    // A build's output (client/dist, site/dist/server.json) is made by a script, not kept;
    // testing.md names suites below snapshots/.
    const found = (page: string, path: string): boolean =>
      exists(path) ||
      /\/dist(\/|$)/.test(path) ||
      (page === "docs/testing.md" && (exists(`snapshots/${path}`) || exists(`snapshots/${path}.test.ts`)));
    expect(named.filter(([page, path]) => !found(page, path)).map(([page, path]) => `${page}: ${path}`)).toEqual([]);
  });

  test("a script named with bun run is one of package.json", () => {
    const named = spans.flatMap(([page, code]) =>
      [...code.matchAll(/\bbun run ([\w:-]+)/g)].map(([, script]) => [page, script!] as const),
    );
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter(([, script]) => !(script in SCRIPTS)).map(([page, script]) => `${page}: ${script}`)).toEqual(
      [],
    );
  });
});
