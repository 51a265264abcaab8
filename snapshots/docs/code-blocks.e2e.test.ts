/**
 * Every TypeScript example of the README and docs/ that needs no model runs as written against a
 * live server (a child process), saved at the repository root as the README says: on a free
 * port, the examples' http://localhost:3000 changed to it, while a stand-in for another service
 * holds 3000 (holdReadmePort). Each exits 0 with nothing on stderr and prints the text block that
 * follows it. The agent framework examples run in mcp/frameworks.e2e; the rest of the blocks are
 * checked in code-blocks.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { outputOf } from "../../scripts/harness/child-output.ts";
import { holdReadmePort, type LiveServer, ROOT, startServer } from "../../scripts/harness/live-server.ts";
import { ALL_BLOCKS, onPort, runnerOf, where } from "./markdown.ts";

const EXAMPLES = ALL_BLOCKS.filter((block) => block.lang === "ts" && runnerOf(block) === "code-blocks.e2e");

/** Runs `source` saved at the repository root under a name no one uses, as `bun <file>` does. */
async function run(source: string): Promise<{ out: string; err: string; exit: number | null }> {
  const file = `${ROOT}.docs-example-${process.pid}.ts`;
  writeFileSync(file, source);
  try {
    const child = Bun.spawn([process.execPath, file], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
    const { stdout: out, stderr: err, code: exit } = await outputOf(child);
    return { out, err, exit };
  } finally {
    rmSync(file, { force: true });
  }
}

describe("the TypeScript examples of the README and docs/", () => {
  let otherService: { stop(): void };
  let server: LiveServer;
  beforeAll(async () => {
    otherService = holdReadmePort();
    server = await startServer();
  });
  afterAll(async () => {
    otherService.stop();
    await server.stop();
  });

  test("are there: the README's client walk and the docs' seal and receipt checks", () => {
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(3);
    expect(EXAMPLES.some((block) => block.page === "README.md")).toBe(true);
  });

  test.each(EXAMPLES.map((block) => [where(block), block] as const))(
    "%s runs as written (its localhost:3000 a free port) and prints what the page says",
    async (_where, block) => {
      const printed = block.next?.lang === "text" && /prints:\s*$/.test(block.next.between) ? block.next.code : null;
      expect(printed, "the block after it, introduced by 'It prints:', is its output").not.toBeNull();
      expect(await run(onPort(block.code, server.port))).toEqual({ out: printed!, err: "", exit: 0 });
    },
    30_000,
  );

  test("the receipt check with jose prints false once any member of the receipt changes", async () => {
    const check = EXAMPLES.find((block) => block.code.includes('from "jose"'));
    expect(check).toBeDefined();
    const changed = check!.code.replace(
      "const { receipt } = await walk.json();",
      "const { receipt } = await walk.json();\nreceipt.agent_payout += 1;",
    );
    expect(changed).not.toBe(check!.code);
    const { out, err, exit } = await run(onPort(changed, server.port));
    expect({ err, exit }).toEqual({ err: "", exit: 0 });
    expect(out).toEndWith(" false\n");
  }, 30_000);
});
