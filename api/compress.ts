/**
 * The documents' compressor for `bun run api`: node:zlib, which runs off the main thread, so
 * compressing a document (shared/http/handler.ts, HandlerOptions.compress) never holds up a request.
 * Brotli at its best quality and gzip at level 9: each document is compressed once per
 * process, on its first request that accepts a coding, and every later request sends the
 * smaller body. node:zlib itself is loaded on that first request: loading it at start added
 * about 15 ms to the cold start.
 */
import type { ContentCoding } from "../shared/protocol/constants.ts";

let zlib: Promise<typeof import("node:zlib")> | undefined;

export async function compress(bytes: Uint8Array, coding: ContentCoding): Promise<Uint8Array> {
  zlib ??= import("node:zlib");
  const { brotliCompress, constants, gzip } = await zlib;
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Uint8Array): void => (error ? reject(error) : resolve(result));
    if (coding === "br") {
      const params = {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      };
      brotliCompress(bytes, { params }, done);
    } else {
      gzip(bytes, { level: constants.Z_BEST_COMPRESSION }, done);
    }
  });
}
