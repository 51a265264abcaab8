/**
 * The bodies the engines read, as schemas built once from the request shape (request-shape.ts).
 * An action body is the table its `action` names (trimmed, D2), each action's table holding the
 * fields of its row in check order (required, then optional; the job where the row names it,
 * its seal right after it, D7), then, for dispute, the refund bound (D3), then the fields of
 * other actions, refused (D5), then, for fund, the expiry conflict and the hold's end (D4).
 * Simulate's body is its table's row (the note that does not match `terminal` is not read, D5);
 * verify's is a receipt or a job with claimed figures (D12). Each body's type is what its
 * schema reads (v.InferOutput), from the rows' rules.
 */
import * as v from "valibot";
import { ACTIONS, type Action, TERMINALS, type Terminal } from "../protocol/constants.ts";
import { invalid, invalidAction, missing } from "../protocol/errors.ts";
import type { FieldName, FieldValues } from "../protocol/fields.ts";
import type { Claim } from "../protocol/member-rows.ts";
import type { Receipt } from "../protocol/receipt-members.ts";
import { ACTION_FIELDS, type BodyField, SIMULATE_FIELDS } from "../protocol/request-shape.ts";
import { fieldMember, HEADER_CHECK, HOLD_END, REFUND_CHECK, refusedFields } from "./field-schemas.ts";
import { type SealRead, sealedJobSteps } from "./job-seal.ts";
import { JOB_SCHEMA, RECEIPT_SCHEMA, type ReadJob } from "./member-schemas.ts";
import { tableChoice, tableSchema } from "./table-schema.ts";
import { type Check, type Member, type Step, sentUnder } from "./table-steps.ts";

const TOP = { message: "The body must be a JSON object.", prefix: "" };

/** The steps of one field of a row: the job and its seal, or a field (the key followed by the header's check). */
function fieldSteps(name: BodyField, required: boolean): Step[] {
  if (name === "job") return sealedJobSteps({ key: "job", names: ["job"], schema: JOB_SCHEMA, optional: !required });
  const member = fieldMember(name, required);
  return name === "idempotency_key" ? [member, HEADER_CHECK] : [member];
}

/** A row's steps: its required fields, then its optional ones. */
const rowSteps = (row: { readonly required: readonly BodyField[]; readonly optional: readonly BodyField[] }) => [
  ...row.required.flatMap((name) => fieldSteps(name, true)),
  ...row.optional.flatMap((name) => fieldSteps(name, false)),
];

/** The fields of a row, as read: the required ones always there. */
type RowFields<R extends { readonly required: readonly BodyField[]; readonly optional: readonly BodyField[] }> = {
  [F in Extract<R["required"][number], FieldName>]: FieldValues[F];
} & { [F in Extract<R["optional"][number], FieldName>]?: FieldValues[F] };

/** One action's body as read: its action, its fields, and the job with its seal's verdict where the row names it. */
export type BodyOf<A extends Action> = { action: A } & SealRead &
  RowFields<(typeof ACTION_FIELDS)[A]> &
  ("job" extends (typeof ACTION_FIELDS)[A]["required"][number] ? { job: ReadJob } : unknown);

/** The table of one action's body. */
const actionTable = <A extends Action>(action: A) =>
  tableSchema<BodyOf<A>>(
    [
      {
        key: "action",
        names: ["action"],
        schema: v.pipe(v.string(), v.trim(), v.literal(action)),
        optional: false,
        // Already read by the choice of table (table-schema.ts tableChoice): sent as it is, it is taken so.
        asIs: (sent: unknown) => sent === action,
      },
      ...rowSteps(ACTION_FIELDS[action]),
      ...(action === "dispute" ? [REFUND_CHECK] : []),
      refusedFields(action),
      ...(action === "fund" ? [HOLD_END] : []),
    ],
    TOP,
  );

/** Each action's table. */
export const ACTION_TABLES = {
  create: actionTable("create"),
  fund: actionTable("fund"),
  submit: actionTable("submit"),
  release: actionTable("release"),
  dispute: actionTable("dispute"),
};

/** The body of transition, quote and validate: the table of its action; an action that names none is invalid_action. */
export const ACTION_BODY = tableChoice(
  "action",
  v.pipe(v.string(), v.trim(), v.picklist(ACTIONS)),
  ACTION_TABLES,
  (sent) => invalidAction(sent),
);

/** D5: in simulate, the note that does not match terminal is not read at all. */
export const NOTE_OF: Partial<Record<string, Terminal>> = { release_note: "release", dispute_reason: "dispute" };

/** Simulate's body as read. */
export type SimulateBody = RowFields<typeof SIMULATE_FIELDS>;

/** Simulate's body: the simulate table of SETTLEMENT.md "Action bodies", in its order, then the expiry conflict. */
export const SIMULATE_BODY = tableSchema<SimulateBody>(
  [
    ...rowSteps(SIMULATE_FIELDS).map((step): Step => {
      const terminal = NOTE_OF[step.key];
      if (terminal === undefined || !("schema" in step)) return step;
      return { ...step, when: ({ output }) => (output.terminal ?? "release") === terminal };
    }),
    HOLD_END,
  ],
  TOP,
);

/** Verify's body as read: a receipt, or a job with the figures it claims (D12); the action it would settle with (D12). */
export type VerifyBody = { action?: Terminal; idempotency_key?: string } & SealRead &
  ({ receipt: Receipt; job?: undefined } | ({ job: ReadJob; receipt?: undefined } & { [C in Claim]?: number }));

const receiptSent = (input: Record<string, unknown>): boolean => sentUnder(input, ["receipt"]);

/** Receipt or job: one of them, not both. */
const RECEIPT_OR_JOB: Check = {
  key: "job",
  check: ({ input }) => {
    const job = sentUnder(input, ["job"]);
    if (receiptSent(input)) return job ? invalid("job", "Send receipt or job, not both.") : undefined;
    return job ? undefined : missing("receipt");
  },
};

/** A claimed figure, read only with a job. */
const claim = (name: Claim): Member => ({ ...fieldMember(name, false), when: ({ input }) => !receiptSent(input) });

/**
 * Verify's body: the action (release or dispute, the only ones that settle), the receipt or the
 * job with its seal, the claimed figures, the idempotency key. A submitted job's missing action
 * comes last (verify.ts).
 */
export const VERIFY_BODY = tableSchema<VerifyBody>(
  [
    {
      key: "action",
      names: ["action"],
      schema: v.pipe(v.string(), v.trim(), v.picklist(TERMINALS)),
      optional: true,
      rejection: (sent) => invalidAction(sent, TERMINALS),
    },
    RECEIPT_OR_JOB,
    { key: "receipt", names: ["receipt"], schema: RECEIPT_SCHEMA, optional: true },
    ...fieldSteps("job", false),
    claim("fee"),
    claim("agent_payout"),
    claim("returned_to_payer"),
    ...fieldSteps("idempotency_key", false),
  ],
  TOP,
);

/** A job on its own, as a handoff link carries it (D19). */
export const JOB_BODY = tableSchema<{ job: ReadJob }>(
  [{ key: "job", names: ["job"], schema: JOB_SCHEMA, optional: false }],
  TOP,
);

/** A receipt on its own, as a receipt link carries it (D19). */
export const RECEIPT_BODY = tableSchema<{ receipt: Receipt }>(
  [{ key: "receipt", names: ["receipt"], schema: RECEIPT_SCHEMA, optional: false }],
  TOP,
);
