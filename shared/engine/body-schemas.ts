/**
 * The bodies the engines read, as Valibot schemas built once from the request shape
 * (request-shape.ts): an action body is a variant on `action`, each action's object holding the
 * fields of its row in check order (required, then optional; the job where the row names it,
 * D7), then, for dispute, the refund bound (D3), then the fields of other actions, refused (D5),
 * then, for fund, the expiry conflict. Simulate's body is its table's row (the note that does not
 * match `terminal` is not read, D5); verify's is a receipt or a job with claimed figures.
 */
import type * as v from "valibot";
import { ACTIONS, type Action } from "../protocol/constants.ts";
import { missing } from "../protocol/errors.ts";
import type { FieldName, FieldValues } from "../protocol/fields.ts";
import type { Job } from "../protocol/job-members.ts";
import type { Receipt } from "../protocol/receipt-members.ts";
import { ACTION_FIELDS, type BodyField, SIMULATE_FIELDS } from "../protocol/request-shape.ts";
import { EXPIRY_CONFLICT, fieldMember, HEADER_CHECK, REFUND_CHECK, refusedFields } from "./field-schemas.ts";
import { JOB_SCHEMA, RECEIPT_SCHEMA } from "./member-schemas.ts";
import { tableObject } from "./table-object.ts";
import type { Step } from "./table-steps.ts";

const TOP = { message: "The body must be a JSON object.", prefix: "" };

/** The steps of one field of a row: the job, or a field (the key followed by its header check). */
function fieldSteps(name: BodyField, required: boolean): Step[] {
  if (name === "job") return [{ key: "job", names: ["job"], schema: JOB_SCHEMA, optional: !required }];
  const member = fieldMember(name, required);
  return name === "idempotency_key" ? [member, HEADER_CHECK] : [member];
}

/** A row's steps: its required fields, then its optional ones. */
const rowSteps = (row: {
  readonly required: readonly BodyField[];
  readonly optional: readonly BodyField[];
}): Step[] => [
  ...row.required.flatMap((name) => fieldSteps(name, true)),
  ...row.optional.flatMap((name) => fieldSteps(name, false)),
];

/** An action body as read: the job, and each field sent, under its canonical name (the rows' types). */
type ActionBody = Partial<FieldValues> & { job?: Job };

/** The object of one action's body. */
function actionObject(action: Action): v.GenericSchema<unknown, ActionBody> {
  return tableObject<ActionBody>(
    [
      ...rowSteps(ACTION_FIELDS[action]),
      ...(action === "dispute" ? [REFUND_CHECK] : []),
      refusedFields(action),
      ...(action === "fund" ? [EXPIRY_CONFLICT] : []),
    ],
    TOP,
  );
}

/** The body of each action (transition, quote, validate), once `action` is read. */
export const ACTION_BODIES = Object.fromEntries(ACTIONS.map((action) => [action, actionObject(action)])) as Record<
  Action,
  v.GenericSchema<unknown, ActionBody>
>;

/** D5: in simulate, the note that does not match terminal is not read at all. */
const NOTE_OF: Partial<Record<FieldName, string>> = { release_note: "release", dispute_reason: "dispute" };

/** Simulate's body: the simulate table of SETTLEMENT.md "Action bodies", in its order, then the expiry conflict. */
export const SIMULATE_BODY = tableObject<Partial<FieldValues>>(
  [
    ...rowSteps(SIMULATE_FIELDS).map((step) => {
      const terminal = NOTE_OF[step.key as FieldName];
      if (terminal === undefined) return step;
      return { ...step, when: (read: Record<string, unknown>) => (read.terminal ?? "release") === terminal };
    }),
    EXPIRY_CONFLICT,
  ],
  TOP,
);

/** Verify's body with a receipt: the receipt, then the idempotency key. */
export const VERIFY_RECEIPT_BODY = tableObject(
  [
    { key: "receipt", names: ["receipt"], schema: RECEIPT_SCHEMA, optional: false },
    ...fieldSteps("idempotency_key", false),
  ],
  TOP,
);

/**
 * Verify's body with a job: the job, the claimed figures, the idempotency key; a submitted job
 * needs the action that would settle it (D12).
 */
export const VERIFY_JOB_BODY = tableObject(
  [
    ...fieldSteps("job", true),
    ...(["fee", "agent_payout", "returned_to_payer"] as const).flatMap((name) => fieldSteps(name, false)),
    ...fieldSteps("idempotency_key", false),
    {
      key: "action",
      check: ({ input, output }) =>
        (output.job as { status?: string } | undefined)?.status === "submitted" && input.action == null
          ? missing("action")
          : undefined,
    },
  ],
  TOP,
);

/** A job on its own, as a handoff link carries it (D19). */
export const JOB_BODY = tableObject<{ job: Job }>(fieldSteps("job", true), TOP);

/** A receipt on its own, as a receipt link carries it (D19). */
export const RECEIPT_BODY = tableObject<{ receipt: Receipt }>(
  [{ key: "receipt", names: ["receipt"], schema: RECEIPT_SCHEMA, optional: false }],
  TOP,
);
