/**
 * The build's last step (an integration in astro.config.mjs): every text file of the built site
 * gets a Brotli (`.br`, best quality) and a gzip (`.gz`, level 9) copy beside it, so the server
 * (api/host/static-files.ts) sends the smaller form a client accepts without compressing anything per
 * request. A copy that would not be smaller is not written.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** The files worth compressing: text, by extension. */
const TEXT = /\.(html|css|js|mjs|json|md|txt|xml|svg)$/i;
/** Below this many bytes a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

/** Every file below `dir`, recursively. */
function* filesBelow(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesBelow(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes the .br and .gz copies of the text files below `dir`; returns how many copies it wrote. */
export function precompress(dir: string): number {
  let written = 0;
  for (const path of filesBelow(dir)) {
    if (!TEXT.test(path) || statSync(path).size < MIN_BYTES) continue;
    const bytes = readFileSync(path);
    const forms = {
      br: brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        },
      }),
      gz: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }),
    };
    for (const [suffix, compressed] of Object.entries(forms)) {
      if (compressed.byteLength >= bytes.byteLength) continue;
      writeFileSync(`${path}.${suffix}`, compressed);
      written++;
    }
  }
  return written;
}
