/**
 * The request handler: a standard `fetch(Request) => Promise<Response>` that runs on Bun, Node
 * and edge runtimes alike. Routing, CORS (D17), body limits (D9), content types (D18) and the
 * engine result to Response step all live here; the caller brings the clock and randomness.
 */

import { type Document, type DocumentSettings, documentBuilders } from "../documents/index.ts";
import type { EngineResult } from "../engine/context.ts";
import { failure } from "../engine/respond.ts";
import { run } from "../engine/run.ts";
import {
  CONTENT_CODINGS,
  type ContentCoding,
  DOCUMENT_CACHE_CONTROL,
  ENGINE_ROUTES,
  type EngineRoute,
  enginePath,
  LIMITS,
} from "../protocol/constants.ts";
import { reject } from "../protocol/errors.ts";
import type { HeaderReader } from "../protocol/keys.ts";

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
  /**
   * The host's compressor (node:zlib on Bun and Node). When given, a document is compressed in
   * each coding, once, in the background, when a request first accepts a coding for it (so a
   * start compresses nothing); from then on clients whose Accept-Encoding asks for a coding get
   * it. Until then, and to every other client, documents go as they are. Engine responses are
   * never compressed: they are small and made per request.
   */
  compress?: (bytes: Uint8Array, coding: ContentCoding) => Promise<Uint8Array>;
}

/** The default public origin of absolute URLs (SITE_URL). */
export const DEFAULT_SITE_URL = "http://localhost:3000";

const ALLOW_HEADERS = "Content-Type, Authorization, X-Service-Key, Idempotency-Key";
const ENGINE_METHODS = "POST, OPTIONS";
const DOCUMENT_METHODS = "GET, HEAD, OPTIONS";
const JSON_TYPE = "application/json; charset=utf-8";

