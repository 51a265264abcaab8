/**
 * D1: a character is a Unicode code point, the unit JSON Schema's maxLength counts.
 * Valibot's maxLength counts UTF-16 units, so length limits use this action instead; its
 * `type` and `requirement` let the JSON Schema generator emit a true `maxLength`.
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

/** Creates a max-code-points action (D1), the code-point twin of `v.maxLength`. */
export function maxCodePoints(requirement: number, message: ErrorMessage<MaxCodePointsIssue>): MaxCodePointsAction {
  return {
    kind: "validation",
    type: "max_code_points",
    reference: maxCodePoints,
    async: false,
    expects: `<=${requirement}`,
    requirement,
    message,
    "~run"(dataset, config) {
      if (dataset.typed && codePointLength(dataset.value) > this.requirement) {
        v._addIssue(this, "length", dataset, config, { received: `${codePointLength(dataset.value)}` });
      }
      return dataset;
    },
  };
}
