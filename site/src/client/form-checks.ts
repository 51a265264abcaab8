/**
 * What the page refuses before any request: a form's value the engine would refuse by the field's
 * own rule (shared/protocol/fields.ts, the one statement of every field rule: D1 code points, D2
 * trimming, D3 integers), so the rule is the engine's and the words are the page's, by the
 * field's label: a blank required field, a text over its limit as the engine counts it, and
 * else the rule's own message, which page-words.ts says as the page does where it is shown.
 * What a rule cannot know (the clock, the balance, the job's state) the service still judges.
 */
import { safeParse } from "valibot";
import { FIELDS, type FieldName } from "../../../shared/protocol/fields.ts";
import { type LabelOf, tableLabel } from "./field-labels.ts";
import { readNumber } from "./form-values.ts";

/** A form's value as the page sends it (undefined: left out), or what the page says of it. */
export type FieldRead = { ok: true; value: string | number | undefined } | { ok: false; message: string };

/**
 * Reads `text`, a form's text for `field`: a number field (its rule takes a number: Amount, Hold
 * seconds) by the page's one number parser (form-values.ts), a text as typed; blank is left out,
 * or refused when `required`. The engine's rule then judges the value; `labelOf` names the field.
 */
export function readField(field: FieldName, text: string, required: boolean, labelOf: LabelOf = tableLabel): FieldRead {
  const rule = FIELDS[field].rule;
  const number = rule.type === "number" ? readNumber(text) : null;
  if (number && !number.ok) return number;
  const value = number ? number.value : text.trim() === "" ? undefined : text;
  const label = labelOf(field) ?? field;
  if (value === undefined) return required ? { ok: false, message: `${label} is required.` } : { ok: true, value };
  const checked = safeParse(rule, value);
  if (checked.success) return { ok: true, value };
  const [issue] = checked.issues;
  if (issue.type === "max_code_points")
    return {
      ok: false,
      message: `${label} is too long: ${issue.received} characters; at most ${issue.requirement} are allowed.`,
    };
  // The rule's own message (a number's bound, a URL's form), in the page's words where it is shown (notices.ts).
  return { ok: false, message: issue.message };
}
