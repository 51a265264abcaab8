/**
 * Seals and signatures (D27): what the service signs and how it checks what comes back.
 *
 * - A job's **seal** is a detached compact JWS over the job's canonical content: the job in
 *   response form (SPEC's member order, canonical names, members that are not set left out,
 *   jobView), as JSON. Reordered members, the snake_case aliases SPEC allows and unknown members
 *   (dropped by D6) read to the same content, so they do not break it. The seal is the job's
 *   last member and is not part of what it seals.
 * - A receipt's **signature** is a compact JWS whose payload is the receipt without
 *   `signature`, as JSON: anyone with the JWKS checks it with a JOSE library and compares the
 *   payload with the receipt.
 *
 * Both cover signedBytes (shared/client-state/signed-members.ts), the one statement of those
 * bytes, which the client's verifyJob and the receipt links rebuild too.
 */
import { sameJson } from "../lib/json.ts";
import type { IntegrityMember } from "../protocol/integrity-members.ts";
import { signJws, verifyJws } from "./jws.ts";
import { signedBytes } from "./payload.ts";
import type { Signer } from "./signer.ts";

/** The job member that holds the seal, and the receipt member that holds the signature (rows of INTEGRITY_MEMBERS). */
export const SEAL = "seal" satisfies IntegrityMember;
export const SIGNATURE = "signature" satisfies IntegrityMember;

/** What a sent seal or signature turned out to be. */
export type Verdict = "valid" | "invalid" | "absent";

const decoder = new TextDecoder();

/** The seal of a job in response form (`view` holds no seal). */
export const sealOf = (signer: Signer, view: Record<string, unknown>): string =>
  signJws(signer, signedBytes(view), true);

/** Whether `seal` (as sent; undefined or null when not) is a seal of this service over the job `view`. */
export function checkSeal(signer: Signer, view: Record<string, unknown>, seal: unknown): Verdict {
  if (seal === undefined || seal === null) return "absent";
  return verifyJws(signer, seal, signedBytes(view)) ? "valid" : "invalid";
}

/** The signature of `receipt` (which holds no signature yet). */
export const signatureOf = (signer: Signer, receipt: Record<string, unknown>): string =>
  signJws(signer, signedBytes(receipt), false);

/** Whether `receipt` (as sent) carries a signature of this service over exactly its other members. */
export function checkSignature(signer: Signer, receipt: Record<string, unknown>): Verdict {
  const token = receipt[SIGNATURE];
  if (token === undefined || token === null) return "absent";
  const payload = verifyJws(signer, token);
  if (!payload) return "invalid";
  let signed: unknown;
  try {
    signed = JSON.parse(decoder.decode(payload));
  } catch {
    return "invalid";
  }
  const { [SIGNATURE]: _, ...rest } = receipt;
  return sameJson(signed, rest) ? "valid" : "invalid";
}
