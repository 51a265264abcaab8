/**
 * The shell commands of the docs' code blocks, read as this repository runs them: what a command
 * names (a script of package.json, a file, a setting the code reads, or for the bench one it
 * reads and the other build's server file, the pinned Bun, a file the service keeps) and a curl
 * line as the Request it sends. code-blocks.test.ts holds every block to it.
 */
import { expect } from "bun:test";
import { existsSync } from "node:fs";
import { ROOT } from "../../scripts/harness/live-server.ts";
import { HOME_FILES } from "../../shared/protocol/constants.ts";
import { type CodeBlock, read } from "./markdown.ts";
import { benchSettingsRead, settingsRead } from "./settings-read.ts";

const PACKAGE = JSON.parse(read("package.json"));
export const SCRIPTS = PACKAGE.scripts as Record<string, string>;
export const DEPENDENCIES = { ...PACKAGE.dependencies, ...PACKAGE.devDependencies } as Record<string, string>;
export const SETTINGS = settingsRead();
const BENCH_SETTINGS = benchSettingsRead();
export const exists = (path: string): boolean => existsSync(`${ROOT}${path}`);

/** What is wrong with one shell command (a line, or one part of a line joined by &&), or null. */
export function shellProblem(command: string): string | null {
  const words = command
    .replace(/\s+#.*$/, "")
    .trim()
    .split(/\s+/);
  const bench: string[] = [];
  while (/^[A-Z][A-Z0-9_]*=/.test(words[0] ?? "")) {
    const [name, ...value] = words.shift()!.split("=");
    if (BENCH_SETTINGS.has(name!)) bench.push(name!);
    else if (!SETTINGS.has(name!)) return `${name} is no setting the code reads`;
    if (name === "BENCH_BEFORE" && !exists(value.join("="))) return `BENCH_BEFORE: ${value.join("=")} does not exist`;
  }
  const [tool, ...rest] = words;
  let line = rest.join(" ");
  if (bench.length > 0 && line !== "bun run bench") return `${bench[0]} is the bench's, not of npx ${line}`;
  if (tool === "curl") return null; // run below
  if (tool !== "npx") return `${tool}: a command this test does not know; teach it`;
  let run = /^--yes bun@(\S+) (.*)$/.exec(line);
  if (run) {
    if (run[1] !== DEPENDENCIES.bun) return `bun@${run[1]} is not the pinned bun ${DEPENDENCIES.bun}`;
    // The whole install, or only what running needs (--production: no devDependencies, so no bun in node_modules).
    if (/^install --frozen-lockfile( --production)?$/.test(run[2]!)) return exists("bun.lock") ? null : "no bun.lock";
    line = `bun ${run[2]}`;
  }
  run = /^bun run ([\w:-]+)$/.exec(line);
  if (run) return run[1]! in SCRIPTS ? null : `no script ${run[1]} in package.json`;
  run = /^bun (\S+\.ts)$/.exec(line);
  if (run) return exists(run[1]!) ? null : `${run[1]} does not exist`;
  if (rest[0] === "wrangler") {
    if (!DEPENDENCIES.wrangler) return "wrangler is no dependency";
    const secret = /^wrangler secret put ([A-Z_]+)(?: < (\S+))?$/.exec(line);
    if (secret) {
      if (!SETTINGS.has(secret[1]!)) return `${secret[1]} is no setting the code reads`;
      return secret[2] === undefined || Object.values(HOME_FILES).includes(secret[2] as never)
        ? null
        : `${secret[2]} is none of the files the service keeps`;
    }
    return /^wrangler (login|deploy( --var [A-Z_]+:\S+)?)$/.test(line) ? null : `wrangler ${line}: unknown`;
  }
  return `npx ${line}: a command this test does not know; teach it`;
}

/** The commands of a shell block: each line, split at &&. */
export const commandsOf = (block: CodeBlock): string[] =>
  block.code
    .trim()
    .split("\n")
    .flatMap((line) => line.split(" && "));

/** A curl line of the docs as a Request to the service (`-d` makes it a POST, as curl does). */
export function curlRequest(command: string): Request {
  const match = /^curl -s (localhost:3000\S*)(?: -d '([^']*)')?$/.exec(command.trim());
  expect(match, command).not.toBeNull();
  const body = match![2];
  return new Request(`http://${match![1]}`, body === undefined ? {} : { method: "POST", body });
}
