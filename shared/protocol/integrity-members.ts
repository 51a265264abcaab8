/**
 * The integrity members (D27), one row each: the job's `seal`, the receipt's `signature`, and
 * the verdicts `seal_valid` (validate and verify) and `signature_valid` (verify). They are not
 * fields of SETTLEMENT.md's tables (no rule there checks them, and links carry them under keys of their
 * own), so they live here rather than in job-members.ts and receipt-members.ts; the engine names
 * them through shared/seal/seal.ts, the answers' rows (answers.ts) place the verdicts where each
 * row says, and the published schemas, the OpenAPI document, settlement.json, tools.json and the
 * error catalog read this table, so a member is described once.
 */

/** One part of a compact JWS: base64url without padding, not empty. */
export const JWS_PART = "[A-Za-z0-9_-]+";
/**
 * A detached compact JWS (RFC 7515 Appendix F), `base64url(header)..base64url(signature)`, as a
 * pattern source; `part` is what each part matches (a capture group, for a reader that takes a
 * seal apart).
 */
export const detachedJwsSource = (part = JWS_PART): string => `^${part}\\.\\.${part}$`;
/** A detached compact JWS (RFC 7515 Appendix F): `base64url(header)..base64url(signature)`. */
export const SEAL_PATTERN = detachedJwsSource();
/** A compact JWS: `base64url(header).base64url(payload).base64url(signature)`. */
export const SIGNATURE_PATTERN = "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$";
/**
 * The longest seal the schemas accept. A seal's length does not depend on the job: an HS256
 * header with `b64`, `crit`, an RFC 7638 kid and its `typ`, and a 32-byte MAC, come to about 210
 * characters.
 */
export const SEAL_MAX_LENGTH = 1024;

/** The `typ` of a job seal's protected header (RFC 8725 §3.11: the media type without "application/"). */
export const SEAL_TYP = "escrow-job-seal+jws";
/** The `typ` of a receipt signature's protected header. */
export const RECEIPT_TYP = "escrow-receipt+jws";
/**
 * The HKDF-SHA256 `info` that derives a deployment's seal key from its Ed25519 signing key (RFC
 * 5869: the key's 32 private bytes as input keying material, no salt, 32 bytes out), so every
 * process and runtime holding the signing key holds the seal key, with no setting of its own.
 */
export const SEAL_KEY_INFO = "agent-escrow-demo job seal key v1";

/** The message of invalid_field job.seal under SEALS=required (D27). */
export const SEAL_MISMATCH =
  "job.seal does not match this job: the job was changed after the service sealed it (a member edited, renamed, added, dropped or moved), or the seal is not this service's. Send the job exactly as the last answer gave it, seal included.";

/** How a caller sends a job back so that its seal holds (D27): the transition tool, the MCP instructions and prompt say it. */
export const JOB_AS_RETURNED =
  "exactly as the last answer returned it: the same members, names and order, and its seal when it has one (D27)";
/** The same, as a sentence of its own. */
export const SEND_JOB_BACK = `Send the job back ${JOB_AS_RETURNED}.`;

/**
 * What carries a member: the job (answers and requests), the receipt, or the answer of an engine
 * that judges one (validate's 200 and its 409 on a state problem, verify's 200).
 */
export type IntegrityHolder = "job" | "receipt" | "validate" | "verify";
/** The value of a member: a seal, a signature, or a boolean. */
export type IntegrityKind = "seal" | "signature" | "flag";

/** One integrity member. */
export interface IntegrityMemberRow {
  /** Every holder that carries it. */
  readonly on: readonly IntegrityHolder[];
  readonly kind: IntegrityKind;
  /** What it is and when it is there, in words (schema descriptions, settlement.json). */
  readonly text: string;
}

/**
 * Every integrity member, in the order they appear in their holder: last in the job, last in the
 * receipt, right after `next_status` (or `errors`) in validate's answer and after `verified` in
 * verify's.
 */
export const INTEGRITY_MEMBERS = {
  seal: {
    on: ["job"],
    kind: "seal",
    text: "The job's seal (D27): the service's own MAC, a detached compact JWS (HS256, RFC 7797 unencoded payload; kid and typ escrow-job-seal+jws in its header) over the job exactly as the service wrote it: its other members, their names and their order, as JSON. Last in every job the service commits (transition, simulate's steps and job) while the chain holds; absent when SEALS=off, on a quote's job, and once the job came back without a valid seal. Only the service can check it (validate and verify answer seal_valid). Send it back exactly as returned, in the job exactly as returned: a renamed, added, dropped, moved or edited member breaks it (null is allowed only for a member the service leaves out while unset, D27).",
  },
  signature: {
    on: ["receipt"],
    kind: "signature",
    text: "The receipt's signature (D27): a compact JWS, EdDSA with the service key's kid and typ escrow-receipt+jws in its header, whose payload is the receipt without signature, as JSON. Last on a receipt the service commits (transition release and dispute, simulate) only when the settled job arrived with a valid seal, so a signed receipt means the service sealed the job at every step and settled it; absent otherwise, when SEALS=off, and on a quote's receipt. Anyone checks it with a JOSE library and the JWKS at /.well-known/jwks.json, then compares its payload with the receipt; verify answers signature_valid.",
  },
  seal_valid: {
    on: ["validate", "verify"],
    kind: "flag",
    text: "Whether the job's seal is this service's seal over the job exactly as sent (D27): on validate's answer (200, and 409 on a state problem) and on verify's. Only when the job sent carried a seal and the service seals. Under SEALS=on valid is about the figures alone; under SEALS=required verify's valid is also false when the seal is missing or does not hold, and the other engines refuse such a job (missing_field or invalid_field job.seal).",
  },
  signature_valid: {
    on: ["verify"],
    kind: "flag",
    text: "Whether the receipt's signature is this service's (its current key or a previous one), over exactly the receipt's other members (D27), on verify's answer. Only when the receipt sent carried a signature and the service signs. Under SEALS=on valid is about the figures alone; under SEALS=required valid is also false when the signature is missing or does not hold.",
  },
} as const satisfies Record<string, IntegrityMemberRow>;

/** An integrity member's name. */
export type IntegrityMember = keyof typeof INTEGRITY_MEMBERS;

/** The members holder `H` carries. */
export type IntegrityMemberOf<H extends IntegrityHolder> = {
  [M in IntegrityMember]: H extends (typeof INTEGRITY_MEMBERS)[M]["on"][number] ? M : never;
}[IntegrityMember];

/** The members one holder carries, in order. */
export const integrityMembersOf = <H extends IntegrityHolder>(holder: H): IntegrityMemberOf<H>[] =>
  (Object.keys(INTEGRITY_MEMBERS) as IntegrityMember[]).filter((name) =>
    (INTEGRITY_MEMBERS[name].on as readonly IntegrityHolder[]).includes(holder),
  ) as IntegrityMemberOf<H>[];
