/**
 * What shared/engine/table-schema.ts relies on in Valibot, so that an upgrade that changes it
 * fails here rather than in an answer: Valibot hands a parse's config, our `context` included,
 * down to every schema and action it runs (v.pipe, v.nullable), while v.safeParse keeps only its
 * own config members (which is why parseInContext exists); `_standardSchema` still gives a table
 * a working `~standard.validate`; a choice of tables reads the one its member names, and answers
 * any other value with its rejection; the issues a table builds read as Valibot's own
 * (v.getDotPath); the issue kinds and types body-reader.ts maps to missing_field; and that an
 * action's issue carries the action's own type and requirement (D1's maxCodePoints, a v.rawCheck
 * under its own type).
 */
import { describe, expect, test } from "bun:test";
import * as v from "valibot";
import { JOB_BODY } from "../../shared/engine/body-schemas.ts";
import { contextOf, parseInContext, tableChoice, tableSchema } from "../../shared/engine/table-schema.ts";
import type { ReadContext } from "../../shared/engine/table-steps.ts";
import { maxCodePoints } from "../../shared/protocol/code-points.ts";
import { invalid } from "../../shared/protocol/errors.ts";
import { jobsByStatus } from "../support/helpers.ts";

const CONTEXT: ReadContext = { now: 42, header: null, seals: undefined };

/** A rule that reads the clock from the context it is run with. */
const clock = v.pipe(
  v.string(),
  v.rawTransform(({ config }) => contextOf(config)?.now),
);

const TOP = { message: "not an object", prefix: "" };

describe("Valibot hands the parse's config down", () => {
  test("to a rule in a pipe, under v.nullable, in a table of a choice", () => {
    const table = tableSchema<{ kind: string; at: number }>(
      [
        { key: "kind", names: ["kind"], schema: v.literal("a"), optional: false },
        { key: "at", names: ["at"], schema: v.nullable(clock), optional: false },
      ],
      TOP,
    );
    const choice = tableChoice("kind", v.string(), { a: table }, () => invalid("kind", "no"));
    const parsed = parseInContext(choice, { kind: "a", at: "x" }, CONTEXT, false);
    expect(parsed).toEqual({ ok: true, value: { kind: "a", at: 42 } });
  });

  test("but v.safeParse keeps only Valibot's own config members (so parseInContext runs the schema itself)", () => {
    const config = { abortEarly: true, context: CONTEXT } as v.Config<v.BaseIssue<unknown>>;
    expect(v.safeParse(clock, "x", config).output).toBeUndefined();
  });
});

describe("a table is a Valibot schema", () => {
  const { open } = jobsByStatus();

  test("_standardSchema gives it a working ~standard.validate", () => {
    const standard = JOB_BODY["~standard"];
    expect(standard.vendor).toBe("valibot");
    const good = standard.validate({ job: open });
    expect(good).toEqual({ typed: true, value: { job: expect.objectContaining({ id: open.id }) } } as never);
    const bad = standard.validate({ job: { ...open, title: 5 } }) as { issues: v.BaseIssue<unknown>[] };
    expect(bad.issues.map((issue) => issue.message)).toEqual(["job.title must be a string of 1 to 80 characters."]);
  });

  test("its issues carry paths Valibot reads (v.getDotPath)", () => {
    const parsed = parseInContext(JOB_BODY, { job: { ...open, title: 5, amount: "x" } }, CONTEXT, true);
    if (parsed.ok) throw new Error("read");
    expect(parsed.issues.map((issue) => v.getDotPath(issue))).toEqual(["job.title", "job.amount"]);
  });

  test("a choice reads the table its member names, and answers any other value with its rejection", () => {
    const option = (kind: string) =>
      tableSchema([{ key: "kind", names: ["kind"], schema: v.literal(kind), optional: false }], TOP);
    const rule = v.pipe(v.string(), v.trim(), v.picklist(["a", "b"]));
    const either = tableChoice("kind", rule, { a: option("a"), b: option("b") }, (sent) => invalid("kind", `${sent}`));
    expect(parseInContext(either, { kind: "b" }, CONTEXT, false)).toEqual({ ok: true, value: { kind: "b" } });
    for (const sent of ["c", 5, null, undefined]) {
      const parsed = parseInContext(either, { kind: sent }, CONTEXT, false);
      if (parsed.ok) throw new Error("read");
      expect(parsed.issues.map((issue) => issue.rejection)).toEqual([invalid("kind", `${sent}`)]);
    }
  });

  test("a choice takes a value naming a table as it is, reads any other by its rule, and never an inherited name", () => {
    const option = (kind: string) =>
      tableSchema(
        [{ key: "kind", names: ["kind"], schema: v.pipe(v.string(), v.trim(), v.literal(kind)), optional: false }],
        TOP,
      );
    const rule = v.pipe(v.string(), v.trim(), v.picklist(["a", "b"]));
    const either = tableChoice("kind", rule, { a: option("a"), b: option("b") }, (sent) => invalid("kind", `${sent}`));
    expect(parseInContext(either, { kind: " b " }, CONTEXT, false)).toEqual({ ok: true, value: { kind: "b" } });
    for (const sent of ["toString", "constructor", "__proto__"]) {
      const parsed = parseInContext(either, { kind: sent }, CONTEXT, false);
      if (parsed.ok) throw new Error("read");
      expect(parsed.issues.map((issue) => issue.rejection)).toEqual([invalid("kind", sent)]);
    }
  });
});

describe("a member is read only as the body's own", () => {
  const table = tableSchema([{ key: "at", names: ["at"], schema: v.string(), optional: true, initial: "none" }], TOP);

  test("a value a body inherits is absent, whatever its prototype", () => {
    expect(parseInContext(table, Object.create({ at: "inherited" }), CONTEXT, false)).toEqual({
      ok: true,
      value: { at: "none" },
    });
    const bare = Object.assign(Object.create(null), { at: "own" });
    expect(parseInContext(table, bare, CONTEXT, false)).toEqual({ ok: true, value: { at: "own" } });
  });

  test("a table refuses a member name every plain object inherits (the read of a plain body relies on it)", () => {
    for (const name of ["constructor", "toString", "hasOwnProperty"]) {
      expect(() => tableSchema([{ key: "x", names: ["x", name], schema: v.string(), optional: true }], TOP)).toThrow(
        name,
      );
    }
  });
});

describe("the issues body-reader.ts maps to missing_field", () => {
  test("an absent value is a schema issue of input undefined; a blank required string is non_empty", () => {
    expect(v.safeParse(v.string(), undefined).issues?.[0]).toMatchObject({ kind: "schema", input: undefined });
    const blank = v.safeParse(v.pipe(v.string(), v.trim(), v.nonEmpty()), "  ").issues?.[0];
    expect(blank).toMatchObject({ type: "non_empty" });
  });
});

test("an action's issue carries the action's type and requirement (maxCodePoints, D1)", () => {
  const rule = v.pipe(v.string(), maxCodePoints(3, "at most 3"));
  expect(v.safeParse(rule, "😀😀😀").success).toBe(true);
  expect(v.safeParse(rule, "😀😀😀😀").issues).toEqual([
    expect.objectContaining({
      kind: "validation",
      type: "max_code_points",
      requirement: 3,
      expected: "<=3",
      received: "4",
      message: "at most 3",
    }),
  ]);
});
