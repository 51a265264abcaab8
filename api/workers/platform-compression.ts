/**
 * Compression on Workers is the platform's. The Worker always sees `Accept-Encoding: br, gzip`
 * (the client's own value is `request.cf.clientAcceptEncoding`), and whatever it answers is
 * compressed on the way out into the client's coding (the first of gzip and br listed at the
 * highest weight) unless it is in that coding already. So that a document keeps the answer
 * `bun run api` gives (each coded form compressed once, with its own ETag, `Vary:
 * Accept-Encoding` and its Content-Length), the service gets a compressor (node:zlib,
 * nodejs_compat) and, as the Accept-Encoding to choose by, just the coding the platform is
 * going to send ({@link platformAcceptEncoding}); a compressed document then goes out as it is
 * (`encodeBody: "manual"`, shared/http/documents.ts, or {@link sent}).
 */
import type { ContentCoding } from "../../shared/protocol/constants.ts";

/** What a request carries on Workers besides the standard Request. */
export type IncomingRequest = Request & { cf?: { clientAcceptEncoding?: string } };

/**
 * The coding the platform sends a client whose Accept-Encoding is `accept`, or null for none:
 * the members ordered by weight (the order they came in at equal weight), the first gzip or br
 * of weight above 0, unless identity comes first. This is how the Workers runtime's entry
 * (Miniflare's emulation of Cloudflare's front line) chooses; other codings are never sent.
 */
export function platformCoding(accept: string | null): ContentCoding | null {
  if (accept === null) return null;
  // Requests carry one of a few values, mostly the same as the last: its answer is kept.
  if (accept === lastAccept) return lastCoding;
  lastCoding = codingOf(accept);
  lastAccept = accept;
  return lastCoding;
}

let lastAccept: string | null = null;
let lastCoding: ContentCoding | null = null;

/** platformCoding's reading of `accept`. */
function codingOf(accept: string): ContentCoding | null {
  const members: { coding: string; weight: number }[] = [];
  for (const element of accept.split(",")) {
    const match = /^([a-z]+|\*)(?:\s*;\s*q=(\d+(?:\.\d+)?))?$/.exec(element.trim());
    if (match) members.push({ coding: match[1]!, weight: match[2] === undefined ? 1 : Number.parseFloat(match[2]) });
  }
  members.sort((a, b) => b.weight - a.weight);
  for (const { coding, weight } of members) {
    if (weight === 0) continue;
    if (coding === "gzip" || coding === "br") return coding;
    if (coding === "identity") return null;
  }
  return null;
}

/**
 * The Accept-Encoding the service should choose a GET's or HEAD's document by: the coding the
 * platform will send this client, or null for none (the document as it is), handed to the
 * service in the request's context (RequestContext.acceptEncoding) rather than in a rebuilt
 * request (a new Headers and Request per GET: 6–17 µs in workerd). Undefined for other methods,
 * and for requests that did not come through the platform's front (no `cf.clientAcceptEncoding`):
 * the request's own header then counts.
 */
export function platformAcceptEncoding(request: IncomingRequest): string | null | undefined {
  const accept = request.cf?.clientAcceptEncoding;
  if (accept === undefined || (request.method !== "GET" && request.method !== "HEAD")) return undefined;
  return platformCoding(accept);
}

/** A response whose body is already encoded (a compressed document) goes out as it is. */
export function sent(response: Response): Response {
  if (!response.headers.has("Content-Encoding")) return response;
  const init = { status: response.status, headers: response.headers, encodeBody: "manual" };
  return new Response(response.body, init as ResponseInit);
}
