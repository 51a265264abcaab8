/**
 * An Ed25519 signer for the tests, with node:crypto (as the hosts build theirs): a fresh key, or
 * one with previous public keys for rotation. The kid is the RFC 7638 thumbprint; the seal key is
 * HKDF-SHA256 of the private key's bytes with SEAL_KEY_INFO (D27), written out here again so the
 * tests check the host's derivation against an independent one.
 */
import {
  createHash,
  createHmac,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  sign,
  verify,
} from "node:crypto";
import { SEAL_KEY_INFO } from "../../shared/protocol/integrity-members.ts";
import type { PublicJwk, Signer } from "../../shared/seal/signer.ts";

/** The public JWK of `key`, with its RFC 7638 thumbprint as kid. */
function publicJwk(key: KeyObject): PublicJwk {
  const { x } = key.export({ format: "jwk" }) as { x: string };
  const kid = createHash("sha256")
    .update(JSON.stringify({ crv: "Ed25519", kty: "OKP", x }))
    .digest("base64url");
  return { kty: "OKP", crv: "Ed25519", x, kid, alg: "EdDSA", use: "sig" };
}

/** The seal key of an Ed25519 private key: HKDF-SHA256(d, no salt, SEAL_KEY_INFO, 32 bytes). */
export function testSealKey(key: KeyObject): Buffer {
  const { d } = key.export({ format: "jwk" }) as { d: string };
  return Buffer.from(hkdfSync("sha256", Buffer.from(d, "base64url"), Buffer.alloc(0), SEAL_KEY_INFO, 32));
}

/** A new key pair. */
export const newKeyPair = () => generateKeyPairSync("ed25519");

/**
 * A signer over `pair` (a fresh one unless given) that also accepts the `previous` public keys for
 * receipts, and the seals of the `previousPrivate` keys.
 */
export function testSigner(pair = newKeyPair(), previous: KeyObject[] = [], previousPrivate: KeyObject[] = []): Signer {
  const current = publicJwk(pair.publicKey);
  const publics = new Map([pair.publicKey, ...previous].map((key) => [publicJwk(key).kid, key]));
  const sealKeys = new Map(
    [pair.privateKey, ...previousPrivate].map((key) => [publicJwk(createPublicKey(key)).kid, testSealKey(key)]),
  );
  return {
    kid: current.kid,
    sign: (data) => new Uint8Array(sign(null, data, pair.privateKey)),
    verify: (kid, data, signature) => {
      const key = publics.get(kid);
      return key !== undefined && verify(null, data, key, signature);
    },
    mac: (kid, prefix) => {
      const key = sealKeys.get(kid);
      return key
        ? (rest, end = "") =>
            createHmac("sha256", key)
              .update(prefix + rest + end)
              .digest("base64url")
        : null;
    },
    sealKids: [...sealKeys.keys()],
    keys: [pair.publicKey, ...previous].map(publicJwk),
  };
}