const HIGH_LATIN1 = /[\x80-\xff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the range is every Latin-1 character, controls included
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

/** The headers of a CORS preflight (D17) for paths serving `methods`, made once. */
const preflightHeaders = (methods: string): Headers =>
  new Headers({
    Allow: methods,
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": methods,
    "Access-Control-Allow-Headers": ALLOW_HEADERS,
    "Access-Control-Max-Age": "86400",
  });
const PREFLIGHT = {
  [ENGINE_METHODS]: preflightHeaders(ENGINE_METHODS),
  [DOCUMENT_METHODS]: preflightHeaders(DOCUMENT_METHODS),
};
const preflight = (methods: typeof ENGINE_METHODS | typeof DOCUMENT_METHODS): Response =>
  new Response(null, { status: 204, headers: PREFLIGHT[methods] });

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
 * limit, read whole in one call: one await instead of a stream reader's loop. The bytes go to
 * the engine as they came, so its strict decoder decides about invalid UTF-8 (invalid_json).
 */
function readFramedBody(request: Request, limit: number): Promise<Uint8Array | null> {
  return request.arrayBuffer().then((buffer) => (buffer.byteLength > limit ? null : new Uint8Array(buffer)));
}

const WEIGHT = /(?:^|;)\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*(?:;|$)/i;

/** The weight (q) of one Accept-Encoding member's parameters; 1 when absent or unreadable. */
function weightOf(params: string): number {
  const q = WEIGHT.exec(params);
  return q ? Number(q[1]) : 1;
}

let lastAccept: string | null = null;
let lastCoding: ContentCoding | null = null;

/**
 * The coding to send for an Accept-Encoding value (RFC 9110 12.5.3), or null for the document
 * as it is: br before gzip at equal weight (x-gzip is gzip), never a coding of weight 0, and
 * `*` standing for every coding the value does not name. The last answer is kept: clients send
 * the same value again and again.
 */
export function preferredCoding(accept: string | null): ContentCoding | null {
  if (accept === null) return null;
  if (accept === lastAccept) return lastCoding;
  let br = -1;
  let gzip = -1;
  let any = -1;
  for (const member of accept.split(",")) {
    const semicolon = member.indexOf(";");
    const name = (semicolon === -1 ? member : member.slice(0, semicolon)).trim().toLowerCase();
    if (name !== "br" && name !== "gzip" && name !== "x-gzip" && name !== "*") continue;
    const q = semicolon === -1 ? 1 : weightOf(member.slice(semicolon + 1));
    if (name === "br") br = q;
    else if (name === "*") any = q;
    else gzip = Math.max(gzip, q);
  }
  if (br === -1) br = Math.max(any, 0);
  if (gzip === -1) gzip = Math.max(any, 0);
  const coding: ContentCoding | null = br > 0 && br >= gzip ? "br" : gzip > 0 ? "gzip" : null;
  lastAccept = accept;
  lastCoding = coding;
  return coding;
}

const utf8Encoder = new TextEncoder();

/** One form a document is sent in: its body, its entity tag, and its headers (made once). */
interface Representation {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  headers: Headers;
  /** The headers of a 304: the 200's, minus Content-Encoding (there is no body to decode). */
  notModified: Headers;
  /** The headers of a HEAD: the 200's, with the Content-Length a GET would have. */
  head: Headers;
}

/** A served document: the document as it is, and each compressed form once it is ready. */
interface ServedDocument {
  doc: Document;
  identity: Representation;
  coded: Partial<Record<ContentCoding, Representation>>;
  /** Set when compression has started: every coding is asked for at once, once. */
  compressing: Promise<void> | null;
}

function representation(
  doc: Document,
  body: Uint8Array<ArrayBuffer>,
  negotiated: boolean,
  coding?: ContentCoding,
): Representation {
  // A compressed form is another representation, so it gets its own strong entity tag.
  const etag = coding === undefined ? doc.etag : `${doc.etag.slice(0, -1)}-${coding}"`;
  const fields: Record<string, string> = {
    "Content-Type": doc.type,
    "Cache-Control": DOCUMENT_CACHE_CONTROL,
    ETag: etag,
    "Access-Control-Allow-Origin": "*",
  };
  // Caches must key a negotiated document by Accept-Encoding, the plain form included.
  if (negotiated) fields.Vary = "Accept-Encoding";
  const notModified = new Headers(fields);
  if (coding !== undefined) fields["Content-Encoding"] = coding;
  const headers = coding === undefined ? notModified : new Headers(fields);
  return {
    body,
    etag,
    headers,
    notModified,
    head: new Headers({ ...fields, "Content-Length": String(body.byteLength) }),
  };
}

/** True when If-None-Match names `etag` (weak comparison, RFC 9110 13.1.2) or is `*`. */
function matches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

function serveDocument(request: Request, served: ServedDocument, compress: Compressor | undefined): Response {
  let chosen = served.identity;
  const coding = compress === undefined ? null : preferredCoding(request.headers.get("accept-encoding"));
  if (coding !== null) {
    const coded = served.coded[coding];
    if (coded !== undefined) chosen = coded;
    else compressDocument(served, compress!);
  }
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null && matches(ifNoneMatch, chosen.etag)) {
    return new Response(null, { status: 304, headers: chosen.notModified });
  }
  return request.method === "HEAD"
    ? new Response(null, { status: 200, headers: chosen.head })
    : new Response(chosen.body, { status: 200, headers: chosen.headers });
}

type Compressor = NonNullable<HandlerOptions["compress"]>;

/**
 * Compresses a document in every coding, once, and adds each result to it when ready. A
 * coding the compressor fails on, or that saves nothing, is simply not offered. The work starts
 * on a later turn of the event loop, after the response that asked for it has gone out.
 */
