/**
 * The README's TypeScript client example and its receipt check with jose run as written against
 * a live server (a child process) and print what the README says they print: on a free port, the
 * examples' http://localhost:3000 changed to it, while a stand-in for another service holds 3000
 * (holdReadmePort). The rest of the README is held to the code in readme.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { outputOf } from "../../scripts/harness/child-output.ts";
import { holdReadmePort, ROOT, startServer } from "../../scripts/harness/live-server.ts";
import { onPort, read, section } from "./sections.ts";

describe("README.md", () => {
  const readme = read("README.md");
  let otherService: { stop(): void };
  beforeAll(() => {
    otherService = holdReadmePort();
  });
  afterAll(() => otherService.stop());

  test("its TypeScript client example runs as written (its localhost:3000 a free port) and prints what it says", async () => {
    const client = section(readme, "## TypeScript client");
    const code = /```ts\n([\s\S]*?)```/.exec(client)?.[1];
    const printed = /It prints:\n\n```text\n([\s\S]*?)```/.exec(client)?.[1];
    expect(code).toContain('httpApi({ baseUrl: "http://localhost:3000" })');
    expect(printed).toBeDefined();
    // "save this as walk.ts at the repository root": the same place, under a name no one uses.
    const file = `${ROOT}.readme-walk-${process.pid}.ts`;
    const server = await startServer();
    try {
      writeFileSync(file, onPort(code!, server.port));
      const child = Bun.spawn([process.execPath, file], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
      const { stdout: out, stderr: err, code: exit } = await outputOf(child);
      expect(err).toBe("");
      expect(exit).toBe(0);
      expect(out).toBe(printed!);
    } finally {
      rmSync(file, { force: true });
      await server.stop();
    }
  }, 30_000);

  test("its receipt check verifies a live receipt with jose and the JWKS alone, and refuses a changed one", async () => {
    const check = section(readme, "### Checking a receipt");
    const code = /```ts\n([\s\S]*?)```/.exec(check)?.[1];
    expect(code).toContain('import { compactVerify, createRemoteJWKSet } from "jose";');
    expect(code).toContain('const service = "http://localhost:3000";');
    // D27: a receipt signature's typ is required, as the client's verifyReceipt requires it.
    expect(code).toContain('protectedHeader.typ !== "escrow-receipt+jws"');
    expect(check).toContain("It prints `EdDSA true`");
    const run = async (source: string) => {
      const file = `${ROOT}.readme-receipt-${process.pid}.ts`;
      writeFileSync(file, source);
      try {
        const child = Bun.spawn([process.execPath, file], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
        const { stdout: out, stderr: err, code: exit } = await outputOf(child);
        return { out, err, exit };
      } finally {
        rmSync(file, { force: true });
      }
    };
    const server = await startServer();
    try {
      expect(await run(onPort(code!, server.port))).toEqual({ out: "EdDSA true\n", err: "", exit: 0 });
      // "change any member of the receipt and it prints false"
      const changed = code!.replace(
        "const { receipt } = await walk.json();",
        "const { receipt } = await walk.json();\nreceipt.agent_payout += 1;",
      );
      expect(changed).not.toBe(code);
      expect(await run(onPort(changed, server.port))).toEqual({ out: "EdDSA false\n", err: "", exit: 0 });
    } finally {
      await server.stop();
    }
  }, 30_000);
});
