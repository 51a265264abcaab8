/**
 * The tables of the README and docs/ that restate a table of the code, held to it row by row:
 * the README's API table names every path the service answers; docs/api.md's error table is the
 * error catalog; docs/operating.md's settings table names every setting the hosts read, with the
 * default each takes; docs/runtimes.md's table names every api script of package.json with the
 * runtime suite that starts it; docs/testing.md's suites table names every suite there is.
 * Words around the rows are free.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { readSettings } from "../../api/host/settings.ts";
import { ROOT } from "../../scripts/harness/live-server.ts";
import { RUNTIMES, runtimeScript } from "../../scripts/harness/runtimes.ts";
import { DOCUMENT_CATALOG, KEY_SET } from "../../shared/documents/document-list.ts";
import { PAGES } from "../../shared/documents/site-pages.ts";
import { ENGINE_LIST } from "../../shared/engine/catalog.ts";
import { HOME_FILES } from "../../shared/protocol/constants.ts";
import { ERROR_CATALOG } from "../../shared/protocol/errors.ts";
import { X402_PATHS } from "../../shared/x402/x402-paths.ts";
import { PAGES as DOC_PAGES, inlineCodeOf, read, section } from "./markdown.ts";
import { NOT_SETTINGS, settingsRead } from "./settings-read.ts";

/** The rows of the Markdown table in `text` whose first cell matches, as cells. */
const rowsOf = (text: string): string[][] =>
  text
    .split("\n")
    .filter((line) => /^\| /.test(line) && !/^\|[-| ]+\|$/.test(line))
    .map((line) =>
      line
        .slice(2, -2)
        .split(/(?<!\\) \| /)
        .map((cell) => cell.trim()),
    );

describe("README.md's API table", () => {
  test("names every engine, /mcp, every document path, the key set and every page, with its method", () => {
    const rows = [...section(read("README.md"), "## API").matchAll(/^\| (GET|POST) \| (.+?) \| .+ \|$/gm)];
    const named = rows.flatMap(([, method, paths]) =>
      [...paths!.matchAll(/`([^`]+)`/g)].map(([, path]) => `${method} ${path}`),
    );
    const served = [
      ...ENGINE_LIST.map((engine) => `POST ${engine.path}`),
      "POST /mcp",
      ...DOCUMENT_CATALOG.flatMap((entry) => entry.paths.map((path) => `GET ${path}`)),
      `GET ${KEY_SET.path}`,
      ...PAGES.map((page) => `GET ${page.path}`),
      ...Object.entries(X402_PATHS).map(([name, path]) => `${name === "supported" ? "GET" : "POST"} ${path}`),
    ];
    expect([...named].sort()).toEqual([...served].sort());
  });
});

describe("docs/api.md's error table", () => {
  test("lists every catalog code with its status and message, in the catalog's order", () => {
    const rows = [...section(read("docs/api.md"), "## Errors").matchAll(/^\| `(\w+)` \| (\d{3}) \| (.*?) \|/gm)].map(
      ([, code, status, message]) => [code, Number(status), message!.replaceAll("\\|", "|")],
    );
    expect(rows).toEqual(Object.entries(ERROR_CATALOG).map(([code, entry]) => [code, entry.status, entry.message]));
  });
});

describe("docs/operating.md's settings table", () => {
  const rows = rowsOf(section(read("docs/operating.md"), "## Settings"))
    .slice(1)
    .map(([name, fallback]) => ({ name: name!.replaceAll("`", ""), fallback: fallback!.replaceAll("`", "") }));
  const documented = new Set(
    DOC_PAGES.flatMap((page) => inlineCodeOf(read(page))).flatMap((code) => code.split(/[=\s]/)),
  );

  test("names only settings the hosts read", () => {
    expect(rows.length).toBeGreaterThan(0);
    const read = settingsRead();
    expect(rows.map(({ name }) => name).filter((name) => !read.has(name))).toEqual([]);
  });

  test("with the rest of docs/, names every setting the hosts and the stdio server read", () => {
    const missing = [...settingsRead()].filter((name) => !NOT_SETTINGS.includes(name) && !documented.has(name));
    expect(missing).toEqual([]);
  });

  test("gives the default each setting takes when it is unset", () => {
    const unset = readSettings({ HOME: "/home/you" });
    const expected: Record<string, string> = {
      PORT: String(unset.port),
      HOST: unset.host,
      WORKERS: String(unset.workers),
      LOG: unset.log ? "on" : "off",
      RATE_LIMIT: unset.rateLimit === null ? "off" : "on",
      SITE_URL: readSettings({ PORT: "8080" }).siteUrl.replace("8080", "<PORT>"),
      SEALS: unset.signing.seals,
      SIGNING_KEY_FILE: HOME_FILES.signingKey,
    };
    const stated = Object.fromEntries(
      rows.filter(({ name }) => name in expected).map(({ name, fallback }) => [name, fallback]),
    );
    expect(stated).toEqual(expected);
  });
});

describe("docs/runtimes.md's table", () => {
  test("names every api script of package.json, each run by a runtime suite that starts it", () => {
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

describe("docs/testing.md's suites table", () => {
  const named = rowsOf(section(read("docs/testing.md"), "## Suites"))
    .slice(1)
    .flatMap(([suites]) => [...suites!.matchAll(/`([\w/.-]+)`/g)].map(([, suite]) => suite!));
  const files = readdirSync(`${ROOT}snapshots`, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => file.slice(0, -".test.ts".length));

  test("names only suites that exist", () => {
    expect(named.filter((suite) => !files.includes(suite))).toEqual([]);
  });

  test("names every suite", () => {
    expect(files.filter((suite) => !named.includes(suite)).sort()).toEqual([]);
  });
});
