/**
 * Gives the shared code Bun's native SHA-256 (same digests as shared/lib/sha256.ts, checked on
 * install). Imported first by server.ts, so the document ETags (about 430 KB of text in all,
 * each document's on its first request) hash natively instead of in not-yet-compiled
 * JavaScript.
 */
import { installSha256 } from "../shared/lib/sha256.ts";

installSha256((text) => Bun.SHA256.hash(text, "hex"));
