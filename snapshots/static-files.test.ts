/**
 * The built site's file server (api/static-files.ts, D16): files below the build folder with
 * their types and cache rules, directory paths as index.html, HEAD with the GET's length and no
 * body, and nothing outside the folder, however the path is spelled; through Bun.file (bun run
 * api) and through node:fs (Node, Deno) alike.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bunFiles } from "../api/bun-files.ts";
import { nodeFiles, staticFiles } from "../api/static-files.ts";

let parent: string;
let root: string;
let serve: ReturnType<typeof staticFiles>;

beforeAll(() => {
  // parent/secret.txt sits beside the served folder parent/dist, which must never reach it.
  parent = mkdtempSync(join(tmpdir(), "static-files-"));
  root = join(parent, "dist");
  mkdirSync(join(root, "_astro"), { recursive: true });
  mkdirSync(join(root, "reference"));
  writeFileSync(join(root, "index.html"), "<p>home</p>");
  writeFileSync(join(root, "reference", "index.html"), "<p>reference</p>");
  writeFileSync(join(root, "_astro", "app.abc123.js"), "console.log(1);");
  writeFileSync(join(parent, "secret.txt"), "secret");
});
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const get = (pathname: string, method = "GET") =>
  serve(new Request(`http://localhost${pathname}`, { method }), pathname);

describe.each([
  ["Bun.file", bunFiles],
  ["node:fs", nodeFiles],
] as const)("api/static-files.ts through %s", (_name, source) => {
  beforeAll(() => {
    serve = staticFiles(root, source);
  });

  test("a directory path is its index.html, with the page cache rule and CORS", async () => {
    const response = (await get("/"))!;
    expect(await response.text()).toBe("<p>home</p>");
    expect(response.headers.get("content-type")).toStartWith("text/html");
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  test("a path without its slash finds the folder's index.html", async () => {
    expect(await (await get("/reference"))!.text()).toBe("<p>reference</p>");
    expect(await (await get("/reference/"))!.text()).toBe("<p>reference</p>");
  });

  test("hashed assets under /_astro/ are cached for a year", async () => {
    const response = (await get("/_astro/app.abc123.js"))!;
    expect(await response.text()).toBe("console.log(1);");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  test("HEAD: no body, and the Content-Length a GET would have", async () => {
    const response = (await get("/reference/", "HEAD"))!;
    expect(response.headers.get("content-length")).toBe(String("<p>reference</p>".length));
    expect(await response.text()).toBe("");
  });

  test("the static assets' configuration files (/_headers, /_redirects) are not served, as on Workers", async () => {
    writeFileSync(join(parent, "dist", "_headers"), "/*\n  X-A: b\n");
    writeFileSync(join(parent, "dist", "_redirects"), "/a /b 301\n");
    expect(await get("/_headers")).toBeNull();
    expect(await get("/_redirects")).toBeNull();
    expect(await get("/%5Fheaders")).toBeNull();
  });

  test("a missing file is null (the handler answers not_found)", async () => {
    expect(await get("/nope.html")).toBeNull();
  });

  test.each([
    ["a raw dot-dot segment", "/../secret.txt"],
    ["an escaped dot-dot segment", "/%2e%2e/secret.txt"],
    ["an escaped slash", "/..%2fsecret.txt"],
    ["a NUL byte", "/index.html%00"],
    ["broken percent-encoding", "/%E0%A4%A"],
  ])("%s reaches nothing", async (_what, pathname) => {
    expect(await get(pathname)).toBeNull();
  });
});
