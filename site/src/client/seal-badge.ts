/**
 * The badge of a seal or signature check (seal-checks.ts): its state in words, as visible text (so
 * a screen reader reads it and colour only repeats it), and a short line on what it means. The
 * badge texts are a contract the browser suite and docs/web-ui.md name: "Sealed by this service",
 * "Seal does not match", "Not sealed", "Could not check the seal", "Checking the seal…", and the
 * same for a receipt's signature. What an older version of the service sealed or signed (before
 * HS256 seals) counts as not sealed or signed: its badge says so, and its line says why.
 */
import { h } from "./dom.ts";
import { pageWords } from "./page-words.ts";
import type { SealCheck, SealKind } from "./seal-checks.ts";

/** Every badge text, by what is checked and the check's state. */
export const SEAL_BADGES = {
  seal: {
    pending: "Checking the seal…",
    valid: "Sealed by this service",
    invalid: "Seal does not match",
    missing: "Not sealed",
    older: "Not sealed",
    unchecked: "Could not check the seal",
  },
  signature: {
    pending: "Checking the signature…",
    valid: "Signed by this service",
    invalid: "Signature does not match",
    missing: "Not signed",
    older: "Not signed",
    unchecked: "Could not check the signature",
  },
} as const satisfies Record<SealKind, Record<SealCheck["state"], string>>;

/** What a settled check means, in a sentence, for the states whose sentence is always the same. */
export const SEAL_MEANINGS = {
  seal: {
    valid: "The service checked this job: it is exactly as the service sealed it.",
    missing:
      "The service did not seal this job, so nothing shows it is as the service wrote it, and its receipt will not be signed.",
    older:
      "Sealed by an older version of the service; it no longer vouches for this job, and its receipt will not be signed.",
  },
  signature: {
    valid:
      "The receipt is exactly as the service signed it, checked against its public keys: the service sealed the job at every step and settled it.",
    missing:
      "The service did not vouch for this receipt: the job reached it without a valid seal, or the service signs no receipts.",
    older:
      "Signed by an older version of the service, which signed receipts whether or not it had sealed the job; it no longer vouches for this receipt.",
  },
} as const satisfies Record<SealKind, Record<"valid" | "missing" | "older", string>>;

/** What a check means, in a sentence; none while it runs. */
function meaning(kind: SealKind, check: SealCheck): string | null {
  switch (check.state) {
    case "pending":
      return null;
    case "valid":
    case "missing":
    case "older":
      return SEAL_MEANINGS[kind][check.state];
    case "invalid":
    case "unchecked":
      return pageWords(check.message);
  }
}

/** The badge of `check` with what it means. */
export function sealBadge(kind: SealKind, check: SealCheck): HTMLElement {
  const said = meaning(kind, check);
  return h(
    "p",
    { class: "seal-check" },
    h("span", { class: `seal-badge ${check.state}` }, SEAL_BADGES[kind][check.state]),
    said ? [" ", h("span", { class: "muted small" }, said)] : null,
  );
}
