/**
 * The signing settings (issue 25): SIGNING_KEY (an Ed25519 private key as a JWK or a PKCS#8
 * PEM), SIGNING_PREVIOUS_KEYS (public JWKs of earlier keys, for rotation) and SEALS, and the
 * engine's sealing made of them (keys.ts's Signer). Without SIGNING_KEY the key is the default
 * key file's (key-file.ts). Every runtime reads them alike (settings.ts; the Worker's bindings
 * too). No message here ever quotes a key: a refused SIGNING_KEY is named, never echoed.
 */
import { createPrivateKey, type KeyObject } from "node:crypto";
import { bytesToBase64Url } from "../../shared/lib/base64url.ts";
import { isObject } from "../../shared/lib/json.ts";
import type { PublicJwk, Sealing, SealMode } from "../../shared/seal/signer.ts";
import { kidOf, privateKeyOf, publicJwk, publicKeyOf, publicX, raw32, signerFromKeys } from "./keys.ts";
import { SettingError } from "./setting-error.ts";

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
  return key;
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

/**
 * The previous public keys SIGNING_PREVIOUS_KEYS lists, for rotation: none when unset or blank;
 * else a JSON array of public Ed25519 JWKs, or a JWKS (`{"keys":[...]}`, a former deployment's
 * /.well-known/jwks.json as it is). An entry with a private part (`d`) is refused: this setting
 * is not a secret (a Workers var). A `kid`, when given, must be the key's RFC 7638 thumbprint.
 */
export function readPreviousKeys(value: string | undefined, setting = "SIGNING_PREVIOUS_KEYS"): PublicJwk[] {
  const text = value?.trim() ?? "";
  if (text === "") return [];
  const forms = 'a JSON array of public Ed25519 JWKs, or a JWKS ({"keys":[...]})';
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

function previousKey(entry: unknown, where: string): PublicJwk {
  if (!isObject(entry) || entry.kty !== "OKP" || entry.crv !== "Ed25519")
    throw new SettingError(`${where} is not an Ed25519 public key: a JWK with kty "OKP", crv "Ed25519" and "x".`);
  if (entry.d !== undefined)
    throw new SettingError(
      `${where} holds a private part ("d"): list public keys only (the private key belongs in SIGNING_KEY, a secret).`,
    );
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
  return jwk;
}

/** What SEALS asks for: `on` when unset or blank, else on, required or off; anything else stops the start. */
export function sealMode(value: string | undefined): SealMode {
  const text = value?.trim().toLowerCase() ?? "";
  if (text === "") return "on";
  if (text === "on" || text === "required" || text === "off") return text;
  throw new SettingError(`SEALS must be on, required or off; got ${JSON.stringify(value)}.`);
}

/** The signing settings of a deployment (ServiceSettings.signing). */
export interface SigningSettings {
  /** SEALS. */
  seals: SealMode;
  /** The current private key: SIGNING_KEY's, or the default key file's once read (key-file.ts); null for none. */
  key: KeyObject | null;
  /** Where the key came from, for the start line: SIGNING_KEY, or the key file's path. */
  source?: string;
  /** SIGNING_PREVIOUS_KEYS. */
  previous: readonly PublicJwk[];
}

/**
 * The engine's sealing (shared/seal/signer.ts) of `signing`: its mode and the key's Signer;
 * undefined with SEALS=off, or without a key.
 */
export function sealingOf(signing: SigningSettings): Sealing | undefined {
  if (signing.seals === "off" || signing.key === null) return undefined;
  return { mode: signing.seals, signer: signerFromKeys(signing.key, signing.previous) };
}

/** What a start line says of seals: `seals off`, or the mode, the kid and where the key came from. */
export function sealsNote(signing: SigningSettings): string {
  if (signing.seals === "off" || signing.key === null) return "seals off";
  return `seals ${signing.seals}, kid ${kidOf(signing.key)}${signing.source ? ` from ${signing.source}` : ""}`;
}
