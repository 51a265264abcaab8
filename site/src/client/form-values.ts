/**
 * Form text as request JSON. The UI judges nothing itself: whatever was typed goes to the
 * service, which answers with the rule's message (one rule set: the engine decides).
 */

/** A form value as JSON: digits become a number, anything else goes as text for the API to judge. */
export const asInteger = (text: string): number | string | undefined => {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** An optional text field: left out of the request when blank. */
export const optional = (text: string | undefined): string | undefined =>
  text && text.trim() !== "" ? text : undefined;
