/**
 * The JSON Schema of simulate bodies (docs/api.md "POST /api/v0/simulate"), written from the
 * schema the engine reads them with (SIMULATE_BODY) by the override module (table-json.ts): the
 * create fields, the payer's balance and the proof, with no action and no job, and the note of
 * its terminal (D5).
 */
import { NOTE_OF, SIMULATE_BODY } from "../engine/body-schemas.ts";
import type { Member, TableSchema } from "../engine/table-steps.ts";
import { topRef } from "./bodies.ts";
import { jsonSchemaOf, type Schema } from "./convert.ts";
import type { SchemaRefs } from "./field-components.ts";
import { aliasProperties, dependentsOf, membersOf, presenceOf, requiring } from "./table-json.ts";

/** Simulate bodies: no action, no job; the note that does not match terminal is ignored (D5). */
export const simulateBodySchema = (refs: SchemaRefs): Schema =>
  jsonSchemaOf(SIMULATE_BODY, { table: (table) => simulateStatement(table, refs) });

function simulateStatement(table: TableSchema<unknown>, refs: SchemaRefs): Schema {
  const members = membersOf(table);
  const always = members.filter((member) => NOTE_OF[member.key] === undefined);
  const notes = members.filter((member) => NOTE_OF[member.key] !== undefined);
  const ref = topRef(refs);
  return requiring(
    {
      type: "object",
      properties: aliasProperties(always, ref),
      dependentSchemas: dependentsOf(table, [...always, ...notes]),
    },
    [...presenceOf(members, ref), notesByTerminal(notes, ref)],
  );
}

/**
 * Which note simulate checks (D5): dispute_reason when terminal is dispute, release_note
 * otherwise; the other is ignored. Two plain object branches (they never both hold) rather than
 * if/then/else, which generators do not read, so that generated clients type each note.
 */
function notesByTerminal(notes: readonly Member[], ref: (member: Member) => Schema): Schema {
  const of = (terminal: string) => notes.filter((note) => NOTE_OF[note.key] === terminal);
  return {
    anyOf: [
      {
        properties: { terminal: { const: "dispute" }, ...aliasProperties(of("dispute"), ref) },
        required: ["terminal"],
      },
      {
        properties: {
          terminal: { anyOf: [{ const: "release" }, { type: "null" }] },
          ...aliasProperties(of("release"), ref),
        },
      },
    ],
  };
}
