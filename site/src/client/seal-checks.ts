/**
 * Whether a job's seal and a receipt's signature (D27) hold for the service the page talks to.
 * A job's seal is the service's own MAC, a secret, so only the service can check it: the page
 * asks it (client/seal-check.ts: validate, or verify for a settled job, under the API base). A
 * receipt's signature anyone can check: the page does, offline, with the client's verifyReceipt
 * against the service's JWKS (GET /.well-known/jwks.json under the API base, fetched once per
 * base). Like the quotes, checks are asked when the page refreshes (page-state.ts), never while
 * rendering: render only reads what is known, "pending" until the check settles. client/receipt-check.ts
 * (and jose with it) is imported on the first signature that needs it, so a page with nothing
 * signed never loads it; nothing unsealed or unsigned is asked about. What an older version of
 * the service sealed or signed is "older" without asking: checkSeal answers an older
 * seal itself, and a signature's check finds the older form before the JWKS or that code.
 *
 * A service that cannot be reached, a JWKS that cannot be fetched or read, or a runtime without
 * Ed25519 never breaks the page: the check is "unchecked", and the badge says so.
 */
import type { EscrowError, JobRecord, Jwks, SealVerdict, Verification } from "../../../client/index.ts";
import { isOlderForm, isSealed, isSigned } from "../../../shared/client-state/signed-members.ts";
import { pageSources, type SealCheckSources, type Verifier } from "./seal-sources.ts";

export type { SealCheckSources } from "./seal-sources.ts";

/** What is checked: a job's seal or a receipt's signature. */
export type SealKind = "seal" | "signature";

/** A check as the page knows it. */
export type SealCheck =
  /** Being checked. */
  | { state: "pending" }
  /** Holds: the service says so (a seal), or it holds for a key of the service's JWKS (a signature, with that kid). */
  | { state: "valid"; kid?: string }
  /** Does not hold: changed, another service's, or not a receipt signature; the message says which. */
  | { state: "invalid"; message: string }
  /** Carries no seal or signature: the service did not vouch for it. */
  | { state: "missing" }
  /** Made by an older version of the service (EdDSA seals, before HS256): it no longer vouches for it. */
  | { state: "older" }
  /** Could not be checked: the service did not answer or does not seal, no JWKS, or no Ed25519 here. */
  | { state: "unchecked"; message: string };

/** What a receipt's verification means for the badge. */
export function checkOf(verification: Verification): SealCheck {
  if (verification.ok) return { state: "valid", kid: verification.kid };
  if (verification.reason === "missing") return { state: "missing" };
  if (verification.reason === "older") return { state: "older" };
  if (verification.reason === "unsupported") return { state: "unchecked", message: verification.message };
  return { state: "invalid", message: verification.message };
}

/** The page's words for a seal the service says does not hold. */
export const SEAL_CHANGED =
  "Something in this job was changed after the service sealed it, or another service sealed it; its receipt will not be signed.";
/** The page's words for an answer that says nothing of the seal. */
export const SEAL_NOT_CHECKED =
  "The service at this API base does not check seals: its answer says nothing of this one.";

/** What the service's verdict on a job's seal means for the badge. */
export function sealCheckOf(verdict: SealVerdict | EscrowError): SealCheck {
  if (!verdict.ok) return { state: "unchecked", message: verdict.message };
  if (verdict.seal_valid === true) return { state: "valid" };
  if (verdict.older) return { state: "older" };
  if (verdict.seal_valid === false) return { state: "invalid", message: SEAL_CHANGED };
  return { state: "unchecked", message: SEAL_NOT_CHECKED };
}

const NO_SERVICE = "The service could not be asked.";
const NO_JWKS = "The service's public keys (/.well-known/jwks.json) could not be fetched.";
const NO_VERIFIER = "The checking code could not be loaded.";

/** The checks the page has asked for, by what they depend on. */
export interface SealBook {
  /** Starts the check of each subject not known yet at `base`; `onSettled` runs as each one settles. */
  request(subjects: readonly { kind: SealKind; value: object }[], base: string, onSettled: () => void): void;
  /** The check of `value`'s seal (a job) or signature (a receipt) at `base`. */
  get(kind: SealKind, value: object, base: string): SealCheck;
  /** Forgets every check and JWKS, so the next refresh asks again. */
  clear(): void;
}

/** An empty book of checks over `sources`. */
export function createSealBook(sources: SealCheckSources = pageSources): SealBook {
  const known = new Map<string, SealCheck>();
  const keysAt = new Map<string, Promise<Jwks | null>>();
  let verifier: Promise<Verifier | null> | null = null;
  // A check is known by what the value holds (a record read back from storage is a new object
  // with the same members); each object is serialised once, not on every redraw.
  const texts = new WeakMap<object, string>();
  const textOf = (value: object): string => {
    const cached = texts.get(value);
    if (cached !== undefined) return cached;
    const text = JSON.stringify(value);
    texts.set(value, text);
    return text;
  };
  const keyOf = (kind: SealKind, value: object, base: string) => `${kind}|${base}|${textOf(value)}`;
  const carries = (kind: SealKind, value: object) =>
    kind === "seal" ? isSealed(value as { seal?: unknown }) : isSigned(value as { signature?: unknown });

  async function checkSignature(receipt: object, base: string): Promise<SealCheck> {
    // An older version's signature never vouches now: no JWKS or checking code is fetched for it.
    if (isOlderForm((receipt as { signature?: unknown }).signature)) return { state: "older" };
    if (!keysAt.has(base))
      keysAt.set(
        base,
        sources.jwks(base).catch(() => null),
      );
    verifier ??= sources.verifier().catch(() => null);
    const [jwks, verify] = await Promise.all([keysAt.get(base)!, verifier]);
    if (!jwks) {
      keysAt.delete(base); // asked again on the next check: the service may come back
      return { state: "unchecked", message: NO_JWKS };
    }
    if (!verify) return { state: "unchecked", message: NO_VERIFIER };
    try {
      return checkOf(await verify.verifyReceipt(receipt, jwks));
    } catch {
      return { state: "unchecked", message: NO_VERIFIER };
    }
  }

  async function check(kind: SealKind, value: object, base: string): Promise<SealCheck> {
    if (kind === "signature") return checkSignature(value, base);
    try {
      return sealCheckOf(await sources.seal(value as JobRecord, base));
    } catch {
      return { state: "unchecked", message: NO_SERVICE };
    }
  }

  return {
    request(subjects, base, onSettled) {
      for (const { kind, value } of subjects) {
        if (!carries(kind, value)) continue;
        const key = keyOf(kind, value, base);
        if (known.has(key)) continue;
        known.set(key, { state: "pending" });
        void check(kind, value, base).then((result) => {
          if (!known.has(key)) return; // cleared meanwhile
          known.set(key, result);
          onSettled();
        });
      }
    },
    get(kind, value, base) {
      if (!carries(kind, value)) return { state: "missing" };
      return known.get(keyOf(kind, value, base)) ?? { state: "pending" };
    },
    clear() {
      known.clear();
      keysAt.clear();
    },
  };
}
