/**
 * `bun run api`: binds the shared handler to Bun.serve with the live clock and randomness
 * (D13, D16) and serves the built site from site/dist. PORT defaults to 3000; SITE_URL sets
 * the origin of absolute URLs in documents (the same setting the site build reads).
 */
import { createHandler, DEFAULT_SITE_URL } from "../shared/http.ts";
import { randomHex } from "./random-hex.ts";
import { staticFiles } from "./static-files.ts";

const port = Number(process.env.PORT ?? 3000);
const fetch = createHandler({
  now: Date.now,
  randomHex,
  siteUrl: process.env.SITE_URL ?? DEFAULT_SITE_URL,
  fallback: staticFiles(new URL("../site/dist", import.meta.url).pathname),
});

const server = Bun.serve({ port, fetch });
console.log(`agent-escrow-demo listening on ${server.url.href}`);
