/**
 * Every figure the README and docs/ state that comes from the code, found wherever the docs
 * state it and compared with the code's own constant: each family is a pattern that finds the
 * figure in any sentence, and the value the code holds. A page may say it in other words; a
 * figure found must be the code's, and each family must still be found somewhere, so that a
 * rewording that hides a figure from its check shows. docs/performance.md is a record of
 * measurements (its figures are what each run saw), so it is left out, and so is
 * docs/SETTLEMENT.md, the service's own words generated from the code (committed-settlement.test.ts).
 * Counts of tests and test files are not figures of the code and drift with every suite: no
 * page states one (`bun test` prints them).
 */
import { describe, expect, test } from "bun:test";
import { TOP_UP_MAX } from "../../client/top-up.ts";
import { LOCK_TIMES } from "../../mcp/pack-lock.ts";
import { WALLET_TOOLS } from "../../mcp/wallet-tools.ts";
import { REGISTRY_SCHEMA } from "../../shared/documents/server-json.ts";
import { ENGINE_LIST } from "../../shared/engine/catalog.ts";
import {
  DOCUMENT_CACHE_SECONDS,
  FRESH_REQUEST_ID_LENGTH,
  LIMITS,
  MCP_REVISIONS,
  REQUEST_ID_PATTERN,
  STARTING_CREDITS,
} from "../../shared/protocol/constants.ts";
import { FEE_FORMULA, FEE_PERCENT } from "../../shared/protocol/fees.ts";
import { testHandler } from "../support/helpers.ts";
import { PAGES, read } from "./markdown.ts";

const WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];
const PACKAGE = JSON.parse(read("package.json"));
const VERSIONS = { ...PACKAGE.dependencies, ...PACKAGE.devDependencies } as Record<string, string>;
/** A constant of a source file the tests cannot import (a test's own, the log writer's), read where it is written. */
const constantIn = (file: string, name: string): number => {
  const match = new RegExp(`const ${name} = ([\\d_ *]+);`).exec(read(file));
  expect(match, `${name} in ${file}`).not.toBeNull();
  return Function(`return ${match![1]!.replaceAll("_", "")}`)() as number;
};
const grouped = (value: number): string => value.toLocaleString("en-US");
const openapiBytes = (await (await testHandler()(new Request("http://escrow.test/openapi.json"))).arrayBuffer())
  .byteLength;
const [, idMin, idMax] = /\{(\d+),(\d+)\}/.exec(REQUEST_ID_PATTERN.source)!;

/** The pages whose figures are the code's. */
const TEXTS = PAGES.filter((page) => page !== "docs/performance.md" && page !== "docs/SETTLEMENT.md").map((page) => ({
  page,
  text: read(page).replace(/\s+/g, " "),
}));

/** A family of figures: a pattern with one capture, the figure; and the values the code allows. */
interface Family {
  what: string;
  pattern: RegExp;
  allowed: readonly string[];
}

