/**
 * The runtime record (assemble.ts) of a server on Node's APIs: Node itself, and Deno through
 * its node: modules. The site's files through node:fs, node:crypto's SHA-256, the error log on
 * stderr; bodies streamed rather than framed (the service reads them up to D9's limit).
 */
import { createHash } from "node:crypto";
import process from "node:process";
import type { Runtime } from "./assemble.ts";
import { compress } from "./compress.ts";
import type { Settings } from "./settings.ts";
import { nodeFiles } from "./static-files.ts";

/** The record of a server on Node's APIs with `settings`. */
export const nodeApis = (settings: Settings): Runtime => ({
  site: { files: nodeFiles, dir: settings.siteDir },
  framedBodies: false,
  compress,
  errorLog: (entry) => void process.stderr.write(`${entry}\n`),
  sha256: (text) => createHash("sha256").update(text).digest("hex"),
});