function compressDocument(served: ServedDocument, compress: Compressor): Promise<void> {
  if (served.compressing !== null) return served.compressing;
  const { doc } = served;
  const bytes = served.identity.body;
  const compressAll = (): Promise<void> => {
    const jobs = CONTENT_CODINGS.map((coding) =>
      compress(bytes, coding).then(
        (body) => {
          // (A copy: a pooled Buffer may share its memory with other data.)
          if (body.byteLength < bytes.byteLength)
            served.coded[coding] = representation(doc, new Uint8Array(body), true, coding);
        },
        () => undefined,
      ),
    );
    return Promise.all(jobs).then(() => undefined);
  };
  served.compressing = new Promise((resolve) => setTimeout(resolve, 0)).then(compressAll);
  return served.compressing;
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
  /**
   * Compresses every document now rather than on its first request that accepts a coding;
   * resolves when all are in place (at once without `compress`).
   */
  compressDocuments: () => Promise<void>;
}

/** Creates the service. Each document and its headers are built once, on first use, not per request. */
export function createService(options: HandlerOptions): Service {
  // Each document is built on its first request, not here: a start builds none. Its aliases
  // share the one served document.
  const documents = new Map<string, () => ServedDocument>();
  const everyDocument: (() => ServedDocument)[] = [];
  const negotiated = options.compress !== undefined;
  for (const { paths, build } of documentBuilders({ siteUrl: options.siteUrl ?? DEFAULT_SITE_URL })) {
    let entry: ServedDocument | undefined;
    const served = (): ServedDocument => {
      if (entry === undefined) {
        const doc = build();
        entry = {
          doc,
          identity: representation(doc, utf8Encoder.encode(doc.body), negotiated),
          coded: {},
          compressing: null,
        };
      }
      return entry;
    };
    everyDocument.push(served);
    for (const path of paths) documents.set(path, served);
  }
  const compress = options.compress;
  const trusted = options.trustContentLength === true;

  /** The engine's answer to a body that was read (null: past the limit). */
  const answer = (route: EngineRoute, request: Request, body: Uint8Array | null): Response =>
    body === null
      ? tooLarge()
      : toResponse(
          run(route, body, new HeaderTextReader(request.headers), { now: options.now(), randomHex: options.randomHex }),
        );

  /** A POST to an engine. Not an async function: one promise per request, the body read's own. */
  function engine(route: EngineRoute, request: Request): Promise<Response> {
    const length = trusted ? declaredLength(request) : -1;
    if (length > LIMITS.bodyBytesMax) return Promise.resolve(tooLarge());
    const read = length === -1 ? readBody(request) : readFramedBody(request, LIMITS.bodyBytesMax);
    return read.then((body) => answer(route, request, body));
  }

  async function fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    const method = request.method;
    // A HEAD gets the status and headers of the error a GET would get, without its body.
    const refuse = (response: Response): Response =>
      method === "HEAD" ? new Response(null, { status: response.status, headers: response.headers }) : response;

    const route = engineByPath.get(pathname);
    if (route) {
      if (method === "OPTIONS") return preflight(ENGINE_METHODS);
      if (method !== "POST") return refuse(notAllowed(ENGINE_METHODS));
      return engine(route, request);
    }

    const doc = documents.get(pathname);
    if (doc) {
      if (method === "OPTIONS") return preflight(DOCUMENT_METHODS);
      if (method !== "GET" && method !== "HEAD") return notAllowed(DOCUMENT_METHODS);
      return serveDocument(request, doc(), compress);
    }

    if ((method === "GET" || method === "HEAD") && options.fallback) {
      const file = await options.fallback(request, pathname);
      if (file) return file;
    }
    return refuse(notFound());
  }

  return {
    fetch,
    engines: new Map([...engineByPath].map(([path, route]) => [path, (request: Request) => engine(route, request)])),
    documents: new Map(
      [...documents].map(([path, doc]) => [path, (request: Request) => serveDocument(request, doc(), compress)]),
    ),
    compressDocuments: () =>
      compress === undefined
        ? Promise.resolve()
        : Promise.all(everyDocument.map((served) => compressDocument(served(), compress))).then(() => undefined),
  };
}

/** Creates the handler: `fetch(Request) => Promise<Response>`, the same on every runtime. */
export function createHandler(options: HandlerOptions): (request: Request) => Promise<Response> {
  return createService(options).fetch;
}
