/**
 * What Bun brings to the host assembly (api/host/assemble.ts): its own files for the built site,
 * bodies held to their Content-Length, the documents' compressor, stderr as the error log, and
 * its native SHA-256. In a module of its own because server.ts listens on import: the bench's
 * reference server (scripts/bench/signature-only-server.ts) assembles the same Bun host.
 */
import type { Runtime } from "../host/assemble.ts";
import { compress } from "../host/compress.ts";
import { wasmKeccak, wasmRecover } from "../host/x402-wasm.ts";
import { bunFiles } from "./files.ts";

/** Writes one entry of the error log to stderr. */
export const logError = (entry: string): void => void process.stderr.write(`${entry}\n`);

/** Bun's runtime for the assembly, serving the built site from `siteDir`. */
export const bunRuntime = (siteDir: string): Runtime => ({
  site: { files: bunFiles, dir: siteDir },
  framedBodies: true,
  compress,
  errorLog: logError,
  sha256: (text) => Bun.SHA256.hash(text, "hex"),
  recover: wasmRecover,
  keccak: wasmKeccak,
});