const FAMILIES: Family[] = [
  { what: "the release fee", pattern: /\b(\d+(?:\.\d+)?)% fee/g, allowed: [String(FEE_PERCENT)] },
  { what: "the fee formula", pattern: /(Math\.round\(amount \* [\d.]+\))/g, allowed: [FEE_FORMULA] },
  {
    what: "the body limit in bytes (D9), and the first size past it",
    pattern: /\b(6\d,?\d{3}) bytes/g,
    allowed: [LIMITS.bodyBytesMax, LIMITS.bodyBytesMax + 1].flatMap((n) => [String(n), grouped(n)]),
  },
  { what: "the body limit in KiB", pattern: /body within (\d+) KiB/g, allowed: [String(LIMITS.bodyBytesMax / 1024)] },
  { what: "the title's length", pattern: /`title` \(1-(\d+) characters\)/g, allowed: [String(LIMITS.titleMax)] },
  {
    what: "the idempotency key's length",
    pattern: /`idempotency_key`, 1-(\d+) characters/g,
    allowed: [String(LIMITS.idempotencyKeyMax)],
  },
  {
    what: "a client's request id length",
    pattern: /(\d+ to \d+) characters of `A-Z/g,
    allowed: [`${idMin} to ${idMax}`],
  },
  { what: "a fresh request id", pattern: /a fresh (\d+)-hex/g, allowed: [String(FRESH_REQUEST_ID_LENGTH)] },
  {
    what: "how long documents are cached (D18)",
    pattern: /(?:max-age=|cached )(\d+)/g,
    allowed: [String(DOCUMENT_CACHE_SECONDS)],
  },
  { what: "the engines", pattern: /\bthe (\w+) engines\b/g, allowed: [WORDS[ENGINE_LIST.length]!] },
  { what: "the wallet tools", pattern: /\bthe (\w+) wallet tools\b/g, allowed: [WORDS[WALLET_TOOLS.length]!] },
  {
    what: "an engine tool's name",
    pattern: /`(escrow_\w+)`/g,
    allowed: ENGINE_LIST.map((engine) => engine.tool),
  },
  { what: "a wallet tool's name", pattern: /`(wallet_\w+)`/g, allowed: WALLET_TOOLS.map((tool) => tool.name) },
  { what: "the pinned Bun", pattern: /\b(?:bun@|Bun |pinned to )(\d+\.\d+\.\d+)/g, allowed: [VERSIONS.bun!] },
  { what: "the pinned Deno", pattern: /\bDeno (\d+\.\d+\.\d+)/g, allowed: [VERSIONS.deno!] },
  {
    what: "the pinned MCP conformance suite",
    pattern: /`@modelcontextprotocol\/conformance` (\d[\w.-]*\w)/g,
    allowed: [VERSIONS["@modelcontextprotocol/conformance"]!],
  },
  {
    what: "how long a stop waits for requests in flight",
    pattern: /(?:for up to|drains \(|the) (\d+) s(?: at most| bound|\b \(then)/g,
    allowed: [String(constantIn("api/host/stop.ts", "GRACE_MS") / 1000)],
  },
  {
    what: "when a pack's lock is stale",
    pattern: /(?:older than|is gone \(same machine\) or after) (\d+) s/g,
    allowed: [String(LOCK_TIMES.staleMs / 1000)],
  },
  {
    what: "how long a change waits for a pack's lock",
    pattern: /waits (\d+) s for a live lock/g,
    allowed: [String(LOCK_TIMES.waitMs / 1000)],
  },
  {
    what: "the access log's writes",
    pattern: /(\d+) KiB (?:a write|wait)/g,
    allowed: [String(constantIn("api/host/log-lines.ts", "ATOMIC_BYTES") / 1024)],
  },
  {
    what: "the access log's flush",
    pattern: /or (\d+) ms after the first/g,
    allowed: [String(constantIn("api/host/log-lines.ts", "FLUSH_MS"))],
  },
  {
    what: "the keeper's top-up bound",
    pattern: /(?:top-up bound of|from 1 to|1 to) ([\d,]{7,}) (?:credits|at a time)?/g,
    allowed: [grouped(TOP_UP_MAX)],
  },
  {
    what: "the starting credits (D20)",
    pattern: /([\d,]+) to start\b|\b([\d,]+) start \+/g,
    allowed: [grouped(STARTING_CREDITS)],
  },
  {
    what: "the soak's length",
    pattern: /(\d+) s soak/g,
    allowed: [
      /envNumber\("ABUSE_SOAK_SECONDS", (\d+)\)/.exec(read("snapshots/operate/abuse.e2e.test.ts"))![1]!,
      /ABUSE_SOAK_SECONDS=(\d+)/.exec(PACKAGE.scripts["test:soak"])![1]!,
    ],
  },
  {
    what: "the empty page's weight bound",
    pattern: /empty page[^.]{0,30}? under \**(\d+) KB|fails from (\d+) KB/g,
    allowed: [String(constantIn("snapshots/ui/axe-and-weight.e2e.test.ts", "WEIGHT_MAX") / 1024)],
  },
  {
    what: "the docs' pictures' weight bound",
    pattern: /stay under (\d+) KB/g,
    allowed: [String(constantIn("snapshots/docs/images.test.ts", "TOTAL_MAX") / 1024)],
  },
  {
    what: "the OpenAPI document's size",
    pattern: /`\/openapi\.json` is (\d+) KB/g,
    allowed: [String(Math.round(openapiBytes / 1000))],
  },
];

describe("figures in the README and docs/ are the code's", () => {
  test.each(FAMILIES.map((family) => [family.what, family] as const))("%s", (_what, family) => {
    const found = TEXTS.flatMap(({ page, text }) =>
      [...text.matchAll(family.pattern)].map((match) => ({
        page,
        figure: match.slice(1).find((each) => each !== undefined)!,
      })),
    );
    expect(found.length, `no page states ${family.what} any more: find it again`).toBeGreaterThan(0);
    expect(found.filter(({ figure }) => !family.allowed.includes(figure))).toEqual([]);
  });

  test("every MCP revision named is one of MCP_REVISIONS, and every list of them all is MCP_REVISIONS, newest first", () => {
    const registryDate = /\d{4}-\d{2}-\d{2}/.exec(REGISTRY_SCHEMA)![0];
    const sentences = TEXTS.flatMap(({ page, text }) =>
      text
        .split(/(?<=\.) (?=[A-Z`(])|\|/)
        .filter((sentence) => /\bMCP\b|revision|initialize/.test(sentence))
        .map((sentence) => ({
          page,
          dates: [...sentence.matchAll(/\b20\d{2}-\d{2}-\d{2}\b/g)]
            .map(([date]) => date)
            .filter((date) => date !== registryDate),
        })),
    );
    const unknown = sentences.flatMap(({ page, dates }) =>
      dates.filter((date) => !(MCP_REVISIONS as readonly string[]).includes(date)).map((date) => `${page}: ${date}`),
    );
    expect(unknown).toEqual([]);
    const lists = sentences.filter(({ dates }) => new Set(dates).size >= MCP_REVISIONS.length - 1);
    expect(lists.length).toBeGreaterThan(2);
    expect(lists.filter(({ dates }) => dates.join(" ") !== MCP_REVISIONS.join(" "))).toEqual([]);
  });
});

describe("counts that drift with every suite", () => {
  /** A count of tests, suites or test files, which `bun test` prints at the end of every run. */
  const COUNT = /\b\d[\d,]* (?:tests|suites|test files|files)\b/g;

  test("no page states how many tests, suites or test files there are (bun test prints them)", () => {
    const counts = TEXTS.flatMap(({ page, text }) => [...text.matchAll(COUNT)].map(([count]) => `${page}: ${count}`));
    expect(counts).toEqual([]);
  });

  test("the pattern finds a hand-kept count as the testing page used to state it", () => {
    expect("every suite with `bun test`: 4,693 tests in 129 files".match(COUNT)).toEqual(["4,693 tests", "129 files"]);
  });
});
