/**
 * The README is a reference for users, so it is held to the code: its Quick start block has
 * exactly the two commands .ci/run reads, its error table lists every catalog code with its
 * HTTP status and message template, and its TypeScript client example runs as written against
 * a live server on http://localhost:3000 and prints what the README says it prints.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { ROOT, startServer } from "../../scripts/harness/live-server.ts";
import { ERROR_CATALOG } from "../../shared/protocol/errors.ts";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("README.md", () => {
  test("its Quick start block holds two lines: start the service, then run the tests", () => {
    const section = readme.slice(readme.indexOf("## Quick start"));
    const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
    const lines = block.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEndWith("npx bun run start");
    expect(lines[1]).toEndWith("npx bun run test");
    for (const line of lines) expect(line).toStartWith("npx --yes bun@1.4.4 install --frozen-lockfile && ");
  });

  test("its error table lists every catalog code with its status and message", () => {
    const rows = [...readme.matchAll(/^\| `(\w+)` \| (\d{3}) \| (.*?) \|/gm)].map(([, code, status, message]) => [
      code,
      Number(status),
      message!.replaceAll("\\|", "|"),
    ]);
    expect(rows).toEqual(Object.entries(ERROR_CATALOG).map(([code, entry]) => [code, entry.status, entry.message]));
  });

  test("its TypeScript client example runs as written against http://localhost:3000 and prints what it says", async () => {
    const section = readme.slice(readme.indexOf("## TypeScript client"), readme.indexOf("## Errors"));
    const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    const printed = /It prints:\n\n```text\n([\s\S]*?)```/.exec(section)?.[1];
    expect(code).toContain('httpApi({ baseUrl: "http://localhost:3000" })');
    expect(printed).toBeDefined();
    // "save this as walk.ts at the repository root": the same place, under a name no one uses.
    const file = `${ROOT}.readme-walk-${process.pid}.ts`;
    writeFileSync(file, code!);
    const server = await startServer({ PORT: "3000" });
    try {
      const child = Bun.spawn([process.execPath, file], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
      const [out, err, exit] = await Promise.all([
        new Response(child.stdout).text(),
        new Response(child.stderr).text(),
        child.exited,
      ]);
      expect(err).toBe("");
      expect(exit).toBe(0);
      expect(out).toBe(printed!);
    } finally {
      rmSync(file, { force: true });
      await server.stop();
    }
  }, 30_000);

  test("its Runtimes table names every api script of package.json, each run by a runtime suite that starts it", () => {
    const scripts = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")).scripts as Record<string, string>;
    const section = readme.slice(readme.indexOf("## Runtimes"), readme.indexOf("## Errors"));
    const rows = [...section.matchAll(/^\| [^|]+ \| `npx bun run (api[:\w]*)` \|.*\| `(runtimes\/[\w.-]+)` \|$/gm)];
    expect(rows.map(([, script]) => script).sort()).toEqual(
      Object.keys(scripts)
        .filter((name) => /^api(:|$)/.test(name))
        .sort(),
    );
    for (const [, script, suite] of rows) {
      const source = readFileSync(`${ROOT}snapshots/${suite}.test.ts`, "utf8");
      expect(source).toContain("runtimeSuite(");
      expect(source, suite).toContain(script === "api" ? "startServer(" : `"run", "${script}"`);
    }
  });
});
