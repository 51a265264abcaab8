/**
 * The signing key of every server the tests start (live-server.ts), unless a test gives its own:
 * RFC 8032's first Ed25519 test key (§7.1, TEST 1), public and well known, so its kid (RFC 8037
 * A.3's thumbprint) and its signatures are known answers. It is given to the servers as
 * SIGNING_KEY_FILE, a file under the system's temporary folder, so that the key-file path runs on
 * every runtime and no test run writes the default key file (~/.agent-escrow-demo/signing-key.json).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** RFC 8032 §7.1 TEST 1 as a private JWK (RFC 8037 Appendix A.1). */
export const TEST_SIGNING_JWK = {
  kty: "OKP",
  crv: "Ed25519",
  d: "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A",
  x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo",
} as const;

/** Its kid: the RFC 7638 thumbprint RFC 8037 Appendix A.3 gives for it. */
export const TEST_KID = "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k";

/** Its public key set, as /.well-known/jwks.json serves it. */
export const TEST_JWKS = {
  keys: [{ kty: "OKP", crv: "Ed25519", x: TEST_SIGNING_JWK.x, kid: TEST_KID, alg: "EdDSA", use: "sig" }],
} as const;

/** The key file's text. */
const TEXT = `${JSON.stringify(TEST_SIGNING_JWK)}\n`;

/** The test key's file, written (whole, mode 0600) when missing or different; its path. */
export function testKeyFile(): string {
  const folder = join(tmpdir(), "agent-escrow-demo-tests");
  const path = join(folder, "signing-key.json");
  let current: string | null = null;
  try {
    current = readFileSync(path, "utf8");
  } catch {
    // Not there yet.
  }
  if (current !== TEXT) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, TEXT, { mode: 0o600 });
    renameSync(temporary, path);
  }
  return path;
}
