/**
 * Serves the built site (site/dist) for GET and HEAD paths that are neither engines nor
 * documents (D16). Directory paths map to index.html; nothing outside the build folder is
 * reachable; hashed assets under /_astro/ are cached for a year, pages revalidate.
 */
import { resolve, sep } from "node:path";
import { EXPOSE_HEADERS } from "../shared/http/cors.ts";

/** A fallback for the shared handler that serves files below `root`, or null when none matches. */
export function staticFiles(root: string) {
  const base = resolve(root);
  return async (request: Request, pathname: string): Promise<Response | null> => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes("\0")) return null;
    const candidates = decoded.endsWith("/") ? [`${decoded}index.html`] : [decoded, `${decoded}/index.html`];
    for (const candidate of candidates) {
      const path = resolve(base, `.${candidate}`);
      if (path !== base && !path.startsWith(base + sep)) return null;
      const file = Bun.file(path);
      if (!(await file.exists())) continue;
      const headers: Record<string, string> = {
        "Content-Type": file.type,
        "Cache-Control": pathname.startsWith("/_astro/")
          ? "public, max-age=31536000, immutable"
          : "public, max-age=0, must-revalidate",
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Expose-Headers": EXPOSE_HEADERS,
        // Stated for HEAD (no body, the length a GET would have, as documents do) and for the
        // access log, which reports a body's bytes when the response says them.
        "Content-Length": String(file.size),
      };
      return new Response(request.method === "HEAD" ? null : file, { headers });
    }
    return null;
  };
}
