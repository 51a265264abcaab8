/**
 * The request bodies of the five engines as TypeScript types, derived from the same tables the
 * engine checks against (protocol/fields.ts, protocol/request-shape.ts, the Job and Receipt
 * types of the member tables): a field added there appears here. Canonical snake_case names
 * only; the engine also accepts the aliases of SETTLEMENT.md "Request fields", which typed code needs not.
 */
import type { Action, Terminal } from "../shared/protocol/constants.ts";
import type { FieldName, FieldValues } from "../shared/protocol/fields.ts";
import type { Job } from "../shared/protocol/job-members.ts";
import type { Claim } from "../shared/protocol/member-rows.ts";
import type { Receipt } from "../shared/protocol/receipt-members.ts";
import type { ACTION_FIELDS, BodyField, SIMULATE_FIELDS } from "../shared/protocol/request-shape.ts";

/** The value a body field takes: the client-held job, or the field's checked value. */
type ValueOfField<F> = F extends "job" ? Job : F extends FieldName ? FieldValues[F] : never;

/** An object with `R` required and `O` optional fields. */
type Shape<R extends readonly BodyField[], O extends readonly BodyField[]> = {
  -readonly [F in R[number]]: ValueOfField<F>;
} & { -readonly [F in O[number]]?: ValueOfField<F> };

/** The body of one action (SETTLEMENT.md "Action bodies"). */
export type ActionRequest<A extends Action> = { action: A } & Shape<
  (typeof ACTION_FIELDS)[A]["required"],
  (typeof ACTION_FIELDS)[A]["optional"]
>;

/** A body of transition, quote or validate: any action's. */
export type TransitionRequest = { [A in Action]: ActionRequest<A> }[Action];

/** A simulate body: the create fields, the balance and the proof, and the optional rest. */
export type SimulateRequest = Shape<typeof SIMULATE_FIELDS.required, typeof SIMULATE_FIELDS.optional>;

/** A verify body (D12, D12a): a receipt, or a job with its action and the values it claims. */
export type VerifyRequest = ({ receipt: Receipt } | ({ job: Job } & { [C in Claim]?: number })) & {
  action?: Terminal;
  idempotency_key?: string;
};

/**
 * Fields as a form holds them: an integer field may also be the text a person typed, or nothing
 * when it was left blank (not sent), which the service judges: "abc" is invalid_field, a blank
 * amount is missing_field (the engine's rules are the only rules; the UI judges nothing itself).
 */
export type FormInput<T> = { [K in keyof T]: T[K] extends number | undefined ? T[K] | string | undefined : T[K] };
