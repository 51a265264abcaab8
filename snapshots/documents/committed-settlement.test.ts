/**
 * docs/SETTLEMENT.md, the contract committed where a reader of the repository finds it, is byte
 * for byte what the service serves at GET /SETTLEMENT.md with the default settings; a change to
 * the rules, the decisions (shared/documents/decisions.ts) or the words of any served table
 * fails here until `bun run codegen` writes the file again.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { generatedSettlementMd, SETTLEMENT_MD_FILE } from "../../scripts/codegen-settlement.ts";
import { testHandler } from "../support/helpers.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const STALE = `${SETTLEMENT_MD_FILE} is not what GET /SETTLEMENT.md serves: run \`npx bun run codegen\` and read the diff`;

const served = async (): Promise<string> => (await testHandler()(new Request("http://localhost/SETTLEMENT.md"))).text();

describe("docs/SETTLEMENT.md", () => {
  test("is committed", () => {
    expect(existsSync(ROOT + SETTLEMENT_MD_FILE), STALE).toBe(true);
  });

  test("is byte for byte what GET /SETTLEMENT.md serves by default (else: bun run codegen)", async () => {
    const committed = readFileSync(ROOT + SETTLEMENT_MD_FILE, "utf8");
    expect(committed === (await served()), STALE).toBe(true);
  });

  test("bun run codegen writes what is served", async () => {
    expect(generatedSettlementMd()).toBe(await served());
  });

  test("holds every decision, D1 to the last, under its number", async () => {
    const text = await served();
    const numbers = [...text.matchAll(/^- \*\*(D\d+[a-z]?)\.\*\* /gm)].map(([, number]) => number);
    expect(numbers[0]).toBe("D1");
    expect(numbers).toContain("D29");
  });
});
