/**
 * The page's own name for each request field it has a control or a figure for: the visible label
 * of that control (index.astro and job-item.ts show these labels), keyed by the field's canonical
 * name in the fields table (shared/protocol/fields.ts), so a field the table drops fails to
 * compile here. page-words.ts puts these names in the service's messages in place of the API's.
 */
import type { FieldName } from "../../../shared/protocol/fields.ts";

/** Each field's label on the page, by canonical field name. */
export const FIELD_LABELS = {
  title: "Title",
  amount: "Amount",
  criteria: "Success criteria",
  client_ref: "Client reference",
  callback_url: "Callback URL",
  payer_credits: "Payer credits",
  proof_url: "Proof URL",
  proof_note: "Proof note",
  release_note: "Release note",
  dispute_reason: "Dispute reason",
  ttl_seconds: "Hold seconds",
  // The job's hold end (expires_at, expiresAt on a job), shown on a held job as "Hold ends".
  expires_at: "Hold ends",
  terminal: "Simulation ends with",
} as const satisfies Partial<Record<FieldName, string>>;

/** A field the page has a label for. */
export type LabelledField = keyof typeof FIELD_LABELS;

/** The page's label for an API field name (canonical or alias), if it has one. */
export type LabelOf = (field: FieldName) => string | undefined;

/** The labels of FIELD_LABELS. */
export const tableLabel: LabelOf = (field) => (FIELD_LABELS as Partial<Record<FieldName, string>>)[field];
