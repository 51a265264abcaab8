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
  /**
   * True when the host's HTTP server delimits every request body by its Content-Length
   * (Bun.serve and Node's http do), so a body can never be longer than it declares. A
   * declared length within the limit is then read in one call instead of chunk by chunk;
   * a Request built in code promises no such thing, so the default stays false.
   */
  trustContentLength?: boolean;
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
class HeaderTextReader implements HeaderReader {
  constructor(private readonly headers: Headers) {}
  get(name: string): string | null {
    const value = this.headers.get(name);
    return value === null ? null : headerText(value);
  }
}

// Origins whose URLs have already parsed once: the host cannot make a path fail to parse.
const PLAIN_ORIGIN = /^https?:\/\/[A-Za-z0-9.:[\]-]+$/;
// Paths the URL parser leaves exactly as they are: no escapes, no dot segments, no backslashes.
const PLAIN_PATH = /^(?:\/(?!\.\.?(?:\/|$))[\w.~-]*)+$/;

/**
 * The pathname of `url` as `new URL(url).pathname` gives it. Once one URL of an origin has
 * parsed, later URLs of that origin whose path the parser would not change are sliced
 * instead of parsed again; anything else takes the parser. `origin` holds the one known
 * origin between calls.
 */
function pathnameOf(url: string, origin: { known: string }): string {
  const known = origin.known;
  if (known !== "" && url.startsWith(known) && url.charCodeAt(known.length) === 47 /* "/" */) {
    let end = url.length;
    const query = url.indexOf("?", known.length);
    if (query !== -1) end = query;
    const hash = url.indexOf("#", known.length);
    if (hash !== -1 && hash < end) end = hash;
    const path = url.slice(known.length, end);
    if (PLAIN_PATH.test(path)) return path;
  }
  const { pathname } = new URL(url);
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start > 0 && PLAIN_ORIGIN.test(url.slice(0, start)) && PLAIN_PATH.test(pathname) && url.startsWith(pathname, start)) {
    origin.known = url.slice(0, start);
  }
  return pathname;
}

const engineByPath = new Map<string, EngineRoute>(ENGINE_ROUTES.map((route) => [enginePath(route), route]));

const JSON_HEADERS = { "Content-Type": JSON_TYPE, "Cache-Control": "no-store", "Access-Control-Allow-Origin": "*" };
// One Headers for every engine response: Response copies it, which is cheaper than a fresh object.
const jsonHeaders = new Headers(JSON_HEADERS);

/** A JSON response of an engine result, never cached (D18), open to every origin (D17). */
export function toResponse(result: EngineResult, extraHeaders?: Record<string, string>): Response {
  return new Response(JSON.stringify(result.body), {
    status: result.status,
    headers: extraHeaders === undefined ? jsonHeaders : { ...JSON_HEADERS, ...extraHeaders },
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
/**
 * 413 closes the connection: without `Connection: close`, Bun keeps the socket open after
 * answering and goes on reading and discarding an endless chunked body (D9: never read an
 * unbounded body).
 */
const tooLarge = (): Response => toResponse(failure(reject("payload_too_large")), { Connection: "close" });
const notFound = (): Response => toResponse(failure(reject("not_found")));

const DIGITS = /^\d+$/;

/** The declared Content-Length, or -1 when there is none (or it is not a plain number). */
function declaredLength(request: Request): number {
  const declared = request.headers.get("content-length");
  return declared !== null && DIGITS.test(declared) ? Number(declared) : -1;
}

/**
 * The body as bytes, or null when it passes the limit (D9). A declared Content-Length over
 * the limit is refused before reading; otherwise the stream is read only up to the limit,
 * even under a Content-Length, which a Request built in code need not honour.
 */
export async function readBody(request: Request, limit: number = LIMITS.bodyBytesMax): Promise<Uint8Array | null> {
  if (declaredLength(request) > limit) return null;
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

/**
 * A framed body (HandlerOptions.trustContentLength) whose declared length is within the
 * limit, read whole as text: cheaper than bytes plus a decoder. Text decoding turns invalid
 * UTF-8 into U+FFFD, so a text holding U+FFFD is handed over as its bytes instead, and the
 * engine's strict decoder decides as it always does (invalid_json for invalid UTF-8).
 */
async function readFramedBody(request: Request, limit: number): Promise<string | Uint8Array | null> {
  const blob = await request.blob();
  if (blob.size > limit) return null;
  const text = await blob.text();
  return text.includes("\uFFFD") ? new Uint8Array(await blob.arrayBuffer()) : text;
}

/** A document with its response headers, made once: Response copies a Headers cheaply. */
interface ServedDocument {
  doc: Document;
  headers: Headers;
}

const serving = (doc: Document): ServedDocument => ({
  doc,
  headers: new Headers({
    "Content-Type": doc.type,
    "Cache-Control": "public, max-age=300",
    ETag: doc.etag,
    "Access-Control-Allow-Origin": "*",
  }),
});

function serveDocument(request: Request, { doc, headers }: ServedDocument): Response {
  const match = request.headers.get("if-none-match");
  if (match !== null && (match.trim() === "*" || match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === doc.etag))) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === "HEAD" ? null : doc.body, { status: 200, headers });
}

/**
 * The handler, plus the same answers by path for hosts whose server routes fixed paths itself
 * (Bun.serve's `routes`): `engines` answers a POST to an engine path and `documents` a GET or
 * HEAD of a document path, exactly as `fetch` does for that path and method, minus the URL
 * parsing and lookup. Every other method on those paths, and every other path, is `fetch`'s.
 */
export interface Service {
  fetch: (request: Request) => Promise<Response>;
  engines: Map<string, (request: Request) => Promise<Response>>;
  documents: Map<string, (request: Request) => Response>;
}

/** Creates the service. Documents and their headers are built once, here, not per request. */
export function createService(options: HandlerOptions): Service {
  const documents = new Map<string, ServedDocument>();
  const served = new Map<Document, ServedDocument>();
  for (const [path, doc] of buildDocuments({ siteUrl: options.siteUrl ?? DEFAULT_SITE_URL })) {
    let entry = served.get(doc);
    if (!entry) served.set(doc, (entry = serving(doc)));
    documents.set(path, entry);
  }
  const origin = { known: "" };
  const trusted = options.trustContentLength === true;

  /** A POST to an engine. */
  async function engine(route: EngineRoute, request: Request): Promise<Response> {
    const length = trusted ? declaredLength(request) : -1;
    if (length > LIMITS.bodyBytesMax) return tooLarge();
    const body = length === -1 ? await readBody(request) : await readFramedBody(request, LIMITS.bodyBytesMax);
    if (body === null) return tooLarge();
    return toResponse(run(route, body, new HeaderTextReader(request.headers), { now: options.now(), randomHex: options.randomHex }));
  }

  async function fetch(request: Request): Promise<Response> {
    const pathname = pathnameOf(request.url, origin);
    const method = request.method;

    const route = engineByPath.get(pathname);
    if (route) {
      if (method === "OPTIONS") return preflight(ENGINE_METHODS);
      if (method !== "POST") return notAllowed(ENGINE_METHODS);
      return engine(route, request);
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
  }

  return {
    fetch,
    engines: new Map([...engineByPath].map(([path, route]) => [path, (request: Request) => engine(route, request)])),
    documents: new Map([...documents].map(([path, doc]) => [path, (request: Request) => serveDocument(request, doc)])),
  };
}

/** Creates the handler: `fetch(Request) => Promise<Response>`, the same on every runtime. */
export function createHandler(options: HandlerOptions): (request: Request) => Promise<Response> {
  return createService(options).fetch;
}
