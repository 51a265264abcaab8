/**
 * The service's messages in the page's own words (issue 26 finding 3), under happy-dom: every
 * invalid_field message of a field the page labels names the label, never the API field; times
 * read in the page's date format; large numbers are grouped as credits are; prose words that are
 * also field names stay. Driven from the tables (fields.ts, field-messages.ts, field-labels.ts).
 */
import { describe, expect, test } from "bun:test";
import { INVALID_FIELD_MESSAGES } from "../../shared/documents/field-messages.ts";
import { LIMITS } from "../../shared/protocol/constants.ts";
import { FIELD_NAMES, namesOf } from "../../shared/protocol/fields.ts";
import { FIELD_LABELS, type LabelledField } from "../../site/src/client/field-labels.ts";
import { pageWords } from "../../site/src/client/page-words.ts";
import { whenToSecond } from "../../site/src/client/view-parts.ts";
import { useHappyDocument } from "../support/happy-document.ts";

useHappyDocument();

const labelled = FIELD_NAMES.filter((name): name is LabelledField => name in FIELD_LABELS);
/** Any API name of a labelled field, standing alone. */
const apiName = (field: LabelledField) => new RegExp(`(?<![\\w.])(${namesOf(field).join("|")})(?!\\w)`);

describe("pageWords", () => {
  test.each(labelled)("says %s's rule message with the page's label", (field) => {
    const said = pageWords(INVALID_FIELD_MESSAGES[field]!);
    expect(said.startsWith(FIELD_LABELS[field])).toBe(true);
    if (field !== "title" && field !== "amount" && field !== "criteria" && field !== "terminal")
      expect(said).not.toMatch(apiName(field));
  });

  test("says the hold's bound in the page's date format, not as ISO-8601", () => {
    const said = pageWords(INVALID_FIELD_MESSAGES["ttl_seconds (past year 9999)"]!);
    expect(said).toBe(
      `Hold seconds must be a whole number of at least 1 that ends the hold by ${whenToSecond(LIMITS.expiresAtMax)}.`,
    );
    expect(said).toContain("31 Dec 9999, 23:59:59 UTC");
  });

  test("says a state refusal's balance and time as the page does", () => {
    expect(pageWords("Need 2000 credits to fund. payer_credits is 1000.")).toBe(
      "Need 2,000 credits to fund. Payer credits are 1,000.",
    );
    expect(
      pageWords("Cannot release after expiresAt. The hold ended at 2026-01-01T00:10:00.000Z. Dispute remains allowed."),
    ).toBe("Cannot release after the hold ends. The hold ended at 1 Jan 2026, 00:10:00 UTC. Dispute remains allowed.");
  });

  test("groups the integer bound exactly, digit for digit", () => {
    expect(pageWords(`amount must be an integer <= ${LIMITS.integerMax}.`)).toBe(
      "Amount must be a whole number of at most 9,007,199,254,740,991.",
    );
    expect(pageWords("12345678901234567890123")).toBe("12,345,678,901,234,567,890,123");
  });

  test("leaves ids, prose and names of no labelled field as they are", () => {
    expect(pageWords("No job as_0123456789 is held here.")).toBe("No job as_0123456789 is held here.");
    expect(pageWords("Fund holds the amount in escrow; the title stays.")).toBe(
      "Fund holds the amount in escrow; the title stays.",
    );
    expect(pageWords("job.title must be a string of 1 to 80 characters.")).toBe(
      "job.title must be a string of 1 to 80 characters.",
    );
  });

  test("takes a form's own label over the table's", () => {
    const said = pageWords("proof_url must be a non-empty string.", (f) =>
      f === "proof_url" ? "Simulated proof URL" : undefined,
    );
    expect(said).toBe("Simulated proof URL must be a non-empty string.");
  });
});
