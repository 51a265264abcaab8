/**
 * A message in the page's own words. The service and the keeper name API
 * fields (ttl_seconds, payer_credits), write times as ISO-8601 and numbers without separators;
 * the page shows its labels (field-labels.ts, or a form's own), its date format (view-parts.ts
 * `whenToSecond`) and its credits format. Which words are API names comes from the fields table
 * (every field under each of its names), never from a list kept here. Rendered as text (dom.ts).
 */
import { FIELD_NAMES, type FieldName, namesOf } from "../../../shared/protocol/fields.ts";
import { type LabelOf, tableLabel } from "./field-labels.ts";
import { whenToSecond } from "./view-parts.ts";

const ISO_TIME = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})`;
/** A whole number of four digits or more standing alone (not in an id, a decimal or a time). */
const LONG_NUMBER = String.raw`(?<![\w.,:-])\d{4,}(?!\w|[.,:]\d)`;
const TIMES_AND_NUMBERS = new RegExp(`(${ISO_TIME})|${LONG_NUMBER}`, "g");

/** Digits grouped by thousands as the page's credits are (1,000), exactly, however many. */
const grouped = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ",");

/** The rules' wording of whole numbers, as the page says it. */
const INTEGER_WORDS: [RegExp, string][] = [
  [/\ban integer >= /g, "a whole number of at least "],
  [/\ban integer <= /g, "a whole number of at most "],
  [/\ban integer\b/g, "a whole number"],
];

/**
 * Developer words in the messages of links, packs, storage, signatures and the transport, as the
 * page says them: no JWS, JSON, base64url, header names, patterns or API paths.
 */
const PLAIN_WORDS: [RegExp, string][] = [
  [/: a (?:detached )?compact JWS(?: \(header\.\.signature\))?/g, ""],
  [/ is not a compact JWS(?: that names its key)?/g, " is not in the form the service writes"],
  [/: its header must say typ \S+ and alg EdDSA\./g, ": it was made for something else."],
  [/ a key the JWKS does not hold/g, " a key the service does not publish"],
  [/this runtime's WebCrypto has no Ed25519/g, "this browser cannot check its kind of signature"],
  [/ is not JSON| must hold a JSON object/g, " cannot be read"],
  [/ is not valid base64url/g, " is damaged"],
  [/ is not an object/g, " cannot be read"],
  [/ answered HTTP (\d+) without its JSON body/g, " sent something else (HTTP $1) instead of its answer"],
  [/ holds no #handoff\/ or #receipt\/ token/g, " holds no handoff or receipt"],
  [/ must match \^as_\[0-9a-f\]\{10\}\$/g, " must be a job id (as_ and 10 characters from 0-9 and a-f)"],
  [/Retry after the number of seconds in Retry-After\./g, "Try again in a minute."],
  // Where the service was not reached: its address at most, never an engine's path.
  [/ at \/api\/v0\/[a-z]+\./g, " at this page's address."],
  [/ at (\S+?)\/api\/v0\/[a-z]+\./g, " at $1."],
];

/** What each list of a demo pack holds one of. */
const ITEM_OF: Record<string, string> = {
  jobs: "job",
  receipts: "receipt",
  activity: "activity event",
  received_jobs: "received job",
};

/** A member's name in words: the page's label of a field, else its words ("createdAt": "created at"). */
const memberWords = (name: string): string =>
  (tableLabel(name as FieldName) ?? name.replace(/_|(?=[A-Z])/g, " ")).toLowerCase();

/** A member's path ("jobs[0]: job.id", "receipt.job_id", "activity[2].kind") in words ("job 1's id"). */
const withoutPaths = (text: string): string =>
  text
    .replace(
      /\b(jobs|receipts|activity|received_jobs)\[(\d+)\](?::? ?(?:job|receipt)?\.(\w+))?/g,
      (_match, list: string, at: string, member?: string) =>
        `${ITEM_OF[list]} ${Number(at) + 1}${member ? `'s ${memberWords(member)}` : ""}`,
    )
    .replace(/\b(job|receipt)\.(\w+)/g, (_match, whose: string, member: string, at: number) =>
      placed(`the ${whose}'s ${memberWords(member)}`, at === 0),
    );

/** Labels that read as a clause inside a sentence ("Cannot release after the hold ends."). */
const WITHIN_SENTENCE: Partial<Record<FieldName, string>> = { expires_at: "the hold ends" };

/** `label` written where it stands: capitalised at a sentence's start, else lower-case unless it starts an acronym. */
function placed(label: string, atStart: boolean): string {
  if (atStart) return label[0]!.toUpperCase() + label.slice(1);
  return /^.[a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

/** The verb after a label: a plural label ("Payer credits") takes are, others is. */
const verbAfter = (label: string, verb: string | undefined): string =>
  verb === undefined ? "" : /s$/.test(label) ? " are" : " is";

/**
 * Each API name of each field with the pattern that finds it, built once. A name that can only
 * be an API name (snake_case or camelCase) is found wherever it stands alone; a plain word
 * (title, amount) only as a sentence's subject, where the rules put the field, so prose keeps
 * its words. A following " is" is caught so that the verb can agree with the label.
 */
const NAME_PATTERNS: readonly (readonly [FieldName, RegExp])[] = FIELD_NAMES.flatMap((field) =>
  namesOf(field).map((name) => {
    const at = /[_A-Z]/.test(name) ? `(?<![\\w.\\[])${name}` : `(?<=^|[.!?]\\s+)${name}`;
    return [field, new RegExp(`${at}(?!\\w)( is\\b)?`, "g")] as const;
  }),
);

/** Puts the page's label in place of each API field name in `message`. */
function withLabels(message: string, labelOf: LabelOf): string {
  let text = message;
  for (const [field, pattern] of NAME_PATTERNS) {
    const label = labelOf(field);
    if (label === undefined) continue;
    text = text.replace(pattern, (_match, verb: string | undefined, at: number, whole: string) => {
      const atStart = at === 0 || /[.!?]\s+$/.test(whole.slice(0, at));
      const words = (!atStart && WITHIN_SENTENCE[field]) || label;
      return placed(words, atStart) + verbAfter(words, verb);
    });
  }
  return text;
}

/**
 * `message` in the page's words: developer words plain (`PLAIN_WORDS`), members' paths in words,
 * field names as the page labels them (`labelOf`, the labels of field-labels.ts by default), any
 * other snake_case name as words, times in the page's date format, large numbers grouped as
 * credits are.
 */
export function pageWords(message: string, labelOf: LabelOf = tableLabel): string {
  let text = message;
  for (const [pattern, words] of PLAIN_WORDS) text = text.replace(pattern, words);
  text = withLabels(withoutPaths(text), labelOf).replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (name) => name.replace(/_/g, " "));
  for (const [pattern, words] of INTEGER_WORDS) text = text.replace(pattern, words);
  return text.replace(TIMES_AND_NUMBERS, (match, iso: string | undefined) =>
    iso !== undefined ? whenToSecond(iso) : grouped(match),
  );
}
