/**
 * Form text as request values. Every amount or number field of the page (create amount, top-up,
 * hold seconds) is read by one parser: it takes what the page itself
 * prints ("1,000", spaces around it) and refuses decimals, exponents and anything else with one
 * plain message; the engine's rules (the service's, the keeper's top-up rule) judge the rest.
 */

/** What every number field says to a text that is not a whole number as the page writes them. */
export const NUMBER_MESSAGE =
  "Write a whole number in digits, such as 1,000 or 250: no decimals and no exponents like 1e6.";

/** A number field's value: undefined when blank; or the one message when it is not a number. */
export type NumberValue = { ok: true; value: number | undefined } | { ok: false; message: string };

/** Reads a number field: digits, with or without thousands commas, an optional minus sign. */
export function readNumber(text: string): NumberValue {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, value: undefined };
  if (!/^-?(\d{1,3}(,\d{3})+|\d+)$/.test(trimmed)) return { ok: false, message: NUMBER_MESSAGE };
  return { ok: true, value: Number(trimmed.replaceAll(",", "")) };
}
