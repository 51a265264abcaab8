/**
 * The JSON Schemas of the integrity members (D27), read off protocol/integrity-members.ts: a
 * seal's and a signature's shape (a detached and an attached compact JWS), a boolean otherwise,
 * each with the row's text as its description. A signature has no maxLength: its payload is the
 * receipt, so its length follows the receipt's.
 */
import {
  INTEGRITY_MEMBERS,
  type IntegrityKind,
  type IntegrityMember,
  SEAL_MAX_LENGTH,
  SEAL_PATTERN,
  SIGNATURE_PATTERN,
} from "../protocol/integrity-members.ts";
import type { Schema } from "./convert.ts";

const SHAPES: Record<IntegrityKind, Schema> = {
  seal: { type: "string", pattern: SEAL_PATTERN, maxLength: SEAL_MAX_LENGTH },
  signature: { type: "string", pattern: SIGNATURE_PATTERN },
  flag: { type: "boolean" },
};

/** The schema of one integrity member, described. */
export const integritySchema = (member: IntegrityMember): Schema => ({
  ...SHAPES[INTEGRITY_MEMBERS[member].kind],
  description: INTEGRITY_MEMBERS[member].text,
});
