/**
 * The README and the reference pages in docs/ are for users, so what they say is held to the
 * code: the README's Quick start block has exactly the two commands .ci/run reads and its API
 * table names every path the service answers, and beside it where the service listens (HOST, PORT
 * as settings.ts reads them); docs/api.md's error table lists every catalog
 * code with its HTTP status and message template; docs/runtimes.md's table names every api
 * script of package.json with the runtime suite that starts it. The README's TypeScript client
 * example runs in client-example.e2e.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_PORT, listenHost, listenPort, readSettings, startLine } from "../../api/host/settings.ts";
import { RUNTIMES, runtimeScript } from "../../scripts/harness/live-server.ts";
import { DOCUMENT_CATALOG, KEY_SET, PAGES } from "../../shared/documents/catalog.ts";
import { ENGINE_LIST } from "../../shared/engine/catalog.ts";
import { isLoopbackAddress } from "../../shared/http/mcp-guard.ts";
import { ERROR_CATALOG } from "../../shared/protocol/errors.ts";
import { read, section } from "./sections.ts";

describe("README.md", () => {
  const readme = read("README.md");

  test("its Quick start block holds two lines: start the service, then run the tests", () => {
    const block = /```sh\n([\s\S]*?)```/.exec(section(readme, "## Quick start"))?.[1] ?? "";
    const lines = block.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEndWith("npx bun run start");
    expect(lines[1]).toEndWith("npx bun run test");
    for (const line of lines) expect(line).toStartWith("npx --yes bun@1.4.4 install --frozen-lockfile && ");
  });

  test("beside Quick start it says where the service listens and how HOST and PORT change it, as settings.ts reads them", () => {
    const quick = section(readme, "## Quick start").replace(/\s+/g, " ");
    const settings = readSettings({});
    // This machine only by default (no HOST, issue 33), on D16's port; the start line names the address.
    expect(settings.host).toBe("127.0.0.1");
    expect(isLoopbackAddress(settings.host)).toBe(true);
    expect(startLine(settings, settings.port)).toContain(`listening on http://127.0.0.1:${DEFAULT_PORT}/`);
    expect(quick).toContain(
      `starts the service on http://localhost:${DEFAULT_PORT}, listening on this machine only (127.0.0.1)`,
    );
    // HOST=::: every interface.
    expect(quick).toContain("`HOST` picks the interface (`HOST=::` for every interface");
    expect(listenHost("::")).toBe("::");
    expect(isLoopbackAddress("::")).toBe(false);
    // PORT: blank keeps the default, a port from 0 to 65535, anything else refused; the build follows it.
    expect(quick).toContain(
      `\`PORT\` the port (blank keeps ${DEFAULT_PORT}, and a value that is not a port from 0 to 65535 stops the start with a message)`,
    );
    expect(listenPort(" ")).toBe(DEFAULT_PORT);
    expect(listenPort("65535")).toBe(65535);
    expect(() => listenPort("65536")).toThrow("PORT must be a whole number from 0 to 65535");
    expect(quick).toContain("the static site it builds names the same origin");
    expect(readSettings({ PORT: "8080" }).siteUrl).toBe("http://localhost:8080");
  });

  test("its API table names every engine, /mcp, every document path, the key set and every page, with its method", () => {
    const rows = [...section(readme, "## API").matchAll(/^\| (GET|POST) \| (.+?) \| .+ \|$/gm)];
    const named = rows.flatMap(([, method, paths]) =>
      [...paths!.matchAll(/`([^`]+)`/g)].map(([, path]) => `${method} ${path}`),
    );
    const served = [
      ...ENGINE_LIST.map((engine) => `POST ${engine.path}`),
      "POST /mcp",
      ...DOCUMENT_CATALOG.flatMap((entry) => entry.paths.map((path) => `GET ${path}`)),
      `GET ${KEY_SET.path}`,
      ...PAGES.map((page) => `GET ${page.path}`),
    ];
    expect([...named].sort()).toEqual([...served].sort());
  });
});

describe("what a seal and a signature say (D27), in the README and docs/api.md", () => {
  const readme = read("README.md");
  const api = read("docs/api.md");
  const trusting = /^- \*\*Trusting \(D26\)\.\*\*[\s\S]*?(?=\n\n|\n- )/m.exec(readme)?.[0] ?? "";

  test.each([
    ["the README's Trusting bullet", trusting],
    ["the README's Checking a receipt", section(readme, "### Checking a receipt")],
    ["the README's signing key", section(readme, "### The signing key")],
    [
      "docs/api.md's validate and verify",
      `${section(api, "## POST /api/v0/validate")}${section(api, "## POST /api/v0/verify")}`,
    ],
  ])("%s names what the service answers, or what a signature now means", (_where, text) => {
    expect(text).not.toContain("job_sealed");
    expect(text).toMatch(/seal_valid|sealed the job at every step/);
  });

  test("the Trusting bullet and Checking a receipt name both verdicts, and say a signature means the job was sealed at every step", () => {
    for (const text of [trusting, section(readme, "### Checking a receipt")]) {
      expect(text).toContain("`seal_valid`");
      expect(text).toContain("`signature_valid`");
      expect(text.replace(/\s+/g, " ")).toContain("sealed the job at every step and settled it");
    }
  });

  test("docs/api.md: validate answers seal_valid on its 200 and 409; verify both, and valid keeps SPEC's meaning under SEALS=on", () => {
    const validate = section(api, "## POST /api/v0/validate").replace(/\s+/g, " ");
    expect(validate).toContain("after `next_status` on a 200 and after `errors` on a 409");
    const verify = section(api, "## POST /api/v0/verify").replace(/\s+/g, " ");
    for (const member of ["`signature_valid`", "`seal_valid`"]) expect(verify).toContain(member);
    expect(verify).toContain("Under `SEALS=on` (the default) `valid` keeps SPEC's meaning");
    expect(verify).toContain("Under `SEALS=required` `valid` is also false");
  });
});

describe("docs/api.md", () => {
  test("its error table lists every catalog code with its status and message, in the catalog's order", () => {
    const errors = section(read("docs/api.md"), "## Errors");
    const rows = [...errors.matchAll(/^\| `(\w+)` \| (\d{3}) \| (.*?) \|/gm)].map(([, code, status, message]) => [
      code,
      Number(status),
      message!.replaceAll("\\|", "|"),
    ]);
    expect(rows).toEqual(Object.entries(ERROR_CATALOG).map(([code, entry]) => [code, entry.status, entry.message]));
  });
});

describe("docs/runtimes.md", () => {
  test("its table names every api script of package.json, each run by a runtime suite that starts it", () => {
    const scripts = JSON.parse(read("package.json")).scripts as Record<string, string>;
    const runtimes = section(read("docs/runtimes.md"), "## The four runtimes");
    const rows = [...runtimes.matchAll(/^\| [^|]+ \| `npx bun run (api[:\w]*)` \|.*\| `(runtimes\/\w+\.e2e)` \|$/gm)];
    expect(rows.map(([, script]) => script).sort()).toEqual(
      Object.keys(scripts)
        .filter((name) => /^api(:|$)/.test(name))
        .sort(),
    );
    for (const [, script, suite] of rows) {
      const source = read(`snapshots/${suite}.test.ts`);
      expect(source).toContain("runtimeSuite(");
      const runtime = RUNTIMES.find((each) => runtimeScript(each) === script);
      expect(runtime, script).toBeDefined();
      expect(source, suite).toContain(script === "api" ? "startServer(" : `startRuntime("${runtime}"`);
    }
  });
});
