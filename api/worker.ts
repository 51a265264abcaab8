/**
 * The service as a Cloudflare Worker: `wrangler deploy` (wrangler.jsonc) and, locally and
 * offline, `bun run api:workers` (api/workerd.ts). One deployment serves the engines, every GET
 * document, /mcp and the built site: the platform serves site/dist (Workers static assets)
 * before the Worker runs, and wrangler.jsonc's `run_worker_first` sends the engine, /mcp and
 * document paths to the Worker, so the site build's copies of the documents never answer in
 * the handler's place. The clock is Date.now, randomness crypto.getRandomValues
 * (api/random-hex.ts), SITE_URL a var (default http://localhost:3000, as on Bun, so every
 * document is byte-identical to the Bun server's).
 *
 * Compression is the platform's on Workers. The Worker always sees `Accept-Encoding: br, gzip`
 * (the client's own value is `request.cf.clientAcceptEncoding`), and whatever it answers is
 * compressed on the way out into the client's coding (the first of gzip and br listed at the
 * highest weight) unless it is in that coding already. So that a document keeps the answer
 * `bun run api` gives (each coded form compressed once, with its own ETag, `Vary:
 * Accept-Encoding` and its Content-Length), the handler gets a compressor (node:zlib,
 * nodejs_compat) and, as Accept-Encoding, just the coding the platform is going to send; a
 * compressed document then goes out as it is (`encodeBody: "manual"`). Where Bun sends a
 * document's first request that accepts a coding the plain form (compressing in the
 * background), the Worker waits for the coded form (the handler's awaitCompression): the
 * platform would compress the plain one anyway, under the plain form's ETag.
 */

import { errorLog } from "../shared/http/error-boundary.ts";
import { createService, type Service } from "../shared/http/handler.ts";
import { type ContentCoding, DEFAULT_SITE_URL } from "../shared/protocol/constants.ts";
import { zlibCompressor } from "./compress.ts";
import { randomHex } from "./random-hex.ts";
import { type OpsEnv, workerOps } from "./worker-ops.ts";

/** What wrangler.jsonc binds: SITE_URL, and LOG, RATE_LIMIT and RATE_LIMITER (worker-ops.ts). */
export interface WorkerEnv extends OpsEnv {
  /** The origin written into absolute URLs (`vars`); missing or blank: http://localhost:3000, as on Bun. */
  SITE_URL?: string;
}

/** The part of the Workers ExecutionContext the Worker uses. */
export interface WorkerContext {
  waitUntil(work: Promise<unknown>): void;
}

/** What a request carries on Workers besides the standard Request. */
type IncomingRequest = Request & { cf?: { clientAcceptEncoding?: string } };

/**
 * The coding the platform sends a client whose Accept-Encoding is `accept`, or null for none:
 * the members ordered by weight (the order they came in at equal weight), the first gzip or br
 * of weight above 0, unless identity comes first. This is how the Workers runtime's entry
 * (Miniflare's emulation of Cloudflare's front line) chooses; other codings are never sent.
 */
export function platformCoding(accept: string | null): ContentCoding | null {
  if (accept === null) return null;
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
 * The request as the handler should see it: a GET or HEAD carries, as Accept-Encoding, the
 * coding the platform will send this client (none: the document as it is). Other methods, and
 * requests that did not come through the platform's front (no `cf.clientAcceptEncoding`),
 * are left as they are.
 */
export function negotiated(request: IncomingRequest): Request {
  const accept = request.cf?.clientAcceptEncoding;
  if (accept === undefined || (request.method !== "GET" && request.method !== "HEAD")) return request;
  const headers = new Headers(request.headers);
  const coding = platformCoding(accept);
  if (coding === null) headers.delete("Accept-Encoding");
  else headers.set("Accept-Encoding", coding);
  return new Request(request, { headers });
}

/** A response whose body is already encoded (a compressed document) goes out as it is. */
function sent(response: Response): Response {
  if (!response.headers.has("Content-Encoding")) return response;
  const init = { status: response.status, headers: response.headers, encodeBody: "manual" };
  return new Response(response.body, init as ResponseInit);
}

/** The waitUntil of each request being handled, for the work it starts (a document's compression). */
const contexts = new WeakMap<Request, WorkerContext>();

let current: { env: WorkerEnv; key: string; service: Service } | undefined;

/** The service of this isolate, made on its first request (documents are built on their own first requests). */
function serviceFor(env: WorkerEnv): Service {
  // The same env object as last time: the same service, without reading the bindings again.
  if (current?.env === env) return current.service;
  const siteUrl = env.SITE_URL?.trim() || DEFAULT_SITE_URL;
  // The bindings as text: the same on every request of an isolate, whether or not env is one object.
  const key = JSON.stringify([siteUrl, env.LOG, env.RATE_LIMIT, env.RATE_LIMITER !== undefined]);
  if (current?.key === key) {
    current.env = env;
    return current.service;
  }
  const service = createService({
    now: Date.now,
    randomHex,
    siteUrl,
    // Each coded form is made once per isolate, on its CPU time: Brotli at quality 5 takes two
    // milliseconds for the largest document (quality 11, Bun's, over 100). Small bodies get
    // Bun's 11 (2 ms at most), as at 5 some would not shrink and so not be offered where Bun
    // offers them.
    compress: zlibCompressor({ brotliQuality: (size) => (size <= 2048 ? 11 : 5), gzipLevel: 9 }),
    waitUntil: (work, request) => contexts.get(request)?.waitUntil(work),
    // The request that starts a document's compression waits for its coded form, which the
    // platform would otherwise make of the plain one under the plain form's ETag (a few
    // milliseconds, once per document and isolate).
    awaitCompression: true,
    // Unexpected exceptions (D21) go to the Worker's log: method, path and the exception, nothing
    // of the request's headers or body (the demo key travels in them, D14).
    onError: errorLog((entry) => console.error(entry)),
    // The access log and the rate limit (D23), as the bindings ask.
    ...workerOps(env, (message) => console.error(message)),
  });
  current = { env, key, service };
  return service;
}

export default {
  async fetch(request: Request, env: WorkerEnv, ctx: WorkerContext): Promise<Response> {
    const service = serviceFor(env);
    const handled = negotiated(request);
    contexts.set(handled, ctx);
    return sent(await service.fetch(handled));
  },
};
