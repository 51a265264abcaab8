/**
 * Serves the built site (site/dist) for GET and HEAD paths that are neither engines nor
 * documents (D16). Directory paths map to index.html; nothing outside the build folder is
 * reachable; hashed assets under /_astro/ are cached for a year, pages revalidate. Text files
 * go out Brotli- or gzip-compressed when the client accepts it and the build wrote the copy
 * beside them (site/precompress.ts: `index.html.br`, `index.html.gz`), with `Vary:
 * Accept-Encoding`; nothing is compressed per request, and the copies are not served by their
 * own names. The files that configure Cloudflare's static assets (/_headers, which gives the
 * site's files these same headers on Workers, and /_redirects) are not served, as on Workers.
 * Files are found through a FileSource: Bun's own (Bun.file, streamed) under `bun run api`,
 * node:fs on Node and Deno.
 */
import { resolve, sep } from "node:path";
import { preferredCoding } from "../../shared/http/codings.ts";
import { EXPOSE_HEADERS } from "../../shared/http/cors.ts";

/** A file found below the root: its body, size and content type. */
interface FoundFile {
  body: BodyInit;
  size: number;
  type: string;
}

/** Finds a regular file by absolute path, or null. */
export type FileSource = (path: string) => Promise<FoundFile | null>;

const TYPES: Record<string, string> = {
  html: "text/html;charset=utf-8",
  css: "text/css;charset=utf-8",
  js: "text/javascript;charset=utf-8",
  json: "application/json;charset=utf-8",
  md: "text/markdown;charset=utf-8",
  txt: "text/plain;charset=utf-8",
  xml: "application/xml;charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  webp: "image/webp",
  woff2: "font/woff2",
};

/** The content type of a path by its extension (application/octet-stream when unknown). */
const typeOf = (path: string): string =>
  TYPES[/\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? ""] ?? "application/octet-stream";

/** The files the build writes compressed copies of (site/precompress.ts), by extension. */
const COMPRESSIBLE = /\.(html|css|js|mjs|json|md|txt|xml|svg)$/i;
/** The static assets' own configuration files (Cloudflare Workers), which are not the site's. */
const PLATFORM_FILES = new Set(["/_headers", "/_redirects", "/.assetsignore"]);
/** A compressed copy's name, which is never served as itself. */
const COPY = /\.(br|gz)$/i;
/** The suffix of each coding's copy. */
const SUFFIX = { br: "br", gzip: "gz" } as const;

/** Files through node:fs (Node, Deno): read whole, the site's files are small. */
export const nodeFiles: FileSource = async (path) => {
  const { readFile, stat } = await import("node:fs/promises");
  try {
    if (!(await stat(path)).isFile()) return null;
    const bytes = await readFile(path);
    return { body: bytes, size: bytes.byteLength, type: typeOf(path) };
  } catch {
    return null;
  }
};

/** A fallback for the service (ServiceOptions.fallback) that serves files below `root`, or null when none matches. */
export function staticFiles(root: string, find: FileSource = nodeFiles) {
  const base = resolve(root);
  return async (request: Request, pathname: string): Promise<Response | null> => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes("\0") || COPY.test(decoded) || PLATFORM_FILES.has(decoded)) return null;
    const candidates = decoded.endsWith("/") ? [`${decoded}index.html`] : [decoded, `${decoded}/index.html`];
    for (const candidate of candidates) {
      const path = resolve(base, `.${candidate}`);
      if (path !== base && !path.startsWith(base + sep)) return null;
      const file = await find(path);
      if (!file) continue;
      const headers: Record<string, string> = {
        "Content-Type": file.type,
        "Cache-Control": pathname.startsWith("/_astro/")
          ? "public, max-age=31536000, immutable"
          : "public, max-age=0, must-revalidate",
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Expose-Headers": EXPOSE_HEADERS,
      };
      let sent = file;
      if (COMPRESSIBLE.test(path)) {
        headers.Vary = "Accept-Encoding";
        const coding = preferredCoding(request.headers.get("accept-encoding"));
        const copy = coding ? await find(`${path}.${SUFFIX[coding]}`) : null;
        if (coding && copy) {
          sent = copy;
          headers["Content-Encoding"] = coding;
        }
      }
      // Stated for HEAD (the service sends it without the body, as for documents) and for the
      // access log, which reports a body's bytes when the response says them.
      headers["Content-Length"] = String(sent.size);
      return new Response(sent.body, { headers });
    }
    return null;
  };
}
