/**
 * Reading the README and docs/ pages as the tests that hold them to the code do: a file of the
 * repository, and the text under one of its headings.
 */
import { expect } from "bun:test";
import { readFileSync } from "node:fs";
import { ROOT } from "../../scripts/harness/live-server.ts";

/** A file of the repository as text. */
export const read = (path: string): string => readFileSync(`${ROOT}${path}`, "utf8");

/** The text under `heading` (a whole line, e.g. "## Errors") up to the next heading of its level or above. */
export function section(text: string, heading: string): string {
  const lines = text.split("\n");
  const start = lines.indexOf(heading);
  expect(start, `no heading "${heading}"`).toBeGreaterThanOrEqual(0);
  const level = heading.indexOf(" ");
  const inFence = (index: number): boolean =>
    lines.slice(0, index).filter((line) => line.startsWith("```")).length % 2 === 1;
  const end = lines.findIndex(
    (line, index) => index > start && /^#{1,6} /.test(line) && line.indexOf(" ") <= level && !inFence(index),
  );
  return lines.slice(start + 1, end === -1 ? undefined : end).join("\n");
}

/** The origin the README's examples name: a service started as Quick start says (D16's port 3000). */
export const README_ORIGIN = "http://localhost:3000";

/**
 * A README example as it runs in a test: the same code, with {@link README_ORIGIN} changed to the
 * free port the test's server listens on, so the suites run beside another service on 3000.
 */
export function onPort(code: string, port: number): string {
  expect(code).toContain(README_ORIGIN);
  return code.replaceAll(README_ORIGIN, `http://localhost:${port}`);
}
