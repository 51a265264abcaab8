/**
 * Two `bun run mcp` processes on one pack file, as a desktop host that starts
 * one server per window does with the default pack: dozens of changes sent through both at once
 * are all kept. Before the pack lock (mcp/pack-lock.ts) each call loaded, acted and renamed over
 * the file on its own, and both processes reported success for changes the other overwrote.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import type { Client } from "@modelcontextprotocol/client";
import { parsePack } from "../../shared/client-state/pack.ts";
import { own } from "../support/helpers.ts";
import { startMcp } from "./mcp-fixtures.ts";

const DIR = mkdtempSync(`${tmpdir()}/escrow-shared-pack-`);
const PACK = `${DIR}/pack.json`;
const TOP_UPS = 20;
const CREATES = 8;

let clients: Client[];
beforeAll(async () => {
  clients = await Promise.all([startMcp(PACK, "2026-07-28"), startMcp(PACK, "2025")]);
});
afterAll(() => Promise.all(clients.map((c) => c.close())));

describe("two stdio processes sharing one pack", () => {
  test(`${2 * TOP_UPS} top-ups and ${2 * CREATES} creates sent through both at once are all kept`, async () => {
    const calls = clients.flatMap((client, which) => [
      ...Array.from({ length: TOP_UPS }, () => client.callTool({ name: "wallet_top_up", arguments: { amount: 10 } })),
      ...Array.from({ length: CREATES }, (_, i) =>
        client.callTool({
          name: "wallet_create",
          arguments: { title: `Job ${which}-${i}`, amount: 5, criteria: "Done when it is done" },
        }),
      ),
    ]);
    const results = await Promise.all(calls);
    for (const result of results) expect(result.isError, JSON.stringify(result.structuredContent)).toBeUndefined();

    const pack = parsePack(readFileSync(PACK, "utf8"));
    if (!pack.ok) throw new Error(pack.message);
    expect(pack.value.payerCredits).toBe(1000 + 2 * TOP_UPS * 10);
    expect(pack.value.jobs.map((job) => job.title).sort()).toEqual(
      [0, 1].flatMap((which) => Array.from({ length: CREATES }, (_, i) => `Job ${which}-${i}`)).sort(),
    );
    // What either process answers next is the whole of it.
    const balances = await clients[1]!.callTool({ name: "wallet_balances", arguments: {} });
    expect((balances.structuredContent as { wallet: { balances: object } }).wallet.balances).toEqual(
      own({ payerCredits: 1000 + 2 * TOP_UPS * 10, inEscrow: 0, agentWallet: 0, feesPaid: 0 }),
    );
    // Neither the lock nor a temporary file is left beside the pack.
    expect(readdirSync(DIR)).toEqual(["pack.json"]);
  }, 60_000);
});
