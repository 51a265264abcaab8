/**
 * The badge of a seal or signature check (seal-checks.ts): its state in words, as visible text (so
 * a screen reader reads it and colour only repeats it), and a short line on what it means. The
 * badge texts are a contract the browser suite and docs/web-ui.md name: "Sealed by this service",
 * "Seal does not match", "Not sealed", "Could not check the seal", "Checking the seal…", and the
 * same for a receipt's signature.
 */
import { h } from "./dom.ts";
import type { SealCheck, SealKind } from "./seal-checks.ts";

/** Every badge text, by what is checked and the check's state. */
export const SEAL_BADGES = {
  seal: {
    pending: "Checking the seal…",
    valid: "Sealed by this service",
    invalid: "Seal does not match",
    missing: "Not sealed",
    unchecked: "Could not check the seal",
  },
  signature: {
    pending: "Checking the signature…",
    valid: "Signed by this service",
    invalid: "Signature does not match",
    missing: "Not signed",
    unchecked: "Could not check the signature",
  },
} as const satisfies Record<SealKind, Record<SealCheck["state"], string>>;

const MEANING = {
  seal: {
    valid: "The job is exactly as the service sealed it, checked against its public keys.",
    missing: "Nothing shows whether this job was changed since the service answered it.",
  },
  signature: {
    valid: "The receipt is exactly as the service signed it, checked against its public keys.",
    missing: "Nothing shows whether this receipt was changed since the service answered it.",
  },
} as const;

/** What a check means, in a sentence; none while it runs. */
function meaning(kind: SealKind, check: SealCheck, jobSealed?: boolean): string | null {
  switch (check.state) {
    case "pending":
      return null;
    case "valid":
      return kind === "signature" && jobSealed === false
        ? `${MEANING.signature.valid} The settled job arrived without a valid seal.`
        : MEANING[kind].valid;
    case "missing":
      return MEANING[kind].missing;
    case "invalid":
    case "unchecked":
      return check.message;
  }
}

/**
 * The badge of `check` with what it means. `jobSealed` is a receipt's job_sealed, said only when
 * its signature holds (an unsigned job_sealed proves nothing).
 */
export function sealBadge(kind: SealKind, check: SealCheck, jobSealed?: boolean): HTMLElement {
  const said = meaning(kind, check, jobSealed);
  return h(
    "p",
    { class: "seal-check" },
    h("span", { class: `seal-badge ${check.state}` }, SEAL_BADGES[kind][check.state]),
    said ? [" ", h("span", { class: "muted small" }, said)] : null,
  );
}
