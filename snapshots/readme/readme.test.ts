/**
 * The README is a reference for users, so it is held to the code: its Quick start block has
 * exactly the two commands .ci/run reads, its error table lists every catalog code with its
 * HTTP status and message template, and its Runtimes table names every api script with the
 * runtime suite that starts it. Its TypeScript client example runs in client-example.e2e.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { ROOT } from "../../scripts/harness/live-server.ts";
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
