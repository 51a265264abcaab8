/**
 * The signing settings (D27): SIGNING_KEY (an Ed25519 private key as a JWK or a PKCS#8 PEM),
 * SIGNING_PREVIOUS_KEYS (earlier keys, for rotation: public JWKs, which still check receipts, or
 * private ones, which also keep their seals valid) and SEALS, and the engine's sealing made of
 * them (keys.ts's Signer). Without SIGNING_KEY the key is the default key file's (key-file.ts).
 * Every runtime reads them alike (api/host/settings.ts, mcp/stdio.ts; the Worker's bindings too). No message here ever
 * quotes a key: a refused key is named, never echoed.
 */
import { createPrivateKey, type KeyObject } from "node:crypto";
import { bytesToBase64Url } from "../shared/lib/base64url.ts";
import { isObject } from "../shared/lib/json.ts";
import type { Sealing, SealMode, UnusableSealing } from "../shared/seal/signer.ts";
import { SettingError } from "../shared/settings/setting-error.ts";
import {
  kidOf,
  type PreviousKey,
  privateKeyOf,
  publicJwk,
  publicKeyOf,
  publicX,
  raw32,
  signerFromKeys,
  thumbprint,
} from "./keys.ts";

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

/** The key operations an Ed25519 signing key may be declared for (RFC 7517 §4.3). */
const KEY_OPS = ["sign", "verify"];

/**
 * What a JWK's optional members say that disagrees with the Ed25519 signing key it holds, as the
 * end of a sentence that quotes none of its values; null when they agree. `kid` must be the key's
 * RFC 7638 thumbprint, `alg` EdDSA (or Ed25519, RFC 9864), `use` sig, `key_ops` a list of sign
 * and verify that holds sign.
 */
function jwkDisagreement(jwk: Record<string, unknown>, kid: string): string | null {
  if (jwk.kid !== undefined && jwk.kid !== kid)
    return '"kid" is not the key\'s RFC 7638 thumbprint: remove it, or correct it to the kid the service reports at start.';
  if (jwk.alg !== undefined && jwk.alg !== "EdDSA" && jwk.alg !== "Ed25519")
    return '"alg" is not EdDSA: this key signs with EdDSA; remove "alg" or set it to "EdDSA".';
  if (jwk.use !== undefined && jwk.use !== "sig")
    return '"use" is not "sig": this key signs; remove "use" or set it to "sig".';
  const ops = jwk.key_ops;
  if (
    ops !== undefined &&
    (!Array.isArray(ops) || !ops.includes("sign") || ops.some((op) => !KEY_OPS.includes(op as string)))
  )
    return '"key_ops" does not allow signing: remove it, or list "sign" (and "verify") only.';
  return null;
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
 * The previous keys SIGNING_PREVIOUS_KEYS lists, for rotation: none when unset or blank; else a
 * JSON array of Ed25519 JWKs, or a JWKS (`{"keys":[...]}`, a former deployment's
 * /.well-known/jwks.json as it is). A public JWK still checks the receipts its key signed; a
 * private one (with `d`: the former SIGNING_KEY, which makes this setting a secret) also keeps
 * the seals of the jobs its key sealed valid. A `kid`, when given, must be the key's RFC 7638
 * thumbprint.
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
  /** What the start warns of: a key file others can read, or one another user owns (key-file.ts). */
  warning?: string;
  /** SIGNING_PREVIOUS_KEYS. */
  previous: readonly PreviousKey[];
}

/**
 * The signing settings in `env`: SEALS (on by default), SIGNING_KEY (a private JWK or
 * PKCS#8 PEM; read even with SEALS=off, so a bad one is caught before it is needed) and
 * SIGNING_PREVIOUS_KEYS. Without SIGNING_KEY the key is null here: the key file's, which
 * the host reads or makes (key-file.ts: withKeyFile).
 */
export function signingSettings(env: Record<string, string | undefined>): SigningSettings {
  const seals = sealMode(env.SEALS);
  const key = env.SIGNING_KEY?.trim() ? readSigningKey(env.SIGNING_KEY) : null;
  return {
    seals,
    key,
    ...(key !== null && { source: "SIGNING_KEY" }),
    previous: readPreviousKeys(env.SIGNING_PREVIOUS_KEYS),
  };
}

/**
 * The engine's sealing (shared/seal/signer.ts) of `signing`: its mode and the key's Signer;
 * undefined with SEALS=off, or SEALS=on without a key; unusable (the engines answer
 * seals_unavailable) with SEALS=required without a key: it fails closed.
 */
export function sealingOf(signing: SigningSettings): Sealing | UnusableSealing | undefined {
  if (signing.seals === "off") return undefined;
  if (signing.key === null) return signing.seals === "required" ? { mode: "required", signer: null } : undefined;
  return { mode: signing.seals, signer: signerFromKeys(signing.key, signing.previous) };
}

/** What a start line says of seals: `seals off`, or the mode, the kid and where the key came from. */
export function sealsNote(signing: SigningSettings): string {
  // A host that prints a start line always has a key by then (key-file.ts), or stopped.
  if (signing.seals === "off" || signing.key === null) return "seals off";
  return `seals ${signing.seals}, kid ${kidOf(signing.key)}${signing.source ? ` from ${signing.source}` : ""}`;
}
