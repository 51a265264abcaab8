/**
 * The static site build (`bun run build`: Astro under Bun, a child process) prerenders every
 * document path with the bytes the API serves, every page, and an API reference page that names
 * every engine and error code. The documents themselves are in documents.test.ts.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSettings } from "../../api/host/settings.ts";
import { buildDocuments } from "../../shared/documents/built-documents.ts";
import { PAGES } from "../../shared/documents/site-pages.ts";
import { ENGINE_ROUTES, enginePath } from "../../shared/protocol/constants.ts";
import { ERROR_CATALOG } from "../../shared/protocol/errors.ts";

/** Builds the site into a new folder with `env` over this process's environment (SITE_URL and PORT unset); returns the folder. */
async function build(env: Record<string, string>): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), "escrow-site-"));
  const { SITE_URL: _site, PORT: _port, ...inherited } = process.env;
  const child = Bun.spawn([process.execPath, "--bun", "astro", "build", "--root", "site", "--outDir", out], {
    cwd: new URL("../..", import.meta.url).pathname,
    env: { ...inherited, ...env, ASTRO_TELEMETRY_DISABLED: "1" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const code = await child.exited;
  expect(code, await new Response(child.stderr).text()).toBe(0);
  return out;
}

describe("the static site build (bun run build)", () => {
  const outs: string[] = [];
  const siteUrl = "https://escrow.agents.test";
  afterAll(() => {
    for (const out of outs) rmSync(out, { recursive: true, force: true });
  });

  test("prerenders every document path with the bytes the API serves", async () => {
    const out = await build({ SITE_URL: siteUrl });
    outs.push(out);
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

  test("without SITE_URL names the origin `bun run api` serves on the same PORT (bun run start)", async () => {
    const out = await build({ PORT: "4123" });
    outs.push(out);
    const api = buildDocuments({ siteUrl: readSettings({ PORT: "4123" }).siteUrl });
    for (const path of ["/.well-known/agent.json", "/llms.txt"]) {
      const file = readFileSync(join(out, path), "utf8");
      expect(file, path).toContain("http://localhost:4123/");
      expect(file, path).not.toContain("localhost:3000");
      expect(file, path).toBe(api.get(path)!.body);
    }
  }, 120_000);
});
