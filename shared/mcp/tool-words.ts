/**
 * The words a model reads in tools/list: the documents' descriptions cite decision
 * ids and name HTTP headers and routes, which a model calling a tool has no use for (and, over
 * stdio, no header exists). tools/list gives each tool and argument description without
 * decision ids, and in the tools' own words where the documents' name a header or a token
 * format; the transition tool's description lists the fields each action needs, from the
 * request shape (ACTION_FIELDS). The documents keep their words.
 */
import { ACTIONS } from "../protocol/constants.ts";
import { ACTION_FIELDS } from "../protocol/request-shape.ts";

/** A decision id as the documents cite it: "(D27)", "(D6, D27)", or ", D27" closing a parenthesis. */
const DECISION = /\s*\(D\d+[a-z]?(?:,\s*D\d+[a-z]?)*\)|,\s*D\d+[a-z]?(?=\))/g;

/** A document cited by name ("as SETTLEMENT.md says"), which a model calling a tool cannot open. */
const CITED = / as [A-Z][\w.]* says/g;

/** `text` without decision ids, and without citing a document a model cannot open. */
export const withoutDecisions = (text: string): string => text.replace(DECISION, "").replace(CITED, " by its rules");

/** Arguments whose documents' words name a header or a token format: the tools' own words instead. */
const ARGUMENT_WORDS: Record<string, string> = {
  idempotency_key:
    "1 to 255 characters after trimming. A repeated create with the same key and fields gives the same job id, so a retry is safe.",
  seal: "The job's seal, which the service writes last in every job it commits. Send it back exactly as it came, in the job exactly as it came: a renamed, added, dropped, moved or edited member breaks it (a member left out while unset may come back as null). Only the service checks it.",
  signature:
    "The receipt's signature, which the service writes last on a receipt when it sealed the job at every step. Send the receipt exactly as it came; the answer says signature_valid.",
};

/** What each action needs, from the request shape: "create: title, amount, criteria; fund: job, payer_credits; …". */
export const ACTION_NEEDS = `Each action needs: ${ACTIONS.map(
  (action) => `${action}: ${ACTION_FIELDS[action].required.join(", ")}`,
).join("; ")}.`;

/** `schema` (a tool's input schema) with its descriptions in the tools' words, at every depth. */
export function toolWords<S>(schema: S): S {
  const walk = (value: unknown, name?: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, name));
    if (value === null || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === "properties")
        out[key] = Object.fromEntries(Object.entries(inner as object).map(([member, s]) => [member, walk(s, member)]));
      else if (key === "description" && typeof inner === "string")
        out[key] = (name !== undefined && ARGUMENT_WORDS[name]) || withoutDecisions(inner);
      else out[key] = walk(inner, key === "anyOf" || key === "items" ? name : undefined);
    }
    return out;
  };
  return walk(schema) as S;
}
