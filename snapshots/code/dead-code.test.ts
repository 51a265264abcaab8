/**
 * No dead code: knip (knip.json names the entry points: the runtimes' servers, the stdio server,
 * the client library, the site's pages, the scripts and the tests) finds no file nothing
 * imports, no export used nowhere else, no exported type unused outside its file and no
 * dependency the code does not use. An export a module needs only inside itself is not
 * exported.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "../..");

test("knip finds no unused file, export, type or dependency", () => {
  const run = Bun.spawnSync([process.execPath, "node_modules/knip/bin/knip.js", "--no-progress", "--no-config-hints"], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: "1" },
  });
  const report = `${run.stdout.toString()}${run.stderr.toString()}`.trim();
  expect(report).toBe("");
  expect(run.exitCode).toBe(0);
}, 60_000);
