// The static site: every GET document prerendered from shared/ (byte-identical to the API),
// plus the reference web UI. Astro 7 needs Node >= 22.12, so it runs under Bun here. The last
// build step writes a .br and a .gz copy beside each text file (precompress.ts), which the
// server sends to clients that accept them.
import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import { precompress } from "./precompress.ts";

export default defineConfig({
  output: "static",
  site: process.env.SITE_URL ?? "http://localhost:3000",
  trailingSlash: "ignore",
  build: { format: "directory" },
  devToolbar: { enabled: false },
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
