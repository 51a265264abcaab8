/**
 * The settings the code reads from the environment, found where it reads them: `env.NAME` in
 * the sources of api/, keys/, shared/ and mcp/; and the bench's own (`BENCH_*`), where
 * scripts/bench.ts and scripts/bench/ read them. The docs' tables and commands are held to these sets.
 */
import { readdirSync } from "node:fs";
import { ROOT } from "../../scripts/harness/live-server.ts";
import { read } from "./markdown.ts";

/** Environment names the code reads that are not settings: the home folder, wrangler's own, the tests' Worker bundle. */
export const NOT_SETTINGS: readonly string[] = [
  "HOME",
  "USERPROFILE",
  "WRANGLER_HIDE_BANNER",
  "WRANGLER_SEND_METRICS",
  "WORKER_BUNDLE",
];

/** Every name read as `env.NAME` in the sources of api/, keys/, shared/ and mcp/. */
export function settingsRead(): Set<string> {
  const names = new Set<string>();
  for (const folder of ["api", "keys", "shared", "mcp"])
    for (const file of readdirSync(`${ROOT}${folder}`, { recursive: true }).map(String))
      if (file.endsWith(".ts"))
        for (const [, name] of read(`${folder}/${file}`).matchAll(/\benv\.([A-Z][A-Z0-9_]+)\b/g)) names.add(name!);
  return names;
}

/** Every `BENCH_*` name the bench reads, as `env.NAME` or with bench-settings.ts's `env("NAME", …)`, in scripts/bench.ts and scripts/bench/. */
export function benchSettingsRead(): Set<string> {
  const names = new Set<string>();
  const files = ["scripts/bench.ts", ...readdirSync(`${ROOT}scripts/bench`).map((file) => `scripts/bench/${file}`)];
  for (const file of files.filter((name) => name.endsWith(".ts")))
    for (const [, name] of read(file).matchAll(/(?:\benv\.|\benv\(")(BENCH_[A-Z0-9_]+)\b/g)) names.add(name!);
  return names;
}
