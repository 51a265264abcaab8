/**
 * The client-side parts of /api/settlement.json: the share-link tokens (D19) and the demo pack
 * (D20) of the reference UI, read from the modules that make and read them.
 */
import { freshState, PACK_FORMAT, PACK_VERSION, toPack } from "../client-state/pack.ts";
import {
  HANDOFF_EXTRA_KEYS,
  HANDOFF_KEYS,
  RECEIPT_KEYS,
  SEAL_KEYS,
  SIGNED_RECEIPT_KEYS,
  TOKEN_PREFIX,
} from "../client-state/tokens.ts";

/** The tokens section: prefixes, where links carry them, and the short-key maps. */
export const tokensSection = () => ({
  handoff: {
    prefix: TOKEN_PREFIX.handoff,
    carries: "{ v: 1, job: {...}, next: [actions] }",
    where: ["#handoff/<token>", "?handoff=<token>"],
    job_keys: HANDOFF_KEYS,
    extra_job_keys: HANDOFF_EXTRA_KEYS,
    extra_note:
      "job_keys are the first public deployment's map; links made here also carry extra_job_keys so no job field (the hold's expiresAt above all) is lost. Links without them still decode.",
  },
  receipt: {
    prefix: TOKEN_PREFIX.receipt,
    carries: "{ v: 1, ...receipt }",
    where: ["#receipt/<token>", "?receipt=<token>"],
    receipt_keys: RECEIPT_KEYS,
  },
  // D27: what links carry of seals and signatures, and what each still proves once opened.
  seals: `A sealed job's seal (D27) travels as ${SEAL_KEYS.seal} in the handoff's job, a signed receipt's signature as ${SIGNED_RECEIPT_KEYS.signature}. ${SIGNED_RECEIPT_KEYS.signature} is detached (header..signature) when its payload is the receipt's other members as the link gives them back; opening the link puts base64url of that JSON back between the dots. So the job or receipt opened is byte for byte what the service answered: the job's seal still holds for the service (validate answers seal_valid) and the receipt's signature still verifies with the JWKS. Links without them open unsealed and unsigned; an older EdDSA seal (from before seals were HS256 MACs) counts as no seal (seal_valid false).`,
  encoding: "base64url (no padding) of compact JSON",
  excluded: [
    "payer credits",
    "agent credits",
    "jobs (in receipt links)",
    "receipts (in handoff links)",
    "the demo key",
  ],
  checks:
    "A decoded job is checked like a client-held job (D6) and a decoded receipt like a receipt verify accepts; a link that fails is refused with a message and changes nothing.",
});

/** The demo_pack section: the file's format, version, fields and import rules. */
export const demoPackSection = () => ({
  format: PACK_FORMAT,
  version: PACK_VERSION,
  fields: Object.keys(toPack(freshState())),
  rules:
    "Import checks the whole file (every job as a client-held job, every receipt as verify would, every activity event), then replaces everything; a bad file changes nothing. The demo key is never in a pack. The reference UI keeps the same record in localStorage. received_jobs lists the ids of the jobs received through a handoff link: someone else's, in none of the pack's own figures (D28); a pack without it holds only its own jobs. topped_up counts the credits topped up since the start: payer_credits, the escrow of the pack's own funded and submitted jobs, agent_credits and the fees of its own released jobs must add up to the starting credits plus topped_up, or the pack is refused (a pack without topped_up counts what is above the start as topped up). A pack whose money, real_money, mode or currency claims real money is refused.",
});
