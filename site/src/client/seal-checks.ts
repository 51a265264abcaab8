/**
 * Whether a job's seal and a receipt's signature (issue 25, D27) hold for the service the page
 * talks to, checked offline with the client's verifyJob / verifyReceipt against the service's
 * JWKS (GET /.well-known/jwks.json under the API base, fetched once per base). Like the quotes,
 * checks are asked when the page refreshes (page-state.ts), never while rendering: render only
 * reads what is known, "pending" until the check settles. client/verify.ts (and jose with it)
 * is imported on the first check that needs it, so a page with nothing signed never loads it;
 * an unsigned job or receipt needs neither the JWKS nor jose.
 *
 * A JWKS that cannot be fetched or read, or a runtime without Ed25519, never breaks the page: the
 * check is "unchecked", and the badge says so.
 */
import type { Jwks, Verification } from "../../../client/index.ts";
import { isSealed, isSigned } from "../../../shared/client-state/signed-members.ts";
import { isObject } from "../../../shared/lib/json.ts";

/** What is checked: a job's seal or a receipt's signature. */
export type SealKind = "seal" | "signature";

/** A check as the page knows it. */
export type SealCheck =
  /** Being checked. */
  | { state: "pending" }
  /** Holds for a key of the service's JWKS. */
  | { state: "valid"; kid: string }
  /** Does not hold: changed, another service's key, or not a job the service would take back. */
  | { state: "invalid"; message: string }
  /** Carries no seal or signature. */
  | { state: "missing" }
  /** Could not be checked: no JWKS, or no Ed25519 here. */
  | { state: "unchecked"; message: string };

/** The two checks of client/verify.ts, as the page calls them. */
export interface Verifier {
  verifyJob(job: object, jwks: Jwks): Promise<Verification>;
  verifyReceipt(receipt: object, jwks: Jwks): Promise<Verification>;
}

/** Where the checks get the JWKS and the verifier; the page's defaults fetch and import them. */
export interface SealCheckSources {
  /** The JWKS the service at `base` publishes, or null when it cannot be had. */
  jwks(base: string): Promise<Jwks | null>;
  /** client/verify.ts. */
  verifier(): Promise<Verifier>;
}

/** The JWKS URL of the service at `base` ("" for this page's origin). */
export const jwksUrl = (base: string): string => `${base.replace(/\/+$/, "")}/.well-known/jwks.json`;

/** The JWKS at `base` with fetch, or null when it does not answer 200 with `{ keys: [...] }`. */
export async function fetchJwks(base: string): Promise<Jwks | null> {
  try {
    const response = await fetch(jwksUrl(base), { headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isObject(body) && Array.isArray(body.keys) ? (body as unknown as Jwks) : null;
  } catch {
    return null;
  }
}

/** The page's sources: fetch for the JWKS, a dynamic import for the verifier (its own chunk). */
export const pageSources: SealCheckSources = {
  jwks: fetchJwks,
  verifier: () => import("../../../client/verify.ts"),
};

/** What a verification means for the badge. */
export function checkOf(verification: Verification): SealCheck {
  if (verification.ok) return { state: "valid", kid: verification.kid };
  if (verification.reason === "missing") return { state: "missing" };
  if (verification.reason === "unsupported") return { state: "unchecked", message: verification.message };
  return { state: "invalid", message: verification.message };
}

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

  async function check(kind: SealKind, value: object, base: string): Promise<SealCheck> {
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
      return checkOf(await (kind === "seal" ? verify.verifyJob(value, jwks) : verify.verifyReceipt(value, jwks)));
    } catch {
      return { state: "unchecked", message: NO_VERIFIER };
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
