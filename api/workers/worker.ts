/**
 * The service as a Cloudflare Worker: `wrangler deploy` (wrangler.jsonc) and, locally and
 * offline, `bun run api:workers` (local.ts). One deployment serves the engines, every GET
 * document, /mcp and the built site: the platform serves site/dist (Workers static assets)
 * before the Worker runs, and wrangler.jsonc's `run_worker_first` sends the engine, /mcp and
 * document paths to the Worker, so the site build's copies of the documents never answer in
 * the service's place. The service is the one assembly of every runtime (api/host/assemble.ts)
 * with the Workers record: settings from the bindings (bindings.ts), no static files (the
 * platform's), the platform's compression made to agree with Bun's (platform-compression.ts), the logs on
 * the console, the rate limiting binding, the signing key from the SIGNING_KEY secret (seals
 * off without it, said once per isolate). Where Bun sends a document's first request that
 * accepts a coding the plain form (compressing in the background), the Worker waits for the
 * coded form (awaitCompression): the platform would compress the plain one anyway, under the
 * plain form's ETag.
 */
import { accessLogLine } from "../../shared/http/access-log.ts";
import { hmacSha256 } from "../../shared/lib/hmac-sha256.ts";
import { assemble, type Host } from "../host/assemble.ts";
import { zlibCompressor } from "../host/compress.ts";
import { bindingLimiter, cloudflareClient, type WorkerEnv, workerSettings } from "./bindings.ts";
import { type IncomingRequest, platformAcceptEncoding, sent } from "./platform-compression.ts";
import { refusedAnswer } from "./refused-body.ts";

export type { WorkerEnv } from "./bindings.ts";

/** The part of the Workers ExecutionContext the Worker uses. */
export interface WorkerContext {
  waitUntil(work: Promise<unknown>): void;
}

/**
 * Each coded form is made once per isolate, on its CPU time: Brotli at quality 5 for all but
 * small bodies (quality 11, Bun's, is many times slower on the largest document). Small bodies
 * get Bun's 11, as at 5 some would not shrink and so not be offered where Bun offers them.
 */
const workerCompressor = zlibCompressor({ brotliQuality: (size) => (size <= 2048 ? 11 : 5), gzipLevel: 9 });

let current: { env: WorkerEnv; key: string; host: Host } | undefined;

/** The service of this isolate, assembled on its first request (documents are built on their own first requests). */
function hostFor(env: WorkerEnv): Host {
  // The same env object as last time: the same service, without reading the bindings again.
  if (current?.env === env) return current.host;
  // The bindings as text: the same on every request of an isolate, whether or not env is one object.
  const key = JSON.stringify([
    env.SITE_URL,
    env.LOG,
    env.RATE_LIMIT,
    env.RATE_LIMITER !== undefined,
    env.MCP_ALLOWED_ORIGINS,
    env.MCP_ALLOWED_HOSTS,
    env.HOST,
    env.SEALS,
    env.SIGNING_KEY,
    env.SIGNING_PREVIOUS_KEYS,
  ]);
  if (current?.key === key) {
    current.env = env;
    return current.host;
  }
  const report = (message: string): void => console.error(message);
  const host = assemble(workerSettings(env, report), {
    // workerd's HTTP server (and Cloudflare's front line before it) delimits a request's body
    // by its Content-Length, as Bun.serve does: a declared length within D9's limit is read in
    // one call rather than by a stream reader, whose reads were the largest part of an engine
    // request's excess over the bare Worker (docs/performance.md, "The Worker in workerd").
    framedBodies: true,
    compress: workerCompressor,
    // Unexpected exceptions (D21) go to the Worker's log: method, path and the exception.
    errorLog: report,
    accessLog: { access: (record) => console.log(accessLogLine(record)), flush: () => undefined },
    // workerSettings gives a rate only when the binding is there.
    limiter: (rate) => bindingLimiter(env.RATE_LIMITER!, rate),
    awaitCompression: true,
    // workerd's createHmac builds a stream, a handle and Buffers per MAC (6–10 µs): seals are
    // MACed in JavaScript instead, key and header absorbed once (docs/performance.md).
    mac: hmacSha256,
  });
  current = { env, key, host };
  return host;
}

export default {
  async fetch(request: IncomingRequest, env: WorkerEnv, ctx: WorkerContext): Promise<Response> {
    const context = {
      clientAddress: cloudflareClient(request),
      waitUntil: (work: Promise<unknown>) => ctx.waitUntil(work),
      acceptEncoding: platformAcceptEncoding(request),
    };
    const response = await hostFor(env).service.fetch(request, context);
    // A body too large (D9): a fixed-length answer, so that workerd closes cleanly after it.
    if (response.status === 413) return refusedAnswer(request, response, workerCompressor);
    // A compressed document's GET answer is made with `encodeBody: "manual"` (documents.ts):
    // sent as it is, without another Response around its body.
    return request.method === "GET" ? response : sent(response);
  },
};
