/**
 * The deployment's Ed25519 keys (issue 25) and the Signer the engine seals jobs and signs receipts
 * with (shared/seal/signer.ts). The settings that give the keys (SIGNING_KEY, SIGNING_PREVIOUS_KEYS,
 * SEALS) are read in key-settings.ts, the default key file in key-file.ts.
 *
 * node:crypto's one-shot `sign` and `verify`, because the engine is synchronous: they are
 * synchronous on Bun, Node, Deno and Workers (`nodejs_compat`), and Ed25519 signatures are
 * deterministic (RFC 8032), so one key gives the same signature on every runtime. A JWK's key is
 * read from its 32 raw bytes (as PKCS#8 or SPKI DER), not through each runtime's JWK import,
 * whose strictness differs. A kid is the key's RFC 7638 thumbprint, so the same key has the same
 * kid everywhere.
 */
import { Buffer } from "node:buffer";
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  sign,
  timingSafeEqual,
  verify,
} from "node:crypto";
import { base64UrlToBytes, bytesToBase64Url } from "../../shared/lib/base64url.ts";
import type { PublicJwk, Signer } from "../../shared/seal/signer.ts";

/** The DER prefix of an Ed25519 private key in PKCS#8 (RFC 8410 §7), before its 32 bytes. */
const PKCS8_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);
/** The DER prefix of an Ed25519 public key in SubjectPublicKeyInfo (RFC 8410 §4), before its 32 bytes. */
const SPKI_PREFIX = Uint8Array.from([0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]);

const der = (prefix: Uint8Array, raw: Uint8Array): Uint8Array => {
  const bytes = new Uint8Array(prefix.length + raw.length);
  bytes.set(prefix);
  bytes.set(raw, prefix.length);
  return bytes;
};

/** The 32 bytes of an Ed25519 key member (`d` or `x`), or null when it is not 32 bytes of base64url. */
export const raw32 = (value: unknown): Uint8Array | null => {
  const bytes = typeof value === "string" ? base64UrlToBytes(value) : null;
  return bytes?.length === 32 ? bytes : null;
};

/** The RFC 7638 thumbprint of an Ed25519 public key `x`: SHA-256 of its required members in order, base64url. */
export function thumbprint(x: string): string {
  const digest = createHash("sha256").update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest();
  return bytesToBase64Url(new Uint8Array(digest.buffer, digest.byteOffset, digest.byteLength));
}

/** The public JWK of `x` (base64url of the 32-byte public key), as the JWKS publishes it. */
export const publicJwk = (x: string): PublicJwk => ({
  kty: "OKP",
  crv: "Ed25519",
  x,
  kid: thumbprint(x),
  alg: "EdDSA",
  use: "sig",
});

/** The public key `x` (base64url) of an Ed25519 private key. */
export function publicX(key: KeyObject): string {
  const spki = createPublicKey(key).export({ format: "der", type: "spki" });
  if (spki.byteLength !== SPKI_PREFIX.length + 32) throw new TypeError("not an Ed25519 key");
  return bytesToBase64Url(new Uint8Array(spki.buffer, spki.byteOffset + SPKI_PREFIX.length, 32));
}

/** The kid of an Ed25519 key: its public key's RFC 7638 thumbprint. */
export const kidOf = (key: KeyObject): string => thumbprint(publicX(key));

/**
 * The Signer of `privateKey` (Ed25519): signs with it; verifies with it or with one of
 * `previousKeys` (public, for rotation), found by kid. `keys` lists the current key first, then
 * each previous key once (the current one is not repeated), with no private part.
 */
export function signerFromKeys(privateKey: KeyObject, previousKeys: readonly PublicJwk[] = []): Signer {
  if (privateKey.type !== "private" || privateKey.asymmetricKeyType !== "ed25519")
    throw new TypeError("signerFromKeys needs an Ed25519 private key");
  const current = publicJwk(publicX(privateKey));
  const verifiers = new Map<string, KeyObject>([[current.kid, createPublicKey(privateKey)]]);
  const keys: PublicJwk[] = [current];
  for (const previous of previousKeys) {
    const jwk = publicJwk(previous.x);
    if (verifiers.has(jwk.kid)) continue;
    verifiers.set(jwk.kid, publicKeyOf(jwk.x));
    keys.push(jwk);
  }
  return {
    kid: current.kid,
    sign(data) {
      const signature = sign(null, data, privateKey);
      return new Uint8Array(signature.buffer, signature.byteOffset, signature.byteLength);
    },
    verify(kid, data, signature) {
      const key = verifiers.get(kid);
      if (key === undefined || signature.byteLength !== 64) return false;
      // Ed25519 signatures are deterministic (RFC 8032): for the current key, signing the same
      // input and comparing is the same check as verifying, at about a third of the cost
      // (measured: 15 against 51 µs on Bun), and every action checks a seal.
      if (kid === current.kid) return timingSafeEqual(sign(null, data, privateKey), signature);
      try {
        return verify(null, data, key, signature);
      } catch {
        return false;
      }
    },
    keys: Object.freeze(keys.map((key) => Object.freeze(key))),
  };
}

/** The Ed25519 public key of `x` (32 bytes, base64url; throws when it is not one). */
export const publicKeyOf = (x: string): KeyObject =>
  createPublicKey({ key: Buffer.from(der(SPKI_PREFIX, raw32(x)!)), format: "der", type: "spki" });

/** The Ed25519 private key of the 32 bytes `d`. */
export const privateKeyOf = (d: Uint8Array): KeyObject =>
  createPrivateKey({ key: Buffer.from(der(PKCS8_PREFIX, d)), format: "der", type: "pkcs8" });

/**
 * The private JWK of `key` as JSON text: what the default key file holds, and what
 * `bun run api:workers` hands workerd as its SIGNING_KEY binding. Private: never log it.
 */
export function privateKeyText(key: KeyObject): string {
  const { d } = key.export({ format: "jwk" });
  const x = publicX(key);
  return JSON.stringify({ kty: "OKP", crv: "Ed25519", d, x, kid: thumbprint(x), alg: "EdDSA", use: "sig" });
}
