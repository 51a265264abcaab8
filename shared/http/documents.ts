/**
 * Serving the GET documents (D18): each document's representations (as it is, and compressed
 * once in the background when a compressor is given), their strong entity tags and 304s on
 * If-None-Match. Every header set is made once per representation, not per request; each
 * states its body's length, which a HEAD keeps (service.ts) and the access log reads. The
 * documents of the catalog and the key set (jwks.ts) are served alike; the key set alone is
 * never compressed.
 */
import type { Document, DocumentEntry } from "../documents/built-documents.ts";
import { CONTENT_CODINGS, type ContentCoding, DOCUMENT_CACHE_CONTROL } from "../protocol/constants.ts";
import { preferredCoding } from "./codings.ts";
import { EXPOSE_HEADERS } from "./cors.ts";

/** What a document's answer reads of the runtime's request context (options.ts, RequestContext). */
interface DocumentContext {
  waitUntil?: (work: Promise<unknown>) => void;
  acceptEncoding?: string | null;
}

/** The host's compressor: `bytes` in `coding`, as a promise (ServiceOptions.compress). */
export type Compressor = (bytes: Uint8Array, coding: ContentCoding) => Promise<Uint8Array>;

/**
 * One form a document is sent in: its body as a Blob (a Blob is immutable, so a runtime sends
 * it without copying it per response, where it copies an array's bytes: a large part of a large
 * document's request on Bun), its entity tag, and its headers (made once).
 */
interface Representation {
  body: Blob;
  etag: string;
  headers: Headers;
  /**
   * The 200's init, made once. A compressed form's says `encodeBody: "manual"`: on Workers its
   * body goes out as it is, already in its coding, where the runtime would otherwise encode it
   * again (other runtimes ignore the member).
   */
  ok: ResponseInit;
  /** The headers of a 304: the 200's, minus Content-Encoding and Content-Length (there is no body). */
  notModified: Headers;
}

/** A document to serve: its paths and builder, and whether it is offered compressed (default true). */
export interface DocumentSource extends DocumentEntry {
  compressible?: boolean;
}

/** A served document: the document as it is, and each compressed form once it is ready. */
export interface ServedDocument {
  doc: Document;
  /** True when it is offered compressed (a compressor is present and it is compressible): every form then says Vary. */
  negotiated: boolean;
  identity: Representation;
  coded: Partial<Record<ContentCoding, Representation>>;
  /** Set when compression has started: every coding is asked for at once, once. */
  compressing: Promise<void> | null;
}

/** Every document by path (aliases share one), each built on first use, and the list of all. */
export interface ServedDocuments {
  byPath: Map<string, () => ServedDocument>;
  all: (() => ServedDocument)[];
}

const utf8Encoder = new TextEncoder();

/** One form of `doc` to send (`coding`, or the identity form): its body, ETag, 200 and 304 headers. */
function representation(
  doc: Document,
  bytes: Uint8Array<ArrayBuffer>,
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
    "Access-Control-Expose-Headers": EXPOSE_HEADERS,
  };
  // Caches must key a negotiated document by Accept-Encoding, the plain form included.
  if (negotiated) fields.Vary = "Accept-Encoding";
  const notModified = new Headers(fields);
  if (coding !== undefined) fields["Content-Encoding"] = coding;
  fields["Content-Length"] = String(bytes.byteLength);
  const headers = new Headers(fields);
  const ok = { status: 200, headers, ...(coding !== undefined && { encodeBody: "manual" }) };
  return { body: new Blob([bytes]), etag, headers, ok, notModified };
}

/**
 * Every document of `sources`, each built on its first request, not here: a start builds
 * none. With a compressor (`compressing`), a compressible document is negotiated: every form
 * of it says `Vary: Accept-Encoding`.
 */
export function servedDocuments(sources: readonly DocumentSource[], compressing: boolean): ServedDocuments {
  const byPath = new Map<string, () => ServedDocument>();
  const all: (() => ServedDocument)[] = [];
  for (const { paths, build, compressible } of sources) {
    const negotiated = compressing && compressible !== false;
    let entry: ServedDocument | undefined;
    const served = (): ServedDocument => {
      if (entry === undefined) {
        const doc = build();
        entry = {
          doc,
          negotiated,
          identity: representation(doc, utf8Encoder.encode(doc.body), negotiated),
          coded: {},
          compressing: null,
        };
      }
      return entry;
    };
    all.push(served);
    for (const path of paths) byPath.set(path, served);
  }
  return { byPath, all };
}

/** True when If-None-Match names `etag` (weak comparison, RFC 9110 13.1.2) or is `*`. */
function ifNoneMatches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * The answer to a GET (or HEAD) of a document: the compressed form the client accepts when it
 * is ready (else the document as it is, and compression starts), or 304 when If-None-Match
 * names the chosen form's entity tag.
 */
function chooseRepresentation(
  request: Request,
  served: ServedDocument,
  compress: Compressor | undefined,
  context: DocumentContext | undefined,
): Response {
  let chosen = served.identity;
  const accept = context?.acceptEncoding;
  const coding = served.negotiated
    ? preferredCoding(accept !== undefined ? accept : request.headers.get("accept-encoding"))
    : null;
  if (coding !== null) {
    const coded = served.coded[coding];
    if (coded !== undefined) chosen = coded;
    else compressDocument(served, compress!);
  }
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null && ifNoneMatches(ifNoneMatch, chosen.etag)) {
    return new Response(null, { status: 304, headers: chosen.notModified });
  }
  return new Response(chosen.body, chosen.ok);
}

/**
 * A document's answer ({@link chooseRepresentation}), by the Accept-Encoding `context` gives or
 * else the request's. When this request started the document's compression, the host keeps that
 * work alive (`context.waitUntil`: Workers) and, with `awaitCompression`, this request waits for
 * the coded form it asked for.
 */
export function serveDocument(
  request: Request,
  served: ServedDocument,
  compress: Compressor | undefined,
  context: DocumentContext | undefined,
  awaitCompression: boolean,
): Response | Promise<Response> {
  const compressing = served.compressing;
  const response = chooseRepresentation(request, served, compress, context);
  if (served.compressing === compressing || served.compressing === null) return response;
  context?.waitUntil?.(served.compressing);
  if (!awaitCompression || response.headers.has("Content-Encoding")) return response;
  return served.compressing.then(() => chooseRepresentation(request, served, compress, context));
}

/**
 * Compresses a negotiated document in every coding, once, and adds each result to it when
 * ready. A coding the compressor fails on, or that saves nothing, is simply not offered. The
 * work starts on a later turn of the event loop, after the response that asked for it has gone out.
 */
export function compressDocument(served: ServedDocument, compress: Compressor): Promise<void> {
  if (!served.negotiated) return Promise.resolve();
  if (served.compressing !== null) return served.compressing;
  const { doc } = served;
  const compressAll = async (): Promise<void> => {
    const bytes = new Uint8Array(await served.identity.body.arrayBuffer());
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
    await Promise.all(jobs);
  };
  served.compressing = new Promise((resolve) => setTimeout(resolve, 0)).then(compressAll);
  return served.compressing;
}
