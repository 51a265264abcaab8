/**
 * The request handler: a standard `fetch(Request) => Promise<Response>` that runs on Bun, Node
 * and edge runtimes alike. Routing, CORS (D17), body limits (D9), content types (D18) and the
 * engine result to Response step all live here; the caller brings the clock and randomness.
 */
import { type EngineRoute, ENGINE_ROUTES, enginePath, LIMITS } from "./constants.ts";
import { buildDocuments, type Document, type DocumentSettings } from "./documents/index.ts";
import type { EngineResult } from "./engine/context.ts";
import { failure } from "./engine/respond.ts";
import { run } from "./engine/run.ts";
import { reject } from "./errors.ts";
import type { HeaderReader } from "./keys.ts";

/** What the handler needs from its host. */
export interface HandlerOptions extends Partial<DocumentSettings> {
  /** Epoch milliseconds; read once per engine request. */
  now: () => number;
  /** `length` random lowercase hex characters. */
  randomHex: (length: number) => string;
  /** Static files (the built site) for GET paths that are neither engines nor documents. */
  fallback?: (request: Request, pathname: string) => Response | null | Promise<Response | null>;
}

/** The default public origin of absolute URLs (SITE_URL). */
export const DEFAULT_SITE_URL = "http://localhost:3000";

const ALLOW_HEADERS = "Content-Type, Authorization, X-Service-Key, Idempotency-Key";
const ENGINE_METHODS = "POST, OPTIONS";
const DOCUMENT_METHODS = "GET, HEAD, OPTIONS";
const JSON_TYPE = "application/json; charset=utf-8";

const HIGH_LATIN1 = /[\x80-\xff]/;
const BEYOND_LATIN1 = /[^\x00-\xff]/;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A header value as UTF-8 text. HTTP servers (Bun, Node) hand header bytes over as Latin-1
 * characters, so a UTF-8 demo key or idempotency key (curl can send one) arrives as mojibake,
 * while D14 and D15 hash the UTF-8 text. Bytes that are not valid UTF-8 stay as they came.
 */
export function headerText(value: string): string {
  if (!HIGH_LATIN1.test(value) || BEYOND_LATIN1.test(value)) return value;
  try {
    return utf8.decode(Uint8Array.from(value, (char) => char.charCodeAt(0)));
  } catch {
    return value;
  }
}

/** The request headers as the engine reads them: values decoded by {@link headerText}. */
const headerReader = (headers: Headers): HeaderReader => ({
  get(name) {
    const value = headers.get(name);
    return value === null ? null : headerText(value);
  },
});

const engineByPath = new Map<string, EngineRoute>(ENGINE_ROUTES.map((route) => [enginePath(route), route]));

/** A JSON response of an engine result, never cached (D18), open to every origin (D17). */
export function toResponse(result: EngineResult, extraHeaders?: Record<string, string>): Response {
  return new Response(JSON.stringify(result.body), {
    status: result.status,
    headers: { "Content-Type": JSON_TYPE, "Cache-Control": "no-store", "Access-Control-Allow-Origin": "*", ...extraHeaders },
  });
}

const preflight = (methods: string): Response =>
  new Response(null, {
    status: 204,
    headers: {
      Allow: methods,
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": methods,
      "Access-Control-Allow-Headers": ALLOW_HEADERS,
      "Access-Control-Max-Age": "86400",
    },
  });

const notAllowed = (methods: string): Response => toResponse(failure(reject("method_not_allowed")), { Allow: methods });
const tooLarge = (): Response => toResponse(failure(reject("payload_too_large")));
const notFound = (): Response => toResponse(failure(reject("not_found")));

/**
 * The body as bytes, or null when it passes the limit (D9). A declared Content-Length over
 * the limit is refused before reading; otherwise the stream is read only up to the limit,
 * even under a Content-Length, which a Request built in code need not honour.
 */
export async function readBody(request: Request, limit: number = LIMITS.bodyBytesMax): Promise<Uint8Array | null> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function serveDocument(request: Request, doc: Document): Response {
  const headers: Record<string, string> = {
    "Content-Type": doc.type,
    "Cache-Control": "public, max-age=300",
    ETag: doc.etag,
    "Access-Control-Allow-Origin": "*",
  };
  const match = request.headers.get("if-none-match");
  if (match !== null && (match.trim() === "*" || match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === doc.etag))) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === "HEAD" ? null : doc.body, { status: 200, headers });
}

/** Creates the handler. Documents are built once, here, not per request. */
export function createHandler(options: HandlerOptions): (request: Request) => Promise<Response> {
  const documents = buildDocuments({ siteUrl: options.siteUrl ?? DEFAULT_SITE_URL });
  return async function handle(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    const method = request.method;

    const route = engineByPath.get(pathname);
    if (route) {
      if (method === "OPTIONS") return preflight(ENGINE_METHODS);
      if (method !== "POST") return notAllowed(ENGINE_METHODS);
      const body = await readBody(request);
      if (body === null) return tooLarge();
      return toResponse(run(route, body, headerReader(request.headers), { now: options.now(), randomHex: options.randomHex }));
    }

    const doc = documents.get(pathname);
    if (doc) {
      if (method === "OPTIONS") return preflight(DOCUMENT_METHODS);
      if (method !== "GET" && method !== "HEAD") return notAllowed(DOCUMENT_METHODS);
      return serveDocument(request, doc);
    }

    if ((method === "GET" || method === "HEAD") && options.fallback) {
      const file = await options.fallback(request, pathname);
      if (file) return file;
    }
    return notFound();
  };
}
