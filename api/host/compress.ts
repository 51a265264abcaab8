/**
 * The documents' compressor (shared/http/service.ts, ServiceOptions.compress): node:zlib. On
 * Bun it runs off the main thread, so compressing a document never holds up a request; Brotli
 * at its best quality and gzip at level 9, as each document is compressed once per process, on
 * its first request that accepts a coding, and every later request sends the smaller body.
 * node:zlib itself is loaded on that first request: loading it at start slowed the cold start. The Worker (api/workers/worker.ts, nodejs_compat) uses the same code with a lower
 * Brotli quality for all but small bodies: there it runs in the request's own isolate, on its
 * CPU time.
 */
import type { Compressor } from "../../shared/http/documents.ts";

/** How hard each coding works. */
export interface CompressionLevels {
  /** Brotli's quality (0–11) for a body of `size` bytes. */
  brotliQuality: (size: number) => number;
  /** gzip's level (0–9). */
  gzipLevel: number;
}

/** A node:zlib compressor at the given levels. */
export function zlibCompressor(levels: CompressionLevels): Compressor {
  let zlib: Promise<typeof import("node:zlib")> | undefined;
  return async (bytes, coding) => {
    zlib ??= import("node:zlib");
    const { brotliCompress, constants, gzip } = await zlib;
    return new Promise((resolve, reject) => {
      const done = (error: Error | null, result: Uint8Array): void => (error ? reject(error) : resolve(result));
      if (coding === "br") {
        const params = {
          [constants.BROTLI_PARAM_QUALITY]: levels.brotliQuality(bytes.byteLength),
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        };
        brotliCompress(bytes, { params }, done);
      } else {
        gzip(bytes, { level: levels.gzipLevel }, done);
      }
    });
  };
}

/** `bun run api`'s compressor: Brotli at quality 11, gzip at level 9. */
export const compress: Compressor = zlibCompressor({ brotliQuality: () => 11, gzipLevel: 9 });
