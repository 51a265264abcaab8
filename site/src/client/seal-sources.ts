/**
 * Where the page's seal and signature checks (seal-checks.ts) get their answers: the service at
 * the API base for a job's seal (client/seal-check.ts over fetch), and for a receipt's signature
 * that service's JWKS with fetch and client/receipt-check.ts, imported on first use (its own chunk, with
 * jose), so a page with nothing signed never loads it.
 */
import { httpApi } from "../../../client/http.ts";
import type { EscrowError, JobRecord, Jwks, SealVerdict, Verification } from "../../../client/index.ts";
import { checkSeal } from "../../../client/seal-check.ts";
import { isObject } from "../../../shared/lib/json.ts";

/** The check of client/receipt-check.ts, as the page calls it. */
export interface Verifier {
  verifyReceipt(receipt: object, jwks: Jwks): Promise<Verification>;
}

/** Where the checks get their answers; the page's defaults (pageSources, below) ask the service and import the verifier. */
export interface SealCheckSources {
  /** The service at `base`'s verdict on `job`'s seal. */
  seal(job: JobRecord, base: string): Promise<SealVerdict | EscrowError>;
  /** The JWKS the service at `base` publishes, or null when it cannot be had. */
  jwks(base: string): Promise<Jwks | null>;
  /** client/receipt-check.ts. */
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

/** The page's sources: the service asked over fetch (no demo key: validate and verify need none), the JWKS fetched, the verifier imported. */
export const pageSources: SealCheckSources = {
  seal: (job, base) => checkSeal(httpApi({ baseUrl: base }), job),
  jwks: fetchJwks,
  verifier: () => import("../../../client/receipt-check.ts"),
};
