// The static site: every GET document prerendered from shared/ (byte-identical to the API),
// plus the reference web UI. Astro 7 needs Node >= 22.12, so it runs under Bun here. The last
// build step writes a .br and a .gz copy beside each text file (precompress.ts), which the
// server sends to clients that accept them.
import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import { precompress } from "./precompress.ts";

/** The repository's pure layers (the site's own modules are not among them). */
const PURE = ["../shared/", "../client/"].map((folder) => fileURLToPath(new URL(folder, import.meta.url)));

/**
 * Whether the page's script loads `id` at start: a path of static imports leads to it from the
 * script's entry. Those modules make one chunk ("page"); what only a dynamic import reaches
 * (site/src/client/on-demand.ts) stays in chunks of its own, fetched on first use. Without this,
 * the bundler splits the modules both use into shared chunks the empty page fetches as well.
 */
function atStart(id, context, seen = new Set()) {
  const info = context.getModuleInfo(id);
  // A module some code imports dynamically is loaded on demand, whoever else names it.
  if (!info || seen.has(id) || info.dynamicImporters.length > 0) return false;
  seen.add(id);
  if (info.isEntry) return id.includes("type=script");
  return info.importers.some((importer) => atStart(importer, context, seen));
}

export default defineConfig({
  output: "static",
  site: process.env.SITE_URL ?? "http://localhost:3000",
  trailingSlash: "ignore",
  build: { format: "directory" },
  devToolbar: { enabled: false },
  // shared/ and client/ are pure modules (no I/O, nothing done on import that the page needs), so
  // the page's bundle keeps only what it uses of them: without this, Rollup keeps top-level
  // tables of modules the page never calls (SHA-256's constants, the engines' prepared readers).
  vite: {
    build: {
      rollupOptions: {
        treeshake: { moduleSideEffects: (id) => !PURE.some((folder) => id.startsWith(folder)) },
        output: { codeSplitting: { groups: [{ name: (id, context) => (atStart(id, context) ? "page" : null) }] } },
      },
    },
  },
  integrations: [
    {
      name: "precompress",
      hooks: {
        "astro:build:done": ({ dir, logger }) => {
          logger.info(`${precompress(fileURLToPath(dir))} compressed copies (.br, .gz)`);
        },
      },
    },
  ],
});
