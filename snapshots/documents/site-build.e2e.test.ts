/**
 * The static site build (`bun run build`: Astro under Bun, a child process) prerenders every
 * document path with the bytes the API serves, every page, and an API reference page that names
 * every engine and error code. The documents themselves are in documents.test.ts.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PAGES } from "../../shared/documents/catalog.ts";
import { buildDocuments } from "../../shared/documents/index.ts";
import { ENGINE_ROUTES, enginePath } from "../../shared/protocol/constants.ts";
import { ERROR_CATALOG } from "../../shared/protocol/errors.ts";

describe("the static site build (bun run build)", () => {
  const out = mkdtempSync(join(tmpdir(), "escrow-site-"));
  const siteUrl = "https://escrow.agents.test";
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  test("prerenders every document path with the bytes the API serves", async () => {
    const build = Bun.spawn([process.execPath, "--bun", "astro", "build", "--root", "site", "--outDir", out], {
      cwd: new URL("../..", import.meta.url).pathname,
      env: { ...process.env, SITE_URL: siteUrl, ASTRO_TELEMETRY_DISABLED: "1" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const code = await build.exited;
    expect(code, await new Response(build.stderr).text()).toBe(0);
    const api = buildDocuments({ siteUrl });
    for (const [path, doc] of api) {
      const file = readFileSync(join(out, path));
      expect(file.equals(Buffer.from(doc.body, "utf8")), `${path} differs from the API`).toBe(true);
    }
    for (const page of PAGES)
      expect(readFileSync(join(out, page.path, "index.html"), "utf8"), page.path).toContain("<html");
    // The API reference page, rendered from the OpenAPI document, names every engine and code.
    const reference = readFileSync(join(out, "reference", "index.html"), "utf8");
    for (const route of ENGINE_ROUTES) expect(reference).toContain(enginePath(route));
    for (const code of Object.keys(ERROR_CATALOG)) expect(reference, code).toContain(code);
    expect(reference).toContain(`<code>${siteUrl}</code>`);
  }, 120_000);
});
