/**
 * The key_id the page shows for its demo key (D14, shared/protocol/keys.ts), hashed with the
 * browser's WebCrypto: the engine's own synchronous SHA-256 (shared/lib/sha256.ts) would weigh
 * on the page's script for one hash per minted key (docs/performance.md). WebCrypto answers
 * later, so the first drawing after a change shows "…" and the next one the id.
 */
import { keyIdOfDigest } from "../../../shared/protocol/keys.ts";

let known: { key: string; id: string | null } | null = null;

/** The key_id of `key`, or "…" while it is computed (`onReady` runs once it is). */
export function keyIdShown(key: string, onReady: () => void): string {
  if (known?.key === key) return known.id ?? "…";
  const asked = { key, id: null as string | null };
  known = asked;
  void crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)).then((digest) => {
    asked.id = keyIdOfDigest(Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join(""));
    if (known === asked) onReady();
  });
  return "…";
}
