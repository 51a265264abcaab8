// The static site: every GET document prerendered from shared/ (byte-identical to the API),
// plus the reference web UI. Astro 7 needs Node >= 22.12, so it runs under Bun here.
import { defineConfig } from "astro/config";

export default defineConfig({
  output: "static",
  site: process.env.SITE_URL ?? "http://localhost:3000",
  trailingSlash: "ignore",
  build: { format: "directory" },
  devToolbar: { enabled: false },
});
