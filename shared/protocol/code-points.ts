/**
 * D1: a character is a Unicode code point, the unit JSON Schema's maxLength counts.
 * Valibot's maxLength counts UTF-16 units, so length limits use this action instead; its
 * `type` and `requirement` let the JSON Schema generator emit a true `maxLength`, and the page's
 * form name the limit (site/src/client/form-checks.ts).
 */
import type { BaseIssue, BaseValidation, ErrorMessage } from "valibot";
import * as v from "valibot";

/** Number of Unicode code points in `text` (a lone surrogate counts as one). */
export function codePointLength(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/** The issue of {@link maxCodePoints}. */
export interface MaxCodePointsIssue extends BaseIssue<string> {
  readonly kind: "validation";
  readonly type: "max_code_points";
  readonly requirement: number;
}

/** A Valibot validation action: at most `requirement` code points. */
export interface MaxCodePointsAction extends BaseValidation<string, string, MaxCodePointsIssue> {
  readonly type: "max_code_points";
  readonly reference: typeof maxCodePoints;
  readonly requirement: number;
  readonly message: ErrorMessage<MaxCodePointsIssue> | undefined;
}

/**
 * Creates a max-code-points action (D1), the code-point twin of `v.maxLength`: a v.rawCheck
 * under its own type and requirement, which its issue carries (Valibot builds an action's issue
 * from the action it runs; snapshots/engine/table-schema.test.ts holds it).
 */
export function maxCodePoints(requirement: number, message: ErrorMessage<MaxCodePointsIssue>): MaxCodePointsAction {
  const check = v.rawCheck<string>(({ dataset, addIssue }) => {
    const length = dataset.typed ? codePointLength(dataset.value) : 0;
    if (length > requirement) addIssue({ received: `${length}` });
  });
  return {
    ...check,
    type: "max_code_points",
    reference: maxCodePoints,
    expects: `<=${requirement}`,
    requirement,
    message,
  } as MaxCodePointsAction;
}
