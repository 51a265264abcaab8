/**
 * What the page refuses before any request: a form's value the engine would refuse by the field's
 * own rule (shared/protocol/fields.ts, the one statement of every field rule: D1 code points, D2
 * trimming, D3 integers), so the rule is the engine's and the words are the page's, by the
 * field's label: a blank required field, a text over its limit as the engine counts it, and
 * else the rule's own message, which page-words.ts says as the page does where it is shown. What a rule cannot know (the clock, the balance, the
 * job's state) the service still judges.
 */
import { safeParse } from "valibot";
import { FIELDS, type FieldName } from "../../../shared/protocol/fields.ts";
import { type LabelOf, tableLabel } from "./field-labels.ts";

/**
 * What the page says of `value` (a form's value for `field`, undefined when left blank) when the
 * engine's rule for the field refuses it; null when the rule takes it. `labelOf` names the field
 * in the page's own sentences.
 */
export function refusalOf(field: FieldName, value: unknown, labelOf: LabelOf = tableLabel): string | null {
  const checked = safeParse(FIELDS[field].rule, value);
  if (checked.success) return null;
  const label = labelOf(field) ?? field;
  const [issue] = checked.issues;
  if (value === undefined || issue.type === "non_empty") return `${label} is required.`;
  if (issue.type === "max_code_points")
    return `${label} is too long: ${issue.received} characters; at most ${issue.requirement} are allowed.`;
  // The rule's own message (a number's bound), put in the page's words where it is shown (notices.ts).
  return issue.message;
}
