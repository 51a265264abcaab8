/**
 * The signing settings (D27): SIGNING_KEY (signing-key.ts), SIGNING_PREVIOUS_KEYS
 * (previous-keys.ts) and SEALS, and the engine's sealing made of them (the Signer of
 * shared/seal/signer.ts that ed25519-keys.ts's signerFromKeys builds). Without SIGNING_KEY the
 * key is the default key file's (key-file.ts).
 * Every runtime reads them alike (api/host/settings.ts, mcp/stdio.ts; the Worker's bindings too). No message here ever
 * quotes a key: a refused key is named, never echoed.
 */
import type { KeyObject } from "node:crypto";
import type { Sealing, SealMode, UnusableSealing } from "../shared/seal/signer.ts";
import { SettingError } from "../shared/settings/setting-error.ts";
import { kidOf, type MacMaker, type PreviousKey, signerFromKeys } from "./ed25519-keys.ts";
import { readPreviousKeys } from "./previous-keys.ts";
import { readSigningKey } from "./signing-key.ts";

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
export function sealingOf(signing: SigningSettings, makeMac?: MacMaker): Sealing | UnusableSealing | undefined {
  if (signing.seals === "off") return undefined;
  if (signing.key === null) return signing.seals === "required" ? { mode: "required", signer: null } : undefined;
  return { mode: signing.seals, signer: signerFromKeys(signing.key, signing.previous, makeMac) };
}

/** What a start line says of seals: `seals off`, or the mode, the kid and where the key came from. */
export function sealsNote(signing: SigningSettings): string {
  // A host that prints a start line always has a key by then (key-file.ts), or stopped.
  if (signing.seals === "off" || signing.key === null) return "seals off";
  return `seals ${signing.seals}, kid ${kidOf(signing.key)}${signing.source ? ` from ${signing.source}` : ""}`;
}
