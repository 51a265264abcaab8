/**
 * What signs and checks seals and receipt signatures (issue 25, D27): Ed25519 keys that the host
 * holds and the engine never sees. The host builds one from its settings (api/host/keys.ts, with
 * the runtime's crypto, synchronously) and hands it to the engine in its context, as it hands the
 * clock and the random source; no signer means no seals and no signatures (SEALS=off).
 */

/** A public key as the JWKS publishes it: OKP / Ed25519, with its kid, never a private part. */
export interface PublicJwk {
  kty: "OKP";
  crv: "Ed25519";
  /** The public key, base64url. */
  x: string;
  /** RFC 7638 thumbprint (SHA-256, base64url) of the key. */
  kid: string;
  alg: "EdDSA";
  use: "sig";
}

/** Signs with the current key; checks with the current or a previous one. */
export interface Signer {
  /** The kid of the current signing key. */
  readonly kid: string;
  /** The Ed25519 signature (64 bytes) of `data` by the current key. */
  sign(data: Uint8Array): Uint8Array;
  /** Whether `signature` is an Ed25519 signature of `data` by the key `kid` (current or previous); false for an unknown kid. */
  verify(kid: string, data: Uint8Array, signature: Uint8Array): boolean;
  /** The public keys, current first: GET /.well-known/jwks.json's `keys`. */
  readonly keys: readonly PublicJwk[];
}

/** The SEALS setting: seal and check (on, the default), refuse unsealed jobs (required), or neither (off). */
export type SealMode = "on" | "required" | "off";

/** What the engine is given for seals and signatures; absent when SEALS=off. */
export interface Sealing {
  mode: Exclude<SealMode, "off">;
  signer: Signer;
}
