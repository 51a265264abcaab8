/**
 * What a JWK says it is for (RFC 7517 §4.2 `use`, §4.3 `key_ops`, §4.4 `alg`; RFC 8037 for
 * EdDSA), held against what the service uses it for: a SIGNING_KEY (or a private previous key)
 * signs, a public SIGNING_PREVIOUS_KEYS entry checks signatures. A key that says it is for
 * something else is refused like any other bad key (D27): published in the JWKS, it would be
 * offered for what it says it is not.
 */

/** What the service does with a key: sign with it (a private key), or check signatures with it. */
type KeyPurpose = "sign" | "verify";

/** The key operations an Ed25519 signature key may be declared for (RFC 7517 §4.3). */
const KEY_OPS = ["sign", "verify"];

const WORDS = {
  sign: { does: "signs with EdDSA", doing: "signing", ops: '"sign" (and "verify")' },
  verify: { does: "checks EdDSA signatures", doing: "verifying", ops: '"verify"' },
} as const;

/**
 * What a JWK's optional members say that disagrees with `purpose`, as the end of a sentence that
 * quotes none of its values; null when they agree. `alg` must be EdDSA (or Ed25519, RFC 9864),
 * `use` sig, `key_ops` a list of sign and verify that holds the operation of `purpose`.
 */
export function purposeDisagreement(jwk: Record<string, unknown>, purpose: KeyPurpose): string | null {
  const words = WORDS[purpose];
  if (jwk.alg !== undefined && jwk.alg !== "EdDSA" && jwk.alg !== "Ed25519")
    return `"alg" is not EdDSA: this key ${words.does}; remove "alg" or set it to "EdDSA".`;
  if (jwk.use !== undefined && jwk.use !== "sig")
    return `"use" is not "sig": this key ${words.does}; remove "use" or set it to "sig".`;
  const ops = jwk.key_ops;
  if (
    ops !== undefined &&
    (!Array.isArray(ops) || !ops.includes(purpose) || ops.some((op) => !KEY_OPS.includes(op as string)))
  )
    return `"key_ops" does not allow ${words.doing}: remove it, or list ${words.ops} only.`;
  return null;
}
