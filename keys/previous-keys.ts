/**
 * SIGNING_PREVIOUS_KEYS: the keys of a rotation, public (they check the receipts they signed) or
 * private (they also keep their seals valid), each checked as SIGNING_KEY is.
 */
import { bytesToBase64Url } from "../shared/lib/base64url.ts";
import { isObject } from "../shared/lib/json.ts";
import { SettingError } from "../shared/settings/setting-error.ts";
import { type PreviousKey, publicJwk, publicKeyOf, raw32 } from "./ed25519-keys.ts";
import { purposeDisagreement } from "./jwk-purpose.ts";
import { readSigningKey } from "./signing-key.ts";

/**
 * The previous keys SIGNING_PREVIOUS_KEYS lists, for rotation: none when unset or blank; else a
 * JSON array of Ed25519 JWKs, or a JWKS (`{"keys":[...]}`, a former deployment's
 * /.well-known/jwks.json as it is). A public JWK still checks the receipts its key signed; a
 * private one (with `d`: the former SIGNING_KEY, which makes this setting a secret) also keeps
 * the seals of the jobs its key sealed valid. A `kid`, when given, must be the key's RFC 7638
 * thumbprint, and `alg`, `use` and `key_ops` must say it checks EdDSA signatures (a private one:
 * that it signs, as SIGNING_KEY's must; jwk-purpose.ts).
 */
export function readPreviousKeys(value: string | undefined, setting = "SIGNING_PREVIOUS_KEYS"): PreviousKey[] {
  const text = value?.trim() ?? "";
  if (text === "") return [];
  const forms = 'a JSON array of Ed25519 JWKs, or a JWKS ({"keys":[...]})';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SettingError(`${setting} is not valid JSON; it must be ${forms}.`);
  }
  const list = Array.isArray(parsed) ? parsed : isObject(parsed) && Array.isArray(parsed.keys) ? parsed.keys : null;
  if (list === null) throw new SettingError(`${setting} must be ${forms}.`);
  return list.map((entry: unknown, index) => previousKey(entry, `${setting}[${index}]`));
}

function previousKey(entry: unknown, where: string): PreviousKey {
  if (!isObject(entry) || entry.kty !== "OKP" || entry.crv !== "Ed25519")
    throw new SettingError(`${where} is not an Ed25519 key: a JWK with kty "OKP", crv "Ed25519" and "x" (or "d").`);
  // A private key: read as SIGNING_KEY is, every member checked against it.
  if (entry.d !== undefined) return readSigningKey(JSON.stringify(entry), where);
  const x = raw32(entry.x);
  if (x === null) throw new SettingError(`${where}'s "x" is not 32 bytes of base64url, as an Ed25519 public key's is.`);
  const jwk = publicJwk(bytesToBase64Url(x));
  try {
    publicKeyOf(jwk.x);
  } catch {
    throw new SettingError(`${where}'s "x" is not an Ed25519 public key.`);
  }
  if (entry.kid !== undefined && entry.kid !== jwk.kid)
    throw new SettingError(
      `${where}'s kid ${JSON.stringify(entry.kid)} is not its RFC 7638 thumbprint (${jwk.kid}); remove it or correct it.`,
    );
  // A public key here checks the receipts it signed: it must not say it is for anything else.
  const disagreement = purposeDisagreement(entry, "verify");
  if (disagreement) throw new SettingError(`${where}'s ${disagreement}`);
  return jwk;
}
