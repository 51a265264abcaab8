/**
 * The built site's file server (api/host/static-files.ts, D16): files below the build folder with
 * their types and cache rules, directory paths as index.html, the length stated (a HEAD
 * through the service keeps it without the body), nothing outside the folder however the path is spelled, and the build's .br and .gz
 * copies sent by Accept-Encoding with Vary; through Bun.file (bun run api) and through node:fs
 * (Node, Deno) alike.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { bunFiles } from "../../api/bun/files.ts";
import { nodeFiles, staticFiles } from "../../api/host/static-files.ts";
import { createService } from "../../shared/http/service.ts";
import { NOW } from "../support/helpers.ts";

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
  // The copies the build writes beside a text file (site/precompress.ts); here the script has
  // only a .gz one and the home page none.
  writeFileSync(join(root, "reference", "index.html.br"), BR);
  writeFileSync(join(root, "reference", "index.html.gz"), GZ);
  writeFileSync(join(root, "_astro", "app.abc123.js.gz"), gzipSync("console.log(1);"));
  writeFileSync(join(root, "logo.png"), "png");
});
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const BR = brotliCompressSync("<p>reference</p>");
const GZ = gzipSync("<p>reference</p>");

const get = (pathname: string, method = "GET", acceptEncoding?: string) =>
  serve(
    new Request(`http://localhost${pathname}`, {
      method,
      headers: acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding },
    }),
    pathname,
  );

/** A HEAD through the service whose fallback is these files: the service answers it from the GET. */
const head = async (pathname: string, acceptEncoding?: string) =>
  createService({ now: () => NOW, randomHex: (n) => "0".repeat(n), fallback: serve }).fetch(
    new Request(`http://localhost${pathname}`, {
      method: "HEAD",
      headers: acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding },
    }),
  );

describe.each([
  ["Bun.file", bunFiles],
  ["node:fs", nodeFiles],
] as const)("api/host/static-files.ts through %s", (_name, source) => {
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
    const response = await head("/reference/");
    expect(await response.text()).toBe("");
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

  test.each([
    ["br", "gzip, deflate, br", BR],
    ["gzip", "gzip, deflate", GZ],
    ["br", "*", BR],
    ["gzip", "br;q=0, gzip", GZ],
  ] as const)("sends the build's %s copy to Accept-Encoding: %s, with Vary", async (coding, accept, bytes) => {
    const response = (await get("/reference/", "GET", accept))!;
    expect(response.headers.get("content-encoding")).toBe(coding);
    expect(response.headers.get("content-type")).toStartWith("text/html");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  test.each([
    ["no Accept-Encoding", undefined],
    ["identity only", "identity"],
    ["every coding refused", "br;q=0, gzip;q=0"],
  ])("sends the file itself, with Vary, to %s", async (_what, accept) => {
    const response = (await get("/reference/", "GET", accept))!;
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(await response.text()).toBe("<p>reference</p>");
  });

  test("sends the file itself when the build wrote no copy in the coding the client prefers", async () => {
    const script = (await get("/_astro/app.abc123.js", "GET", "gzip"))!;
    expect(script.headers.get("content-encoding")).toBe("gzip");
    const preferred = (await get("/_astro/app.abc123.js", "GET", "br, gzip"))!;
    expect(preferred.headers.get("content-encoding")).toBeNull();
    expect(await preferred.text()).toBe("console.log(1);");
    const home = (await get("/", "GET", "br, gzip"))!;
    expect(home.headers.get("content-encoding")).toBeNull();
    expect(await home.text()).toBe("<p>home</p>");
  });

  test("HEAD of a compressed form gives its Content-Length", async () => {
    const response = await head("/reference/", "br");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-length")).toBe(String(BR.byteLength));
    expect(await response.text()).toBe("");
  });

  test("a file that is not text has no Vary and no coding", async () => {
    const response = (await get("/logo.png", "GET", "br, gzip"))!;
    expect(response.headers.get("vary")).toBeNull();
    expect(response.headers.get("content-encoding")).toBeNull();
  });

  test.each(["/reference/index.html.br", "/reference/index.html.gz", "/_astro/app.abc123.js.GZ"])(
    "the copy %s is not served by its own name",
    async (pathname) => {
      expect(await get(pathname)).toBeNull();
    },
  );
});
