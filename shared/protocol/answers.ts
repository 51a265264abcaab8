/**
 * What each engine answers (SETTLEMENT.md "Engines" and each engine's success fields; the
 * error body of D8): one row per engine listing its members in answer order, each with its kind,
 * and which are always there. The published response schemas (schemas/answer-schemas.ts) and the
 * TypeScript types of the client library (`AnswerOf`, `ErrorBody`) are both derived from these
 * rows, so a member the engine adds is one entry here.
 */
import type { Action, EngineRoute, JobStatus, Terminal } from "./constants.ts";
import type { ERROR_CATALOG } from "./errors.ts";
import { type IntegrityMemberOf, integrityMembersOf } from "./integrity-members.ts";
import type { Job } from "./job-members.ts";
import type { Claim } from "./member-rows.ts";
import type { Receipt } from "./receipt-members.ts";

/** A job as an answer holds it: with its id (every answer but a create quote's), and its seal once committed (D27). */
export type IdentifiedJob = Job & { id: string; seal?: string };
/** A receipt as an answer holds it: with its signature when the service signed it (the job arrived sealed, D27). */
type SignedReceipt = Receipt & { signature?: string };
/** The three figures verify recomputes, or finds claimed. */
type Figures = Partial<Record<Claim, number>>;
/** One claimed value that the fee rules do not give (verify). */
export interface Mismatch {
  field: string;
  expected: number;
  received: number;
}
/** One problem validate found (its error body lists them all). */
interface Problem {
  error: string;
  field?: string;
  message: string;
}

/** The kinds of member an answer holds, and the value of each. */
interface AnswerKinds {
  true: true;
  false: false;
  mode: "demo";
  text: string;
  action: Action;
  credits: number;
  flag: boolean;
  status: JobStatus;
  terminal: Terminal;
  job: IdentifiedJob;
  draft: Job;
  receipt: SignedReceipt;
  steps: AnswerOf<"transition">[];
  figures: Figures;
  mismatches: Mismatch[];
  keyId: string;
  keyOptional: true;
  echo: string;
  code: ErrorCode;
  codes: string[];
  nullableText: string | null;
  schemaOrState: "schema" | "state";
  problems: Problem[];
  requestId: string;
}
/** A member's kind. */
export type AnswerKind = keyof AnswerKinds;

/** One answer's members in order, and the ones always present. */
export interface AnswerRow {
  readonly members: Readonly<Record<string, AnswerKind>>;
  readonly required: readonly string[];
}

const ENVELOPE = { ok: "true", mode: "mode", money: "false" } as const;
const MONEY_MEMBERS = {
  fee: "credits",
  agent_payout: "credits",
  agent_credits_delta: "credits",
  returned_to_payer: "credits",
} as const;
const KEY_MEMBERS = { key_id: "keyId", key_optional: "keyOptional", idempotency_key: "echo" } as const;
const ENVELOPE_REQUIRED = ["ok", "mode", "money"] as const;
/** The verdicts an engine's answer carries (D27), each a flag there only when what it judges was sent. */
const verdictsOf = <E extends "validate" | "verify">(engine: E) =>
  Object.fromEntries(integrityMembersOf(engine).map((member) => [member, "flag"])) as {
    readonly [M in IntegrityMemberOf<E>]: "flag";
  };

/** The success answer of each engine, in answer order (D18). */
export const ANSWERS = {
  transition: {
    members: {
      ...ENVELOPE,
      action: "action",
      job: "job",
      payer_credits: "credits",
      ...MONEY_MEMBERS,
      receipt: "receipt",
      ...KEY_MEMBERS,
      idempotent: "flag",
    },
    required: [...ENVELOPE_REQUIRED, "action", "job"],
  },
  quote: {
    members: {
      ...ENVELOPE,
      action: "action",
      next_status: "status",
      job: "draft",
      ...MONEY_MEMBERS,
      payer_credits_after: "credits",
      receipt: "receipt",
      ...KEY_MEMBERS,
    },
    required: [...ENVELOPE_REQUIRED, "action", "next_status", "job"],
  },
  validate: {
    members: { ...ENVELOPE, action: "action", next_status: "status", ...verdictsOf("validate"), ...KEY_MEMBERS },
    required: [...ENVELOPE_REQUIRED, "action", "next_status"],
  },
  simulate: {
    members: {
      ...ENVELOPE,
      terminal: "terminal",
      steps: "steps",
      job: "job",
      payer_credits: "credits",
      ...MONEY_MEMBERS,
      receipt: "receipt",
      ...KEY_MEMBERS,
      idempotent: "flag",
    },
    required: [
      ...[...ENVELOPE_REQUIRED, "terminal", "steps", "job", "payer_credits"],
      ...["fee", "agent_payout", "agent_credits_delta", "returned_to_payer", "receipt"],
    ],
  },
  verify: {
    members: {
      ...ENVELOPE,
      valid: "flag",
      verified: "flag",
      ...verdictsOf("verify"),
      expected: "figures",
      received: "figures",
      mismatches: "mismatches",
      job_id: "text",
      action: "terminal",
      ...KEY_MEMBERS,
    },
    required: [
      ...[...ENVELOPE_REQUIRED, "valid", "verified", "expected", "received", "mismatches", "job_id", "action"],
    ],
  },
} as const satisfies Record<EngineRoute, AnswerRow>;

/** The error body of every refusal (D8): the envelope, the code and message, then what some codes add. */
export const ERROR_ANSWER = {
  members: {
    ok: "false",
    mode: "mode",
    money: "false",
    error: "code",
    message: "text",
    field: "text",
    action: "nullableText",
    actions: "codes",
    from: "status",
    expected: "text",
    needed: "credits",
    payer_credits: "credits",
    expiresAt: "text",
    kind: "schemaOrState",
    errors: "problems",
    // validate's state problem (409) carries its verdicts, as its 200 does (D27).
    ...verdictsOf("validate"),
    request_id: "requestId",
  },
  required: ["ok", "mode", "money", "error", "message"],
} as const satisfies AnswerRow;

/** An error code of the catalog. */
export type ErrorCode = keyof typeof ERROR_CATALOG;

/** The object a row describes: its required members always there, the others optional. */
type Described<R extends AnswerRow> = {
  -readonly [M in keyof R["members"] as M extends R["required"][number] ? M : never]: AnswerKinds[R["members"][M]];
} & {
  -readonly [M in keyof R["members"] as M extends R["required"][number] ? never : M]?: AnswerKinds[R["members"][M]];
};

/** The success answer of engine `R`. */
export type AnswerOf<R extends EngineRoute> = Described<(typeof ANSWERS)[R]>;
/** The body of every error answer (D8). */
export type ErrorBody = Described<typeof ERROR_ANSWER>;
