/**
 * Reading the README and the pages of docs/ as the tests that hold them to the code do: the
 * pages, the text under a heading, the fenced code blocks with where they stand, the links and
 * the anchors GitHub makes of headings.
 */
import { expect } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../scripts/harness/live-server.ts";

/** A file of the repository as text. */
export const read = (path: string): string => readFileSync(`${ROOT}${path}`, "utf8");

/** The Markdown pages held to the code: the README and every page of docs/, by repository path. */
export const PAGES: readonly string[] = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"), { recursive: true })
    .map(String)
    .filter((path) => path.endsWith(".md"))
    .map((path) => join("docs", path))
    .sort(),
];

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

/** One fenced code block of a page: its language tag, its text, and the prose just before and after it. */
export interface CodeBlock {
  page: string;
  line: number;
  lang: string;
  code: string;
  /** The prose between the previous block (or heading) and this one. */
  before: string;
  /** The block right after this one when only prose stands between, with that prose. */
  next?: { lang: string; code: string; between: string };
}

/** Every fenced code block of a page, in order. */
function blocksOf(page: string, markdown: string = read(page)): CodeBlock[] {
  const lines = markdown.split("\n");
  const blocks: CodeBlock[] = [];
  let open: { line: number; lang: string; body: string[]; before: string[] } | null = null;
  let prose: string[] = [];
  lines.forEach((line, index) => {
    const fence = /^```(\S*)\s*$/.exec(line);
    if (open === null && fence) {
      open = { line: index + 1, lang: fence[1]!, body: [], before: prose };
    } else if (open !== null && line.startsWith("```")) {
      blocks.push({
        page,
        line: open.line,
        lang: open.lang,
        code: `${open.body.join("\n")}\n`,
        before: open.before.join("\n"),
      });
      open = null;
      prose = [];
    } else if (open !== null) open.body.push(line);
    else prose = /^#{1,6} /.test(line) ? [] : [...prose, line];
  });
  for (const [index, block] of blocks.entries()) {
    const after = blocks[index + 1];
    if (after && !/^#{1,6} /m.test(after.before))
      block.next = { lang: after.lang, code: after.code, between: after.before };
  }
  return blocks;
}

/** Every fenced code block of every page. */
export const ALL_BLOCKS: readonly CodeBlock[] = PAGES.flatMap((page) => blocksOf(page));

/** Who runs a TypeScript example: code-blocks.e2e (the client, jose) or mcp/frameworks.e2e (an agent framework and a model). */
export function runnerOf(block: CodeBlock): "code-blocks.e2e" | "frameworks.e2e" {
  return /from "(ai|@ai-sdk\/mcp|@openai\/agents)"/.test(block.code) ? "frameworks.e2e" : "code-blocks.e2e";
}

/** Where a block stands, for test names and messages. */
export const where = (block: CodeBlock): string => `${block.page}:${block.line}`;

/** The text outside fenced code blocks, with inline code spans kept apart from links. */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split("\n").map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return "";
    }
    return fenced ? "" : line.replace(/`[^`]*`/g, (code) => code.replace(/[[\]()#]/g, " "));
  });
}

/** Every inline code span of a page's prose, e.g. `bun run api` or `shared/http/routes.ts`. */
export function inlineCodeOf(markdown: string): string[] {
  let fenced = false;
  return markdown.split("\n").flatMap((line) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    return fenced || line.startsWith("```") ? [] : [...line.matchAll(/`([^`\n]+)`/g)].map(([, code]) => code!);
  });
}

/** GitHub's anchor for a heading: lowercase, markup and punctuation but - and _ dropped, spaces to -. */
export function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a page's headings give, with GitHub's -1, -2 for repeated ones. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.+?)#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The target of every inline link and image in a page's prose. */
export function linksOf(markdown: string): string[] {
  return prose(markdown).flatMap((line) =>
    [...line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(([, target]) => target!),
  );
}

/** The origin the examples name: a service started as Quick start says (D16's port 3000). */
export const README_ORIGIN = "http://localhost:3000";

/**
 * An example as it runs in a test: the same code, with {@link README_ORIGIN} changed to the
 * free port the test's server listens on, so the suites run beside another service on 3000.
 */
export function onPort(code: string, port: number): string {
  expect(code).toContain(README_ORIGIN);
  return code.replaceAll(README_ORIGIN, `http://localhost:${port}`);
}
