/**
 * The deployment's Ed25519 keys and the Signer the engine seals jobs and signs receipts with
 * (shared/seal/signer.ts, D27). The settings that give the keys (SIGNING_KEY,
 * SIGNING_PREVIOUS_KEYS, SEALS) are read in key-settings.ts, the default key file in key-file.ts.
 * A seal key is derived from each private key held (HKDF-SHA256 of its 32 private bytes, info
 * SEAL_KEY_INFO), so every process and runtime given one signing key seals alike.
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
  createHmac,
  createPrivateKey,
  createPublicKey,
  hkdfSync,
  KeyObject,
  sign,
  timingSafeEqual,
  verify,
} from "node:crypto";
import { base64UrlToBytes, bytesToBase64Url } from "../shared/lib/base64url.ts";
import { SEAL_KEY_INFO } from "../shared/protocol/integrity-members.ts";
import type { PublicJwk, Signer } from "../shared/seal/signer.ts";

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
 * A key of before a rotation (SIGNING_PREVIOUS_KEYS): its public JWK, which still checks receipts,
 * or its private key, which also keeps its seals valid.
 */
export type PreviousKey = PublicJwk | KeyObject;

/** The 32 private bytes of an Ed25519 private key. */
export const privateBytes = (key: KeyObject): Uint8Array => raw32(key.export({ format: "jwk" }).d)!;

/** Bun's incremental hasher, which MACs a seal in about half the time of node:crypto's createHmac there. */
interface BunHasher {
  copy(): BunHasher;
  update(input: string): BunHasher;
  digest(encoding: "base64url"): string;
}
const BunCryptoHasher = (globalThis as { Bun?: { CryptoHasher: new (alg: string, key: Uint8Array) => BunHasher } }).Bun
  ?.CryptoHasher;

/**
 * A maker of HMAC-SHA256 under `key` of texts beginning with `prefix`, as a function of the rest,
 * in one or two pieces (base64url). A runtime may bring its own (api/host/assemble.ts `Runtime`:
 * workerd's is shared/lib/hmac-sha256.ts, its createHmac costing more).
 */
export type MacMaker = (key: Uint8Array, prefix: string) => (rest: string, end?: string) => string;

/** The default maker: on Bun a hasher that has absorbed the key and the prefix once and is copied per text; else createHmac. */
const macOf: MacMaker = (key, prefix) => {
  if (BunCryptoHasher) {
    const primed = new BunCryptoHasher("sha256", key).update(prefix);
    return (rest, end) => {
      const hasher = primed.copy().update(rest);
      return (end === undefined ? hasher : hasher.update(end)).digest("base64url");
    };
  }
  return (rest, end) => {
    const hmac = createHmac("sha256", key).update(prefix).update(rest);
    return (end === undefined ? hmac : hmac.update(end)).digest("base64url");
  };
};

/** The seal key of an Ed25519 private key (D27): HKDF-SHA256 of its 32 private bytes, no salt, info SEAL_KEY_INFO, 32 bytes. */
const sealKeyOf = (key: KeyObject): Uint8Array =>
  new Uint8Array(hkdfSync("sha256", privateBytes(key), new Uint8Array(0), SEAL_KEY_INFO, 32));

/**
 * The Signer of `privateKey` (Ed25519): signs receipts with it and seals jobs with its seal key;
 * checks receipts with it or a previous key, and seals with its seal key or a previous private
 * key's, found by kid. `keys` lists the current key first, then each previous key once (the current
 * one is not repeated), with no private part.
 */
export function signerFromKeys(
  privateKey: KeyObject,
  previousKeys: readonly PreviousKey[] = [],
  makeMac: MacMaker = macOf,
): Signer {
  if (privateKey.type !== "private" || privateKey.asymmetricKeyType !== "ed25519")
    throw new TypeError("signerFromKeys needs an Ed25519 private key");
  const current = publicJwk(publicX(privateKey));
  const verifiers = new Map<string, KeyObject>([[current.kid, createPublicKey(privateKey)]]);
  const sealKeys = new Map<string, Uint8Array>([[current.kid, sealKeyOf(privateKey)]]);
  const keys: PublicJwk[] = [current];
  for (const previous of previousKeys) {
    const held = previous instanceof KeyObject ? previous : null;
    const jwk = publicJwk(held ? publicX(held) : (previous as PublicJwk).x);
    if (held && !sealKeys.has(jwk.kid)) sealKeys.set(jwk.kid, sealKeyOf(held));
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
      // input and comparing is the same check as verifying, at about a third of the cost.
      if (kid === current.kid) return timingSafeEqual(sign(null, data, privateKey), signature);
      try {
        return verify(null, data, key, signature);
      } catch {
        return false;
      }
    },
    mac(kid, prefix) {
      const key = sealKeys.get(kid);
      return key === undefined ? null : makeMac(key, prefix);
    },
    sealKids: Object.freeze([...sealKeys.keys()]),
    keys: Object.freeze(keys.map((key) => Object.freeze(key))),
  };
}

/** The Ed25519 public key of `x` (32 bytes, base64url; throws when it is not one). */
export const publicKeyOf = (x: string): KeyObject =>
  createPublicKey({ key: Buffer.from(der(SPKI_PREFIX, raw32(x)!)), format: "der", type: "spki" });

/** The Ed25519 private key of the 32 bytes `d`. */
export const privateKeyOf = (d: Uint8Array): KeyObject =>
  createPrivateKey({ key: Buffer.from(der(PKCS8_PREFIX, d)), format: "der", type: "pkcs8" });

/** A previous key as SIGNING_PREVIOUS_KEYS lists it: its public JWK, or its private JWK when it is held. */
export const previousKeyJwk = (key: PreviousKey): object =>
  key instanceof KeyObject ? JSON.parse(privateKeyText(key)) : key;

/**
 * The private JWK of `key` as JSON text: what the default key file holds, and what
 * `bun run api:workers` hands workerd as its SIGNING_KEY binding. Private: never log it.
 */
export function privateKeyText(key: KeyObject): string {
  const { d } = key.export({ format: "jwk" });
  const x = publicX(key);
  return JSON.stringify({ kty: "OKP", crv: "Ed25519", d, x, kid: thumbprint(x), alg: "EdDSA", use: "sig" });
}
