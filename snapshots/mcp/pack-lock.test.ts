/**
 * The pack lock (mcp/pack-lock.ts): calls on one pack run one at a time, the
 * lock goes when a call ends (even by an exception), a lock left by a process that died or left
 * long ago is broken, and a lock held too long gives PackBusy, naming its holder.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { localApi } from "../../client/in-process.ts";
import { packOf } from "../../mcp/pack-file.ts";
import { PackBusy, withFileLock } from "../../mcp/pack-lock.ts";
import { walletBox } from "../../mcp/wallet-box.ts";

const fileIn = () => `${mkdtempSync(`${tmpdir()}/escrow-lock-`)}/pack.json`;
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** A pid no process has: the largest pid Linux gives is below it. */
const DEAD_PID = 4_194_999;

describe("withFileLock", () => {
  test("runs overlapping calls on one file one at a time, and removes the lock after", async () => {
    const file = fileIn();
    const order: string[] = [];
    const call = (name: string) =>
      withFileLock(file, async () => {
        order.push(`${name} in`);
        expect(existsSync(`${file}.lock`)).toBe(true);
        await pause(15);
        order.push(`${name} out`);
        return name;
      });
    expect(await Promise.all([call("a"), call("b"), call("c")])).toEqual(["a", "b", "c"]);
    for (let i = 0; i < order.length; i += 2) expect(order[i + 1]).toBe(order[i]!.replace("in", "out"));
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  test("removes the lock when the call throws", async () => {
    const file = fileIn();
    await expect(withFileLock(file, () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  test("breaks a lock whose process is gone from this host", async () => {
    const file = fileIn();
    writeFileSync(`${file}.lock`, `${hostname()} ${DEAD_PID} 1 1`);
    expect(await withFileLock(file, async () => "ran", { waitMs: 50, staleMs: 60_000 })).toBe("ran");
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  test("breaks a lock older than staleMs, even of another host", async () => {
    const file = fileIn();
    writeFileSync(`${file}.lock`, `another-host ${process.pid} 1 1`);
    const old = new Date(Date.now() - 120_000);
    utimesSync(`${file}.lock`, old, old);
    expect(await withFileLock(file, async () => "ran", { waitMs: 50, staleMs: 60_000 })).toBe("ran");
  });

  test("gives PackBusy naming the holder when a live lock outlasts waitMs, and leaves that lock", async () => {
    const file = fileIn();
    writeFileSync(`${file}.lock`, `another-host 4242 1 1`);
    const started = Date.now();
    const outcome = withFileLock(file, async () => "ran", { waitMs: 80, staleMs: 60_000 });
    await expect(outcome).rejects.toBeInstanceOf(PackBusy);
    await expect(outcome).rejects.toThrow("process 4242");
    expect(Date.now() - started).toBeGreaterThanOrEqual(80);
    expect(existsSync(`${file}.lock`)).toBe(true);
  });
});

describe("the wallet tools on a pack another process keeps locked", () => {
  const file = fileIn();
  writeFileSync(`${file}.lock`, `another-host 4242 1 1`);
  const { box } = walletBox(packOf({ ESCROW_PACK: file }), localApi(), { lock: { waitMs: 60, staleMs: 60_000 } });
  const call = (name: string, args: Record<string, unknown>) => box.call(name, args, {} as never)!;

  test("a change waits, then is refused naming ESCROW_PACK and the holder, and nothing is written", async () => {
    const answer = await call("wallet_top_up", { amount: 10 });
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent).toMatchObject({ error: "invalid_field", field: "ESCROW_PACK" });
    expect((answer.structuredContent as { message: string }).message).toBe(
      "Cannot use the pack pack.json (ESCROW_PACK) now: another wallet process (process 4242) kept it locked for 0.06 s. " +
        "Nothing changed; try again, or delete pack.json.lock beside it if no wallet process is running.",
    );
    expect(existsSync(file)).toBe(false);
  });

  test("a tool that only reads answers without the lock", async () => {
    const answer = await call("wallet_balances", {});
    expect(answer.isError).toBeUndefined();
  });
});
