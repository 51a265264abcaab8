/**
 * Builds the client library as the npm package client/package.json describes: one ES module
 * (client/dist/index.js, for browsers, Node 20, Deno and Bun; valibot and jose stay dependencies) and
 * its type declarations (client/dist/types). `bun run build:client`; then `npm pack client/`
 * or `npm publish client/`.
 */
import { rmSync } from "node:fs";

const ROOT = new URL("..", import.meta.url).pathname;
const OUT = `${ROOT}client/dist`;

rmSync(OUT, { recursive: true, force: true });
const bundle = await Bun.build({
  entrypoints: [`${ROOT}client/index.ts`],
  outdir: OUT,
  target: "browser",
  format: "esm",
  external: ["valibot", "jose"],
});
if (!bundle.success) throw new AggregateError(bundle.logs, "client bundle failed");

const tsc = Bun.spawnSync(
  [
    process.execPath,
    `${ROOT}node_modules/typescript/bin/tsc`,
    ...["-p", `${ROOT}client`, "--noEmit", "false", "--declaration", "--emitDeclarationOnly"],
    ...["--rewriteRelativeImportExtensions", "--outDir", `${OUT}/types`],
  ],
  { stdout: "pipe", stderr: "pipe" },
);
if (tsc.exitCode !== 0) throw new Error(`declarations failed:\n${tsc.stdout}${tsc.stderr}`);
console.log(`client/dist: index.js ${bundle.outputs[0]!.size} bytes, types in client/dist/types`);
