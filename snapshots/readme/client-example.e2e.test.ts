/**
 * The README's TypeScript client example runs as written against a live server on
 * http://localhost:3000 (a child process) and prints what the README says it prints. The rest
 * of the README is held to the code in readme.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { ROOT, startServer } from "../../scripts/harness/live-server.ts";
import { read, section } from "./sections.ts";

describe("README.md", () => {
  const readme = read("README.md");

  test("its TypeScript client example runs as written against http://localhost:3000 and prints what it says", async () => {
    const client = section(readme, "## TypeScript client");
    const code = /```ts\n([\s\S]*?)```/.exec(client)?.[1];
    const printed = /It prints:\n\n```text\n([\s\S]*?)```/.exec(client)?.[1];
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
});
