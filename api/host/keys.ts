/**
 * The deployment's Ed25519 signing keys (issue 25) and the Signer the engine seals jobs and signs
 * receipts with (shared/seal/signer.ts), from the settings SIGNING_KEY (a private JWK or a PKCS#8
 * PEM), SIGNING_PREVIOUS_KEYS (public JWKs of earlier keys, for rotation) and SEALS. With no
 * SIGNING_KEY, the key is the default key file's (key-file.ts).
 *
 * node:crypto's one-shot `sign` and `verify`, because the engine is synchronous: they are
 * synchronous on Bun, Node, Deno and Workers (`nodejs_compat`), and Ed25519 signatures are
 * deterministic (RFC 8032), so one key gives the same signature on every runtime. Every key is
 * read from its 32 raw bytes (PKCS#8 DER for a private one), not through each runtime's JWK
 * import, whose strictness differs. A kid is the key's RFC 7638 thumbprint, so the same key has
 * the same kid everywhere. No message here ever quotes a key: a refused SIGNING_KEY is named,
 * never echoed.
 */
import { Buffer } from "node:buffer";
import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from "node:crypto";
import { base64UrlToBytes, bytesToBase64Url } from "../../shared/lib/base64url.ts";
import type { PublicJwk, Sealing, SealMode, Signer } from "../../shared/seal/signer.ts";
import { SettingError } from "./setting-error.ts";

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
const raw32 = (value: unknown): Uint8Array | null => {
  const bytes = typeof value === "string" ? base64UrlToBytes(value) : null;
  return bytes?.length === 32 ? bytes : null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

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
      try {
        return verify(null, data, key, signature);
      } catch {
        return false;
      }
    },
    keys: Object.freeze(keys.map((key) => Object.freeze(key))),
  };
}

/** The Ed25519 public key of `x` (32 bytes, base64url). */
const publicKeyOf = (x: string): KeyObject =>
  createPublicKey({ key: Buffer.from(der(SPKI_PREFIX, raw32(x)!)), format: "der", type: "spki" });

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
  if (!isRecord(jwk) || jwk.kty !== "OKP" || jwk.crv !== "Ed25519")
    throw new SettingError(`${setting} is not an Ed25519 key (kty "OKP", crv "Ed25519"); it must be ${KEY_FORMS}.`);
  if (jwk.d === undefined)
    throw new SettingError(
      `${setting} has no private part ("d"): it is a public key, which cannot sign; it must be ${KEY_FORMS}.`,
    );
  const d = raw32(jwk.d);
  if (d === null)
    throw new SettingError(`${setting}'s "d" is not 32 bytes of base64url, as an Ed25519 private key's is.`);
  const key = createPrivateKey({ key: Buffer.from(der(PKCS8_PREFIX, d)), format: "der", type: "pkcs8" });
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
  const list = Array.isArray(parsed) ? parsed : isRecord(parsed) && Array.isArray(parsed.keys) ? parsed.keys : null;
  if (list === null) throw new SettingError(`${setting} must be ${forms}.`);
  return list.map((entry: unknown, index) => previousKey(entry, `${setting}[${index}]`));
}

function previousKey(entry: unknown, where: string): PublicJwk {
  if (!isRecord(entry) || entry.kty !== "OKP" || entry.crv !== "Ed25519")
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

/**
 * The private JWK of `key` as JSON text: what the default key file holds, and what
 * `bun run api:workers` hands workerd as its SIGNING_KEY binding. Private: never log it.
 */
export function privateKeyText(key: KeyObject): string {
  const { d } = key.export({ format: "jwk" });
  const x = publicX(key);
  return JSON.stringify({ kty: "OKP", crv: "Ed25519", d, x, kid: thumbprint(x), alg: "EdDSA", use: "sig" });
}
