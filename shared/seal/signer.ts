/**
 * What seals jobs and signs receipts (D27), held by the host and handed to the engine in its
 * context, as it hands the clock and the random source; the engine never sees a key. Two kinds
 * of key: the Ed25519 signing key, whose public part the JWKS publishes and which signs receipts
 * (anyone checks them), and the seal key derived from it (HKDF-SHA256, SEAL_KEY_INFO), a secret
 * that MACs jobs (only the service checks them: a job comes back to it on every action). The
 * host builds a Signer from its settings (keys/ed25519-keys.ts) with the runtime's crypto,
 * synchronously; no sealing means no seals and no signatures (SEALS=off).
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
  /** The kid of the current signing key; a seal names it too (its seal key derives from that key). */
  readonly kid: string;
  /** The Ed25519 signature (64 bytes) of `data` by the current key. */
  sign(data: Uint8Array): Uint8Array;
  /** Whether `signature` is an Ed25519 signature of `data` by the key `kid` (current or previous); false for an unknown kid. */
  verify(kid: string, data: Uint8Array, signature: Uint8Array): boolean;
  /**
   * The HMAC-SHA256 under the seal key derived from the signing key `kid` of texts that begin
   * with `prefix` (a seal's protected header and its dot): a function of the rest of the text
   * (UTF-8), given as one or two pieces, that gives the MAC of `prefix + rest + end` as base64url
   * without padding. The prefix is absorbed once, not on every seal. null when no key of that kid
   * with its private part is held (a previous key given public only checks receipts, not seals).
   */
  mac(kid: string, prefix: string): ((rest: string, end?: string) => string) | null;
  /** The kids whose seal keys this signer holds: the current one first, then previous keys given with their private part. */
  readonly sealKids: readonly string[];
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

/**
 * SEALS=required on a host without a usable signing key (a Worker without its SIGNING_KEY
 * secret): the engines answer seals_unavailable (503) rather than serve unsealed jobs.
 */
export interface UnusableSealing {
  mode: "required";
  signer: null;
}
