/**
 * The README is a reference for users, so it is held to the code: its Quick start block has
 * exactly the two commands .ci/run reads, and its error table lists every catalog code with
 * its HTTP status and message template.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { ERROR_CATALOG } from "../shared/protocol/errors.ts";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

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
});
