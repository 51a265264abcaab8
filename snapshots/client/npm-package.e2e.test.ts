/**
 * The client library beyond Bun: built as its npm package (bun run build:client), the package
 * lists what npm would ship, its types check in a strict consumer, and the same walk runs on
 * Node 20 from the built module and on Deno (from its npm package) from the source, each with
 * one call over HTTP to a live server, giving the answers Bun's run of the library gives, and
 * each asks its in-process engine whether a sealed job's seal holds (checkSeal) and checks a signed
 * receipt offline with jose on its own WebCrypto (verifyReceipt).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { EscrowKeeper, localApi } from "../../client/index.ts";
import { outputOf } from "../../scripts/harness/child-output.ts";
import { type LiveServer, ROOT, startServer } from "../../scripts/harness/live-server.ts";

const SMOKE = `${ROOT}snapshots/client/runtime-smoke.mjs`;

/** Runs `command` to its end without blocking this process (the live server's output is drained here). */
async function run(command: string[], cwd: string = ROOT): Promise<{ code: number; out: string; err: string }> {
  const child = Bun.spawn(command, { cwd, stdout: "pipe", stderr: "pipe", env: { ...process.env, NO_COLOR: "1" } });
  const { code, stdout: out, stderr: err } = await outputOf(child);
  return { code, out, err };
}

/** What the smoke script prints when the library behaves (the same figures a Bun walk gives). */
async function expected(): Promise<unknown> {
  const keeper = new EscrowKeeper(localApi({ demoKey: "demo_runtime" }));
  const created = await keeper.create({ title: "Runtime walk", amount: 200, criteria: "It runs" });
  if (!created.ok) throw new Error(created.message);
  for (const step of [
    () => keeper.fund(created.job.id, { ttl_seconds: 600 }),
    () => keeper.submit(created.job.id, { proof_url: "https://example.com/proof" }),
    () => keeper.release(created.job.id),
  ])
    expect((await step()).ok).toBe(true);
  return {
    balances: keeper.balances(),
    keyId: keeper.receipt(created.job.id)?.key_id,
    refused: ["illegal_transition", 409],
    imported: keeper.balances(),
    remote: [true, "open", "t"],
    sealed: [true, true, "payload_differs", false],
  };
}

describe("the client library on other runtimes", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startServer();
    const built = await run([process.execPath, "scripts/build-client.ts"]);
    if (built.code !== 0) throw new Error(built.out + built.err);
  }, 60_000);
  afterAll(async () => {
    await server.stop();
  });

  test("npm would ship the built module, its declarations and package.json, nothing else", async () => {
    const pack = await run(["npm", "pack", "--dry-run", "--json"], `${ROOT}client`);
    expect(pack.code, pack.err).toBe(0);
    const files: string[] = JSON.parse(pack.out)[0].files.map((f: { path: string }) => f.path);
    expect(files).toContain("dist/index.js");
    expect(files).toContain("dist/types/client/index.d.ts");
    expect(files).toContain("package.json");
    expect(files.filter((f) => !f.startsWith("dist/") && f !== "package.json")).toEqual([]);
  });

  test("its declarations type-check a strict consumer that imports the package by name", async () => {
    const dir = `${ROOT}client/dist/consumer`;
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      `${dir}/main.ts`,
      [
        'import { EscrowKeeper, localApi, type Answer } from "@agent-escrow-demo/client";',
        "const keeper = new EscrowKeeper(localApi());",
        'const answer: Answer<"transition"> = await keeper.create({ title: "t", amount: 5, criteria: "c" });',
        "const id: string = answer.ok ? answer.job.id : answer.code;",
        "// @ts-expect-error a title is text",
        'await keeper.create({ title: 5, amount: 5, criteria: "c" });',
        "export { id };",
      ].join("\n"),
    );
    writeFileSync(
      `${dir}/tsconfig.json`,
      JSON.stringify({
        compilerOptions: { strict: true, module: "nodenext", target: "es2022", lib: ["es2022", "dom"], noEmit: true },
        files: ["main.ts"],
      }),
    );
    const tsc = await run([process.execPath, `${ROOT}node_modules/typescript/bin/tsc`, "-p", dir]);
    expect(tsc.out + tsc.err).toBe("");
    expect(tsc.code).toBe(0);
  }, 60_000);

  test("Node 20 runs the built package: the walk, a refusal, a pack, and HTTP", async () => {
    const node = await run(["node", SMOKE, `${ROOT}client/dist/index.js`, server.base]);
    expect(node.err).toBe("");
    expect(JSON.parse(node.out)).toEqual(await expected());
  }, 30_000);

  test("Deno runs the library's source with read and loopback network permissions only", async () => {
    const deno = await run([
      `${ROOT}node_modules/.bin/deno`,
      ...["run", "--no-prompt", "--allow-read", "--allow-net=127.0.0.1", "--no-lock"],
      ...[SMOKE, `${ROOT}client/index.ts`, server.base],
    ]);
    expect(deno.code, deno.err).toBe(0);
    expect(JSON.parse(deno.out)).toEqual(await expected());
  }, 30_000);
});
