/**
 * The JSON Schema of simulate bodies (docs/api.md "POST /api/v0/simulate"): the create fields, the
 * payer's balance and the proof, with no action and no job, and the note of its terminal (D5),
 * assembled with the helpers of bodies.ts.
 */
import { namesOf } from "../protocol/fields.ts";
import { SIMULATE_FIELDS } from "../protocol/request-shape.ts";
import { aliasProperties, bothExpiryFields, requiring } from "./bodies.ts";
import { mergeDependents, oneNameEach, presentAny, type Schema } from "./convert.ts";
import type { SchemaRefs } from "./field-components.ts";

/** Simulate bodies: no action, no job; the note that does not match terminal is ignored (D5). */
export function simulateBodySchema(refs: SchemaRefs): Schema {
  const notes = ["release_note", "dispute_reason"] as const;
  const always = [...SIMULATE_FIELDS.required, ...SIMULATE_FIELDS.optional].filter(
    (f) => !(notes as readonly string[]).includes(f),
  );
  return requiring(
    {
      type: "object",
      properties: aliasProperties(always, refs),
      dependentSchemas: mergeDependents(oneNameEach([...always, ...notes].map(namesOf)), bothExpiryFields()),
    },
    [...SIMULATE_FIELDS.required.map((field) => presentAny(namesOf(field), refs.field(field))), notesByTerminal(refs)],
  );
}

/**
 * Which note simulate checks (D5): dispute_reason when terminal is dispute, release_note
 * otherwise; the other is ignored. Two plain object branches (they never both hold) rather than
 * if/then/else, which generators do not read, so that generated clients type each note.
 */
const notesByTerminal = (refs: SchemaRefs): Schema => ({
  anyOf: [
    {
      properties: { terminal: { const: "dispute" }, ...aliasProperties(["dispute_reason"], refs) },
      required: ["terminal"],
    },
    {
      properties: {
        terminal: { anyOf: [{ const: "release" }, { type: "null" }] },
        ...aliasProperties(["release_note"], refs),
      },
    },
  ],
});
