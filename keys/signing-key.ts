/**
 * SIGNING_KEY read as an Ed25519 private key: a JWK (every member it states checked against the
 * key) or a PKCS#8 PEM; what is wrong is said without quoting the key.
 */
import { createPrivateKey, type KeyObject } from "node:crypto";
import { bytesToBase64Url } from "../shared/lib/base64url.ts";
import { isObject } from "../shared/lib/json.ts";
import { SettingError } from "../shared/settings/setting-error.ts";
import { privateKeyOf, publicX, raw32, thumbprint } from "./ed25519-keys.ts";
import { purposeDisagreement } from "./jwk-purpose.ts";

/** What a refused key must be, said after what is wrong with it. */
const KEY_FORMS = 'an Ed25519 private key as a JWK ({"kty":"OKP","crv":"Ed25519","d":"...","x":"..."}) or a PKCS#8 PEM';

/**
 * The Ed25519 private key in `value`: a JWK (JSON, kty OKP, crv Ed25519, with `d`; `x`, when
 * given, must be its public key) or a PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----"; `\n` written
 * as two characters, as an environment file may hold it, is read as a line break). Anything else
 * throws a SettingError naming `setting` and never quoting the value.
 */
export function readSigningKey(value: string, setting = "SIGNING_KEY"): KeyObject {
  const text = value.trim();
  if (text.startsWith("{")) return keyFromJwk(text, setting);
  if (text.startsWith("-----BEGIN")) return keyFromPem(text.replaceAll("\\n", "\n"), setting);
  throw new SettingError(`${setting} must be ${KEY_FORMS}; it is neither.`);
}

function keyFromJwk(text: string, setting: string): KeyObject {
  let jwk: unknown;
  try {
    jwk = JSON.parse(text);
  } catch {
    // (JSON.parse's own message quotes the text.)
    throw new SettingError(`${setting} is not valid JSON; it must be ${KEY_FORMS}.`);
  }
  if (!isObject(jwk) || jwk.kty !== "OKP" || jwk.crv !== "Ed25519")
    throw new SettingError(`${setting} is not an Ed25519 key (kty "OKP", crv "Ed25519"); it must be ${KEY_FORMS}.`);
  if (jwk.d === undefined)
    throw new SettingError(
      `${setting} has no private part ("d"): it is a public key, which cannot sign; it must be ${KEY_FORMS}.`,
    );
  const d = raw32(jwk.d);
  if (d === null)
    throw new SettingError(`${setting}'s "d" is not 32 bytes of base64url, as an Ed25519 private key's is.`);
  const key = privateKeyOf(d);
  if (jwk.x !== undefined && (raw32(jwk.x) === null || bytesToBase64Url(raw32(jwk.x)!) !== publicX(key)))
    throw new SettingError(`${setting}'s "x" is not the public key of its "d": the JWK is damaged or mixes two keys.`);
  const disagreement = jwkDisagreement(jwk, thumbprint(publicX(key)));
  if (disagreement) throw new SettingError(`${setting}'s ${disagreement}`);
  return key;
}

/**
 * What a JWK's optional members say that disagrees with the Ed25519 signing key it holds, as the
 * end of a sentence that quotes none of its values; null when they agree. `kid` must be the key's
 * RFC 7638 thumbprint; `alg`, `use` and `key_ops` must say it signs (jwk-purpose.ts).
 */
function jwkDisagreement(jwk: Record<string, unknown>, kid: string): string | null {
  if (jwk.kid !== undefined && jwk.kid !== kid)
    return '"kid" is not the key\'s RFC 7638 thumbprint: remove it, or correct it to the kid the service reports at start.';
  return purposeDisagreement(jwk, "sign");
}

function keyFromPem(pem: string, setting: string): KeyObject {
  if (/^-----BEGIN PUBLIC KEY-----/.test(pem))
    throw new SettingError(`${setting} is a public key, which cannot sign; it must be ${KEY_FORMS}.`);
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: "pem" });
  } catch {
    throw new SettingError(`${setting} is not a PEM private key that can be read; it must be ${KEY_FORMS}.`);
  }
  if (key.asymmetricKeyType !== "ed25519")
    throw new SettingError(
      `${setting} is not an Ed25519 key (it is ${key.asymmetricKeyType ?? "another kind"}); it must be ${KEY_FORMS}.`,
    );
  return key;
}
